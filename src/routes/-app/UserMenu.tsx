import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PasswordDialog } from './PasswordDialog';
import { useSessionActor, useStudent } from '../-shared/session';
import styles from './AppLayout.module.css';
import { enrolmentCodeMutation } from '../../api/queries/account';
import { hasService } from '../../domain/services';
import { Menu, MENU_SEPARATOR } from '../../ui/Menu';
import { NewTabHint } from '../../ui/NewTabHint';

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

/** docs/product.md#user-menu: change password (a modal), enrolment portal (with its service), sign out. */
export function UserMenu() {
  const { t } = useLingui();
  const session = useSessionActor();
  const navigate = useNavigate();
  const { user, studentInfo, scope } = useStudent();
  const urlScuola = useSelector(session, (s) => s.context.urlScuola);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const enrolment = hasService(studentInfo.servizi, 'portale_iscrizioni') && !!urlScuola && urlScuola.startsWith('https://');
  const handOver = useMutation({
    ...enrolmentCodeMutation(),
    onSuccess: ({ codice, url }) => {
      if (urlScuola && isSecureSchoolAddress(url, urlScuola)) openEnrolmentPortal(url, codice);
    },
  });

  return (
    <>
      <Menu
        triggerClassName={styles.userTrigger}
        trigger={
          <>
            <span className="visually-hidden">{t`Menu utente:`} </span>
            <span className={styles.userName}>
              {user.nome} {user.cognome}
            </span>
          </>
        }
        entries={[
          { value: 'password', label: <Trans>Cambia password</Trans>, onSelect: () => setPasswordOpen(true) },
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
      <PasswordDialog
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        idScuola={scope.id_scuola}
      />
    </>
  );
}
