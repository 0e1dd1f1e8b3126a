import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Student } from '../../machines/session.machine';
import { useSessionActor, useStudent } from '../-shared/session';
import styles from './AppLayout.module.css';
import type { StudentScope } from '../../domain/student';
import { Menu, MENU_SEPARATOR, type MenuItem } from '../../ui/Menu';

const scopeValue = (s: StudentScope) => `${s.id_scuola}|${s.id_studente}|${s.anno}`;

const classOf = (student: Student, anno: string) => student.anni.find((a) => a.id === anno)?.classe;

/**
 * docs/product.md#student-menu: the other students of the account (in their current year) and the other
 * school years of the open student. Choosing one hands the switch to `onSwitch`.
 */
export function StudentMenu({ onSwitch, switching }: { onSwitch: (scope: StudentScope) => void; switching: boolean }) {
  const { t } = useLingui();
  const session = useSessionActor();
  const { student, studentInfo, scope } = useStudent();
  const students = useSelector(session, (s) => s.context.students);
  const others = students.filter((s) => !(s.id === student.id && s.id_scuola === student.id_scuola));
  const years = student.anni.filter((a) => a.id !== scope.anno);
  const year = student.anni.find((a) => a.id === scope.anno);
  const name = `${student.nome} ${student.cognome}`;
  const meta = `${studentInfo.classe} · ${year?.descrizione ?? scope.anno}`;

  if (switching) {
    return (
      <p className={styles.student} role="status">
        <span className={styles.studentMeta}>
          <Trans>Caricamento dello studente…</Trans>
        </span>
      </p>
    );
  }

  // One line on a desktop; on a phone the class and year go on a second, smaller line.
  const current = (
    <span className={styles.studentText}>
      <span className={styles.studentName}>{name}</span> <span className={styles.studentMeta}>{meta}</span>
    </span>
  );
  if (others.length === 0 && years.length === 0) return <p className={styles.student}>{current}</p>;

  const otherStudent = (s: Student): MenuItem => {
    const next = { id_scuola: s.id_scuola, id_studente: s.id, anno: s.anno_corrente };
    const classe = classOf(s, s.anno_corrente);
    return {
      value: scopeValue(next),
      label: (
        <>
          {s.nome} {s.cognome}
          {classe && <span className={styles.studentMeta}> · {classe}</span>}
        </>
      ),
      onSelect: () => onSwitch(next),
    };
  };
  const otherYear = (a: Student['anni'][number]): MenuItem => {
    const next = { id_scuola: student.id_scuola, id_studente: student.id, anno: a.id };
    return {
      value: scopeValue(next),
      label: (
        <>
          {a.descrizione} · {a.classe}
          {a.id === student.anno_corrente && (
            <span className={styles.studentMeta}>
              {' '}
              <Trans>(anno in corso)</Trans>
            </span>
          )}
        </>
      ),
      onSelect: () => onSwitch(next),
    };
  };

  return (
    <div className={styles.student}>
      <Menu
        triggerClassName={styles.studentTrigger}
        trigger={
          <>
            <span className="visually-hidden">{t`Cambia studente o anno scolastico. Ora:`} </span>
            {current}
          </>
        }
        entries={[
          ...(others.length > 0 ? [{ group: <Trans>Altri studenti</Trans>, items: others.map(otherStudent) }] : []),
          ...(others.length > 0 && years.length > 0 ? [MENU_SEPARATOR] : []),
          ...(years.length > 0 ? [{ group: <Trans>Anni scolastici di {student.nome}</Trans>, items: years.map(otherYear) }] : []),
        ]}
      />
    </div>
  );
}
