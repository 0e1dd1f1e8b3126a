import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PasswordDialog } from './PasswordDialog';
import { useSessionActor, useStudent } from '../-shared/session';
import styles from './AppLayout.module.css';
import { hasService } from '../../domain/services';
import { Menu, MENU_SEPARATOR } from '../../ui/Menu';
import { NewTabHint } from '../../ui/NewTabHint';

/** Where the school's enrolment portal takes over a session (spec §2 user menu). */
export const enrolmentPortalUrl = (urlScuola: string) => `${urlScuola.replace(/\/+$/, '')}/portale-iscrizioni/accesso`;

/**
 * Opens the enrolment portal in a new tab, signed in. The token travels in the body of a POST
 * form, never in a URL: a URL would keep it in the browser history, in the other site's server
 * logs and in the Referer of whatever that page loads. The form exists only for the moment of the
 * submission, so the token is not left in the page either.
 */
export function openEnrolmentPortal(urlScuola: string, token: string, doc: Document = document) {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = enrolmentPortalUrl(urlScuola);
  form.target = '_blank';
  // The portal must not be able to reach back into this tab (window.opener).
  form.rel = 'noopener';
  form.hidden = true;
  const field = doc.createElement('input');
  field.type = 'hidden';
  field.name = 'token';
  field.value = token;
  form.append(field);
  doc.body.append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}

/** Spec §2 user menu: change password (a modal), enrolment portal (with its service), sign out. */
export function UserMenu() {
  const { t } = useLingui();
  const session = useSessionActor();
  const navigate = useNavigate();
  const { user, studentInfo, scope } = useStudent();
  const urlScuola = useSelector(session, (s) => s.context.urlScuola);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const enrolment = hasService(studentInfo.servizi, 'portale_iscrizioni') && !!urlScuola;

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
                  onSelect: () => {
                    const token = session.getSnapshot().context.token;
                    if (urlScuola && token) openEnrolmentPortal(urlScuola, token);
                  },
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
