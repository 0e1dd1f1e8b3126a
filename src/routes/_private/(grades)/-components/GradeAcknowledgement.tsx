import { Trans } from '@lingui/react/macro';
import { acknowledgeGradeMutation, type Grade } from '../../../../api/queries/grades';
import { formatDate, formatDateTime } from '../../../../i18n/format';
import { AcknowledgeButton } from '../../../-shared/AcknowledgeButton';
import { useStudent } from '../../../-shared/session';
import styles from './Grades.module.css';
import { hasService } from '../../../../domain/services';

/** Presa visione of a grade (docs/product.md#grades): a button until confirmed, then the date and time. */
export function GradeAcknowledgement({ grade }: { grade: Grade }) {
  const { scope } = useStudent();
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
    <AcknowledgeButton
      mutation={acknowledgeGradeMutation(scope, grade.id)}
      hiddenLabel={
        <Trans>
          del voto {grade.simbolo} del {date}
        </Trans>
      }
    />
  );
}

/** Whether the school lets this student acknowledge grades (docs/product.md#grades). */
export function useCanAcknowledgeGrades(): boolean {
  const { studentInfo } = useStudent();
  return studentInfo.presa_visione_voti && hasService(studentInfo.servizi, 'presa_visione_voti');
}
