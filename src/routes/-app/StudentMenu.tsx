import { Menu } from '@ark-ui/react/menu';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Student } from '../../machines/session.machine';
import { useSessionActor, useStudent } from '../-shared/session';
import styles from './AppLayout.module.css';
import type { StudentScope } from '../../domain/student';

const scopeValue = (s: StudentScope) => `${s.id_scuola}|${s.id_studente}|${s.anno}`;

function scopeOf(value: string): StudentScope | null {
  const [id_scuola, id, anno] = value.split('|');
  const id_studente = Number(id);
  return id_scuola && anno && Number.isInteger(id_studente) ? { id_scuola, id_studente, anno } : null;
}

const classOf = (student: Student, anno: string) => student.anni.find((a) => a.id === anno)?.classe;

/**
 * Spec §2 student menu: the other students of the account (in their current year) and the other
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

  const current = (
    <>
      <span className={styles.studentName}>{name}</span> <span className={styles.studentMeta}>{meta}</span>
    </>
  );
  if (others.length === 0 && years.length === 0) return <p className={styles.student}>{current}</p>;

  return (
    <div className={styles.student}>
      <Menu.Root
        lazyMount
        unmountOnExit
        onSelect={({ value }) => {
          const next = scopeOf(value);
          if (next) onSwitch(next);
        }}
      >
        <Menu.Trigger className={styles.studentTrigger}>
          <span className="visually-hidden">{t`Cambia studente o anno scolastico. Ora:`} </span>
          {current} <span aria-hidden="true">▾</span>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className={styles.menu}>
            {others.length > 0 && (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel className={styles.menuGroupLabel}>
                  <Trans>Altri studenti</Trans>
                </Menu.ItemGroupLabel>
                {others.map((s) => {
                  const value = scopeValue({ id_scuola: s.id_scuola, id_studente: s.id, anno: s.anno_corrente });
                  const classe = classOf(s, s.anno_corrente);
                  return (
                    <Menu.Item key={value} value={value} className={styles.menuItem}>
                      {s.nome} {s.cognome}
                      {classe && <span className={styles.studentMeta}> · {classe}</span>}
                    </Menu.Item>
                  );
                })}
              </Menu.ItemGroup>
            )}
            {others.length > 0 && years.length > 0 && <Menu.Separator className={styles.menuSeparator} />}
            {years.length > 0 && (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel className={styles.menuGroupLabel}>
                  <Trans>Anni scolastici di {student.nome}</Trans>
                </Menu.ItemGroupLabel>
                {years.map((a) => {
                  const value = scopeValue({ id_scuola: student.id_scuola, id_studente: student.id, anno: a.id });
                  return (
                    <Menu.Item key={value} value={value} className={styles.menuItem}>
                      {a.descrizione} · {a.classe}
                      {a.id === student.anno_corrente && (
                        <span className={styles.studentMeta}>
                          {' '}
                          <Trans>(anno in corso)</Trans>
                        </span>
                      )}
                    </Menu.Item>
                  );
                })}
              </Menu.ItemGroup>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </div>
  );
}
