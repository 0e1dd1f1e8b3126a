import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionActor, useStudent } from '../-shared/session';
import styles from './AppLayout.module.css';
import { useIdleAfterPage } from './useIdleAfterPage';
import { PHONE_LAYOUT } from './layout';
import { enrolmentCodeMutation } from '../../api/queries/account';
import { hasService } from '../../domain/services';
import { activateLocale, LOCALES, type Locale } from '../../i18n/locale';
import { Menu, MENU_SEPARATOR, type MenuEntry } from '../../ui/Menu';
import { NewTabHint } from '../../ui/NewTabHint';
import { chooseTheme, useTheme, type Theme } from '../../ui/theme';
import { useMediaQuery } from '../../ui/useMediaQuery';

/** Only an https address of the school may receive the hand-over (it would otherwise travel in clear). */
export function isSecureSchoolAddress(address: string, urlScuola: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.origin === new URL(urlScuola).origin;
  } catch {
    return false;
  }
}

/**
 * Opens the enrolment portal in a new tab, signed in. What travels is a single-use code good only
 * for this hand-over (the portal's server exchanges it), never the session token; and in the body
 * of a POST form, never in a URL: a URL would keep it in the browser history, in the other site's
 * server logs and in the Referer of whatever that page loads. The form exists only for the moment
 * of the submission, so the code is not left in the page either.
 */
export function openEnrolmentPortal(address: string, codice: string, doc: Document = document) {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = address;
  form.target = '_blank';
  // The portal must not be able to reach back into this tab (window.opener).
  form.rel = 'noopener';
  form.hidden = true;
  const field = doc.createElement('input');
  field.type = 'hidden';
  field.name = 'codice';
  field.value = codice;
  form.append(field);
  doc.body.append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}

/**
 * The change-password modal: nothing of it is needed to draw a page, so it is fetched once the page
 * is drawn and the browser is idle (or when first opened, if that comes sooner): choosing "Cambia
 * password" then opens it at once instead of after a download.
 */
const loadPasswordDialog = () => import('./PasswordDialog');
const PasswordDialog = lazy(() => loadPasswordDialog().then((m) => ({ default: m.PasswordDialog })));

/** A person's outline: the user menu's button on a phone, where the name does not fit. */
function PersonIcon() {
  return (
    <svg className={styles.userIcon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21a8 8 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * docs/product.md#user-menu: change password (a modal), enrolment portal (with its service), the theme, sign
 * out; on a phone also the language, which has no room in the top bar there.
 */
export function UserMenu() {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery(PHONE_LAYOUT);
  const theme = useTheme();
  const session = useSessionActor();
  const navigate = useNavigate();
  const { user, studentInfo, scope } = useStudent();
  const urlScuola = useSelector(session, (s) => s.context.urlScuola);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Once opened it stays mounted, so closing it returns the focus as it always has.
  const [passwordUsed, setPasswordUsed] = useState(false);
  const idle = useIdleAfterPage();
  useEffect(() => {
    if (idle) void loadPasswordDialog().catch(() => undefined);
  }, [idle]);
  const enrolment = hasService(studentInfo.servizi, 'portale_iscrizioni') && !!urlScuola && urlScuola.startsWith('https://');
  const handOver = useMutation({
    ...enrolmentCodeMutation(),
    onSuccess: ({ codice, url }) => {
      if (urlScuola && isSecureSchoolAddress(url, urlScuola)) openEnrolmentPortal(url, codice);
    },
  });

  const language: MenuEntry = {
    choice: t`Lingua`,
    name: 'lingua',
    value: i18n.locale,
    options: (Object.keys(LOCALES) as Locale[]).map((code) => ({ value: code, label: LOCALES[code], lang: code })),
    onChange: (code) => void activateLocale(code as Locale),
  };
  const themes: MenuEntry = {
    choice: t`Tema`,
    name: 'tema',
    value: theme,
    options: [
      { value: 'auto', label: t`Automatico` },
      { value: 'light', label: t`Chiaro` },
      { value: 'dark', label: t`Scuro` },
    ] satisfies { value: Theme; label: string }[],
    onChange: (value) => chooseTheme(value as Theme),
  };

  return (
    <>
      <Menu
        triggerClassName={styles.userTrigger}
        trigger={
          <>
            <span className="visually-hidden">{t`Menu utente:`} </span>
            <PersonIcon />
            <span className={styles.userName}>
              {user.nome} {user.cognome}
            </span>
          </>
        }
        entries={[
          { value: 'password', label: <Trans>Cambia password</Trans>, onSelect: () => {
              setPasswordUsed(true);
              setPasswordOpen(true);
            },
          },
          { value: 'preferenze', label: <Trans>Preferenze e notifiche</Trans>, onSelect: () => void navigate({ to: '/preferenze' }) },
          ...(enrolment
            ? [
                {
                  value: 'iscrizioni',
                  label: (
                    <>
                      <Trans>Portale iscrizioni</Trans>
                      <NewTabHint />
                      <span aria-hidden="true"> ↗</span>
                    </>
                  ),
                  onSelect: () => handOver.mutate(),
                },
              ]
            : []),
          MENU_SEPARATOR,
          ...(phone ? [language] : []),
          themes,
          MENU_SEPARATOR,
          {
            value: 'esci',
            label: <Trans>Esci</Trans>,
            onSelect: () => {
              session.send({ type: 'session.signOut' });
              void navigate({ to: '/login', replace: true });
            },
          },
        ]}
      />
      {passwordUsed && (
        <Suspense fallback={null}>
          <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} idScuola={scope.id_scuola} />
        </Suspense>
      )}
    </>
  );
}
