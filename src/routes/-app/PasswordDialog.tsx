import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { changePasswordMutation } from '../../api/queries/account';
import {
  canSubmitPassword,
  EMPTY_PASSWORD_FIELDS,
  passwordChangeMachine,
  type PasswordFields,
} from '../../machines/passwordChange.machine';
import { mutationActor } from '../../machines/mutationActor';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CheckboxField } from '../../ui/ChoiceField';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import styles from './PasswordDialog.module.css';

interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** The school the request goes to (one of the user's students' schools). */
  idScuola: string;
}

/** docs/product.md#user-menu, docs/product.md#sign-in-and-session: the change-password modal. Each opening starts a fresh form. */
export function PasswordDialog({ open, onClose, idScuola }: PasswordDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Cambia password`}>
      <PasswordForm onClose={onClose} idScuola={idScuola} />
    </Dialog>
  );
}

function PasswordForm({ onClose, idScuola }: Omit<PasswordDialogProps, 'open'>) {
  const { t } = useLingui();
  const formId = useId();
  const queryClient = useQueryClient();
  const [state, send] = useMachine(
    passwordChangeMachine.provide({
      actors: {
        changePassword: mutationActor(queryClient, changePasswordMutation(idScuola)),
      },
    }),
  );
  const [fields, setFields] = useState<PasswordFields>(EMPTY_PASSWORD_FIELDS);
  const set = (field: keyof PasswordFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [field]: e.target.value }));

  const submitting = state.matches('submitting');
  const { outcome, visible } = state.context;
  const type = visible ? 'text' : 'password';
  const sameAsOld = fields.oldPassword !== '' && fields.oldPassword === fields.newPassword;

  function submit(e: FormEvent) {
    e.preventDefault();
    send({ type: 'password.submitted', fields });
  }

  if (state.matches('changed')) {
    return (
      <>
        <Alert tone="success">
          <Trans>Password modificata con successo</Trans>
        </Alert>
        <div className={styles.actions}>
          {/* The form is gone: focus goes to the one thing left to do. */}
          <Button autoFocus onClick={onClose}>
            <Trans>Chiudi</Trans>
          </Button>
        </div>
      </>
    );
  }

  const mismatch = outcome?.kind === 'mismatch';
  return (
    <form id={formId} onSubmit={submit} noValidate aria-busy={submitting}>
      {outcome && (
        <div className={styles.messages}>
          <Alert tone="error">
            {mismatch ? (
              <Trans>Attenzione, la nuova password non coincide con quella di conferma</Trans>
            ) : (
              <>
                <Trans>Attenzione, controlla che la password corrente sia corretta</Trans>
                {outcome.detail && <p>{outcome.detail}</p>}
              </>
            )}
          </Alert>
        </div>
      )}
      <TextField
        label={t`Password attuale`}
        name="old_password"
        type={type}
        autoComplete="current-password"
        value={fields.oldPassword}
        onChange={set('oldPassword')}
        error={outcome?.kind === 'failed' ? t`Controlla la password attuale` : null}
      />
      <TextField
        label={t`Nuova password`}
        name="new_password"
        type={type}
        autoComplete="new-password"
        value={fields.newPassword}
        onChange={set('newPassword')}
        hint={sameAsOld ? <Trans>La nuova password deve essere diversa da quella attuale.</Trans> : undefined}
      />
      <TextField
        label={t`Conferma nuova password`}
        name="confirm_password"
        type={type}
        autoComplete="new-password"
        value={fields.confirmation}
        onChange={set('confirmation')}
        error={mismatch ? t`Non coincide con la nuova password` : null}
      />
      <CheckboxField
        role="switch"
        label={<Trans>Mostra le password</Trans>}
        checked={visible}
        onChange={() => send({ type: 'password.visibilityToggled' })}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Annulla</Trans>
        </Button>
        <Button type="submit" disabled={!canSubmitPassword(fields) || submitting}>
          {submitting ? <Trans>Salvataggio…</Trans> : <Trans>Salva la nuova password</Trans>}
        </Button>
      </div>
    </form>
  );
}
