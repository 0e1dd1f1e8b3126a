import { Link } from '@tanstack/react-router';
import { useSuspenseQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Temporal } from '../../../../domain/temporal';
import { todayQueries } from '../../../../api/queries/home';
import { subjectsQuery, type Subject } from '../../../../api/queries/student';
import { homeworkDueSoon, newItems, upcomingTests } from '../../../../domain/notes';
import { newestFirst } from '../../../../domain/dated';
import { findSection, isSectionOpen, type SectionPath } from '../../../../domain/services';
import { formatDate } from '../../../../i18n/format';
import { DateText, TimeText } from '../../../../ui/DateTime';
import { SubjectLabel } from '../../../../ui/SubjectLabel';
import { MeetingSoonAlert } from '../../../-shared/MeetingSoonAlert';
import { sectionLink } from '../../../-shared/navLabels';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import { CountedBlock } from './CountedBlock';
import { GradeRow } from './GradeRow';
import { MealCreditAlert } from './MealCreditAlert';
import styles from './Home.module.css';

/**
 * Home's "Oggi": today's lessons, homework due today or tomorrow, new grades and notes, and tests of
 * the next 7 days, each linking to its screen. "New" is the items' novita flag, which is also what
 * the server counts for the sidebar badges (aggiornamenti), so the numbers agree.
 */
export function TodaySummary({ today }: { today: Temporal.PlainDate }) {
  const { scope, studentInfo } = useStudent();
  const queries = todayQueries(scope, studentInfo.servizi, today);
  const date = formatDate(today);
  // Home's loader ensured them.
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const subjectOf = (id: number | null | undefined) => subjects.find((s) => s.id === id);
  const blocks = [
    queries.lessons && <Lessons key="lessons" options={queries.lessons} />,
    queries.homework && <Homework key="homework" options={queries.homework} today={today} subjectOf={subjectOf} />,
    queries.grades && <NewGrades key="grades" options={queries.grades} subjectOf={subjectOf} />,
    queries.notes && <NewNotes key="notes" options={queries.notes} />,
    queries.tests && <Tests key="tests" options={queries.tests} today={today} />,
  ].filter(Boolean);

  return (
    <section className={page.card} aria-labelledby="oggi">
      <h2 id="oggi">
        <Trans>Oggi, {date}</Trans>
      </h2>
      <MeetingSoonAlert />
      {queries.mealCredit && <MealCreditAlert query={queries.mealCredit} />}
      {blocks.length === 0 ? (
        <p className={page.muted}>
          <Trans>Nessuna sezione della giornata è attiva per questo studente.</Trans>
        </p>
      ) : (
        <div className={styles.today}>{blocks}</div>
      )}
    </section>
  );
}

type SubjectOf = (id: number | null | undefined) => Subject | undefined;

/**
 * A block of the summary: heading with its count, the block's states (Loaded: a short skeleton, the
 * failure's words in place, nothing found, or the items), and a link to the screen.
 */
function Block<T, K extends QueryKey>({
  id,
  title,
  query,
  select,
  empty,
  path,
  linkLabel,
  children,
}: {
  id: string;
  title: (count: number) => ReactNode;
  query: UseQueryOptions<T, Error, T, K>;
  select: (data: T) => unknown[];
  empty: ReactNode;
  path: SectionPath;
  linkLabel: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { studentInfo, student } = useStudent();
  const section = findSection(path);
  const open = section !== undefined && isSectionOpen(section, studentInfo.servizi, student.versione_messenger);
  return (
    <CountedBlock
      id={`oggi-${id}`}
      heading={(count) => title(count ?? 0)}
      query={query}
      select={select}
      empty={empty}
      after={
        open && (
          <p className={styles.todayLink}>
            <Link {...sectionLink(path)}>{linkLabel}</Link>
          </p>
        )
      }
    >
      {children}
    </CountedBlock>
  );
}

function Lessons({ options }: { options: NonNullable<ReturnType<typeof todayQueries>['lessons']> }) {
  return (
    <Block
      id="lezioni"
      title={(n) => <Trans>Lezioni di oggi ({n})</Trans>}
      query={options}
      select={(d) => d}
      empty={<Trans>Nessuna lezione oggi.</Trans>}
      path="/agenda"
      linkLabel={<Trans>Vai all'agenda</Trans>}
    >
      {(lessons) => (
        <ul className={styles.list}>
          {lessons.map((l) => (
            <li key={l.id}>
              <strong>
                <TimeText value={l.data_ora_inizio} />–<TimeText value={l.data_ora_fine} />
              </strong>{' '}
              {l.materia} <span className={page.muted}>· {l.docente}</span>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function Homework({
  options,
  today,
  subjectOf,
}: {
  options: NonNullable<ReturnType<typeof todayQueries>['homework']>;
  today: Temporal.PlainDate;
  subjectOf: SubjectOf;
}) {
  const todayText = today.toString();
  return (
    <Block
      id="compiti"
      title={(n) => <Trans>Compiti per oggi e domani ({n})</Trans>}
      query={options}
      select={(d) => homeworkDueSoon(d, today)}
      empty={<Trans>Nessun compito da consegnare oggi o domani.</Trans>}
      path="/compiti"
      linkLabel={<Trans>Vai ai compiti</Trans>}
    >
      {(items) => (
        <ul className={styles.list}>
          {homeworkDueSoon(items, today).map((h) => {
            const subject = subjectOf(h.id_materia);
            return (
              <li key={h.id}>
                <strong>{h.data_consegna === todayText ? <Trans>Oggi</Trans> : <Trans>Domani</Trans>}</strong>
                {subject && (
                  <>
                    {' '}
                    · <SubjectLabel name={subject.descrizione} subject={subject} />
                  </>
                )}
                <span className={page.muted}> · {h.dettaglio}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Block>
  );
}

const LISTED_NEW = 5;

function NewGrades({ options, subjectOf }: { options: NonNullable<ReturnType<typeof todayQueries>['grades']>; subjectOf: SubjectOf }) {
  return (
    <Block
      id="voti"
      title={(n) => <Trans>Nuovi voti ({n})</Trans>}
      query={options}
      select={(d) => newItems(d)}
      empty={<Trans>Nessun nuovo voto.</Trans>}
      path="/voti"
      linkLabel={<Trans>Vai ai voti</Trans>}
    >
      {(grades) => (
        <ul className={styles.list}>
          {newestFirst(newItems(grades))
            .slice(0, LISTED_NEW)
            .map((g) => (
              <GradeRow key={g.id} grade={g} subject={subjectOf(g.id_materia)} />
            ))}
        </ul>
      )}
    </Block>
  );
}

function NewNotes({ options }: { options: NonNullable<ReturnType<typeof todayQueries>['notes']> }) {
  return (
    <Block
      id="note"
      title={(n) => <Trans>Nuove note disciplinari ({n})</Trans>}
      query={options}
      select={(d) => newItems(d)}
      empty={<Trans>Nessuna nuova nota.</Trans>}
      path="/note-disciplinari"
      linkLabel={<Trans>Vai alle note disciplinari</Trans>}
    >
      {(notes) => (
        <ul className={styles.list}>
          {newestFirst(newItems(notes))
            .slice(0, LISTED_NEW)
            .map((n) => (
              <li key={n.id}>
                <strong>
                  <DateText value={n.data} />
                </strong>{' '}
                <span className={page.muted}>· {n.docente}</span>
              </li>
            ))}
        </ul>
      )}
    </Block>
  );
}

function Tests({ options, today }: { options: NonNullable<ReturnType<typeof todayQueries>['tests']>; today: Temporal.PlainDate }) {
  return (
    <Block
      id="verifiche"
      title={(n) => <Trans>Verifiche dei prossimi 7 giorni ({n})</Trans>}
      query={options}
      select={(d) => upcomingTests(d, today)}
      empty={<Trans>Nessuna verifica nei prossimi 7 giorni.</Trans>}
      path="/verifiche"
      linkLabel={<Trans>Vai alle verifiche</Trans>}
    >
      {(tests) => (
        <ul className={styles.list}>
          {upcomingTests(tests, today).map((v) => (
            <li key={v.id}>
              <strong>
                <DateText value={v.data} />
              </strong>{' '}
              · {v.titolo}
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
