import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { acknowledgeGrade, type Grade } from '../../../api/queries/student';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { Button } from '../../../ui/Button';
import { actionErrorText } from '../notes/errorText';
import { useStudent } from '../session';
import styles from '../Grades.module.css';

/** Presa visione of a grade (spec §4): a button until confirmed, then the date and time. */
export function GradeAcknowledgement({ grade }: { grade: Grade }) {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  const queryClient = useQueryClient();
  const ack = useMutation({
    mutationFn: () => acknowledgeGrade(queryClient, scope, grade.id),
    meta: { errorDialog: false },
  });

  if (grade.presa_visione && grade.data_presa_visione) {
    const when = formatDateTime(grade.data_presa_visione);
    return (
      <span className={styles.acknowledged}>
        <Trans>Vista il {when}</Trans>
      </span>
    );
  }
  const date = formatDate(grade.data);
  return (
    <div>
      <Button size="small" variant="secondary" disabled={ack.isPending} onClick={() => ack.mutate()}>
        {ack.isPending ? <Trans>Invio…</Trans> : <Trans>Prendi visione</Trans>}
        <span className="visually-hidden">
          {' '}
          <Trans>
            del voto {grade.simbolo} del {date}
          </Trans>
        </span>
      </Button>
      {ack.isError && (
        <p role="alert" className={styles.error}>
          {actionErrorText(ack.error, i18n)}
        </p>
      )}
    </div>
  );
}

/** Whether the school lets this student acknowledge grades (spec §6). */
export function useCanAcknowledgeGrades(): boolean {
  const { studentInfo } = useStudent();
  return studentInfo.presa_visione_voti && studentInfo.servizi.presa_visione_voti === true;
}
