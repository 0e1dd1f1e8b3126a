import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { requestIndividualMeetingMutation } from '../../../../api/queries/meetings';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { useStudent } from '../../../-shared/session';
import styles from './Meetings.module.css';
import { actionErrorText } from '../../../-shared/failureText';

/** Asks a teacher for an individual meeting (only where the school takes requests: the screen decides). */
export function MeetingRequest({ teacherId, docente }: { teacherId: number; docente: string }) {
  const { t, i18n } = useLingui();
  const { scope } = useStudent();
  const [open, setOpen] = useState(false);
  const request = useMutation({ ...requestIndividualMeetingMutation(scope, teacherId), meta: { errorDialog: false } });
  return (
    <div className={styles.actions}>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          request.reset();
          setOpen(true);
        }} aria-label={t`Richiedi un colloquio a ${docente}`}>
        <Trans>Richiedi un colloquio</Trans>
      </Button>
      {request.isSuccess && (
        <Alert tone="success">
          <Trans>Richiesta inviata a {docente}: il docente proporrà una data.</Trans>
        </Alert>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`Richiedere un colloquio?`}
        message={<Trans>La richiesta di colloquio individuale sarà inviata a {docente}.</Trans>}
        confirmLabel={t`Invia richiesta`}
        busyLabel={t`Invio in corso…`}
        onConfirm={() => request.mutateAsync()}
        error={request.isError ? actionErrorText(request.error, i18n) : null}
      />
    </div>
  );
}
