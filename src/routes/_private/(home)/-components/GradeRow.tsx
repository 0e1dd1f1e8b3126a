import type { Grade } from '../../../../api/queries/grades';
import type { Subject } from '../../../../api/queries/student';
import { DateText } from '../../../../ui/DateTime';
import { SubjectLabel } from '../../../../ui/SubjectLabel';
import page from '../../../-shared/Page.module.css';
import styles from './Home.module.css';

/** One grade as Home lists it (latest grades, new grades of "Oggi"): symbol, subject, kind and day. */
export function GradeRow({ grade, subject }: { grade: Grade; subject: Subject | undefined }) {
  return (
    <li className={styles.gradeRow}>
      <span className={styles.grade} style={{ borderColor: grade.colore_simbolo }}>
        {grade.simbolo}
      </span>
      <span>
        {subject && <SubjectLabel name={subject.descrizione} subject={subject} />}
        <span className={page.muted}>
          {' '}
          · {grade.sottotitolo} · <DateText value={grade.data} />
        </span>
      </span>
    </li>
  );
}
