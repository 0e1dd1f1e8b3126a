import { Trans, useLingui } from '@lingui/react/macro';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { Fragment, useDeferredValue, type ReactNode } from 'react';
import { Temporal } from '../../../../domain/temporal';
import { familyMemberInfoQuery, todayQueries } from '../../../../api/queries/home';
import { subjectsQuery, type Subject } from '../../../../api/queries/student';
import { newestFirst } from '../../../../domain/dated';
import { classOfMember, familyDayParts, FAMILY_PART_SECTION, meetingSection, notesToAcknowledge, type FamilyDayPart, type FamilyMember } from '../../../../domain/family';
import { meetingsSoon } from '../../../../domain/meetings';
import { homeworkDueSoon, newItems, upcomingTests } from '../../../../domain/notes';
import type { StudentInfo } from '../../../../domain/records';
import { findSection, hasService, isSectionOpen, type SectionPath } from '../../../../domain/services';
import { formatDate, formatMoney } from '../../../../i18n/format';
import { DateText, TimeText } from '../../../../ui/DateTime';
import { Alert } from '../../../../ui/Alert';
import { ErrorState, Skeleton } from '../../../../ui/States';
import { SubjectLabel } from '../../../../ui/SubjectLabel';
import { Loaded, useLoadedData } from '../../../-shared/Loaded';
import { BookedMeeting } from '../../../-shared/MeetingSoonAlert';
import { useStudent } from '../../../-shared/session';
import { StudentLink } from '../../../-shared/studentLinks';
import page from '../../../-shared/Page.module.css';
import styles from './Home.module.css';
import { CountedBlock } from './CountedBlock';

const LISTED_NEW = 5;

/**
 * Home for a family (docs/product.md#home, "Family Home"): one block per child, in the account's
 * order and in the child's colour, each with that child's day. The open child's parts were fetched
 * by Home's loader; every other child's block loads on its own (its info first: its services decide
 * its parts) and shows as soon as its data is there.
 */
export function FamilyHome({ members, today }: { members: FamilyMember[]; today: Temporal.PlainDate }) {
  const date = formatDate(today);
  return (
    <section className={styles.family} aria-labelledby="oggi-famiglia">
      <h1 id="oggi-famiglia">
        <Trans>Oggi, {date}</Trans>
      </h1>
      {members.map((m) => (
        <Child key={`${m.scope.id_scuola}-${m.scope.id_studente}`} member={m} today={today} />
      ))}
    </section>
  );
}

/** The block's id prefix: unique per child on the page. */
const idOf = (m: FamilyMember) => `figlio-${m.scope.id_scuola}-${m.scope.id_studente}`;

function Child({ member, today }: { member: FamilyMember; today: Temporal.PlainDate }) {
  const { studentInfo } = useStudent();
  // Another child's block is drawn in a render of its own, which React can interrupt, after the open
  // child's: the first paint's task is not one long block of every child's day.
  const drawn = useDeferredValue(true, false);
  const skeleton = (
    <>
      <ChildHeader member={member} info={null} />
      <Skeleton lines={4} />
    </>
  );
  return (
    <section className={styles.child} data-colour={member.colour} aria-labelledby={idOf(member)} data-studente={member.scope.id_studente}>
      {member.current ? (
        <>
          <ChildHeader member={member} info={studentInfo} />
          <ChildDay member={member} info={studentInfo} today={today} />
        </>
      ) : !drawn ? (
        skeleton
      ) : (
        <Loaded
          query={familyMemberInfoQuery(member.scope, member.student)}
          skeleton={skeleton}
          failure={({ message, retry }) => (
            <>
              <ChildHeader member={member} info={null} />
              <ErrorState message={message} onRetry={retry} />
            </>
          )}
        >
          {(info) => (
            <>
              <ChildHeader member={member} info={info} />
              <ChildDay member={member} info={info} today={today} />
            </>
          )}
        </Loaded>
      )}
    </section>
  );
}

/** Name, class and school: the sign-in's record at once, the child's info once it is there. */
function ChildHeader({ member, info }: { member: FamilyMember; info: StudentInfo | null }) {
  const { t } = useLingui();
  const classe = info?.classe ?? classOfMember(member);
  const scuola = info?.scuola ?? member.student.scuola;
  const parts = [classe ? t`Classe ${classe}` : null, scuola].filter((p): p is string => !!p);
  return (
    <header className={styles.childHeader}>
      <h2 id={idOf(member)} className={styles.childName}>
        {member.student.nome} {member.student.cognome}
      </h2>
      {parts.length > 0 && <p className={styles.childMeta}>{parts.join(' · ')}</p>}
      {member.current && (
        <p className={styles.childMeta}>
          <Trans>Studente selezionato</Trans>
        </p>
      )}
    </header>
  );
}

type SubjectOf = (id: number | null | undefined) => Subject | undefined;

function ChildDay({ member, info, today }: { member: FamilyMember; info: StudentInfo; today: Temporal.PlainDate }) {
  const { scope, student } = member;
  const queries = todayQueries(scope, info.servizi, today);
  // Subject names only dress the items: they show once known.
  const subjects = useLoadedData(subjectsQuery(scope));
  const subjectOf: SubjectOf = (id) => subjects?.find((s) => s.id === id);
  const opens = (path: SectionPath) => {
    const section = findSection(path);
    return section !== undefined && isSectionOpen(section, info.servizi, student.versione_messenger);
  };
  const parts = familyDayParts<ReactNode>({
    lessons: queries.lessons && <Lessons options={queries.lessons} member={member} opens={opens} />,
    homework: queries.homework && <Homework options={queries.homework} member={member} opens={opens} today={today} subjectOf={subjectOf} />,
    tests: queries.tests && <Tests options={queries.tests} member={member} opens={opens} today={today} />,
    grades: queries.grades && <NewGrades options={queries.grades} member={member} opens={opens} subjectOf={subjectOf} />,
    notes: queries.notes && (
      <NotesToAcknowledge options={queries.notes} member={member} opens={opens} acknowledgement={hasService(info.servizi, 'presa_visione_note')} />
    ),
    meetings: queries.meetingsSoon && <MeetingsSoon options={queries.meetingsSoon} member={member} opens={opens} />,
    mealCredit: queries.mealCredit && <MealCredit options={queries.mealCredit} member={member} opens={opens} />,
  });
  if (parts.length === 0) {
    return (
      <p className={page.muted}>
        <Trans>Nessuna sezione della giornata è attiva per questo studente.</Trans>
      </p>
    );
  }
  return (
    <div className={styles.childDay}>
      {parts.map(({ part, value }) => (
        <Fragment key={part}>{value}</Fragment>
      ))}
    </div>
  );
}

interface PartProps {
  member: FamilyMember;
  /** Whether a screen is open for this child (its services, its messenger version). */
  opens: (path: SectionPath) => boolean;
}

/** A link to a screen for this child, or plain text when the screen is closed for the child. */
function ChildLink({ member, opens, to, children }: PartProps & { to: SectionPath; children: ReactNode }) {
  return opens(to) ? (
    <StudentLink scope={member.scope} to={to}>
      {children}
    </StudentLink>
  ) : (
    <>{children}</>
  );
}

/**
 * One part of a child's day: its heading (a link to the part's screen for the child) with its count,
 * and its states: a short skeleton, the failure's words in place, nothing found, or the items.
 */
function Part<T, K extends QueryKey>({
  member,
  opens,
  part,
  title,
  query,
  select,
  empty,
  children,
}: PartProps & {
  part: FamilyDayPart;
  title: (count: number | null) => ReactNode;
  query: UseQueryOptions<T, Error, T, K>;
  select: (data: T) => unknown[];
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <CountedBlock
      id={`${idOf(member)}-${part}`}
      of={idOf(member)}
      heading={(count) => (
        <ChildLink member={member} opens={opens} to={FAMILY_PART_SECTION[part]}>
          {title(count)}
        </ChildLink>
      )}
      query={query}
      select={select}
      empty={empty}
    >
      {children}
    </CountedBlock>
  );
}

type Options<P extends keyof ReturnType<typeof todayQueries>> = NonNullable<ReturnType<typeof todayQueries>[P]>;

/** "(n)" once the count is known. */
const Count = ({ n }: { n: number | null }) => (n === null ? null : <> ({n})</>);

function Lessons({ options, ...link }: PartProps & { options: Options<'lessons'> }) {
  return (
    <Part
      {...link}
      part="lessons"
      title={(n) => (
        <>
          <Trans>Lezioni di oggi</Trans>
          <Count n={n} />
        </>
      )}
      query={options}
      select={(d) => d}
      empty={<Trans>Nessuna lezione oggi.</Trans>}
    >
      {(lessons) => (
        <ul className={styles.list}>
          {lessons.map((l) => (
            <li key={l.id}>
              <ChildLink {...link} to="/agenda">
                <TimeText value={l.data_ora_inizio} />–<TimeText value={l.data_ora_fine} /> {l.materia}
              </ChildLink>
              {l.docente && <span className={page.muted}> · {l.docente}</span>}
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function Homework({ options, today, subjectOf, ...link }: PartProps & { options: Options<'homework'>; today: Temporal.PlainDate; subjectOf: SubjectOf }) {
  const todayText = today.toString();
  return (
    <Part
      {...link}
      part="homework"
      title={(n) => (
        <>
          <Trans>Compiti per oggi e domani</Trans>
          <Count n={n} />
        </>
      )}
      query={options}
      select={(d) => homeworkDueSoon(d, today)}
      empty={<Trans>Nessun compito da consegnare oggi o domani.</Trans>}
    >
      {(items) => (
        <ul className={styles.list}>
          {homeworkDueSoon(items, today).map((h) => {
            const subject = subjectOf(h.id_materia);
            return (
              <li key={h.id}>
                <ChildLink {...link} to="/compiti">
                  {h.data_consegna === todayText ? <Trans>Oggi</Trans> : <Trans>Domani</Trans>}
                  {subject && <> · {subject.descrizione}</>}
                </ChildLink>
                <span className={page.muted}> · {h.dettaglio}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Part>
  );
}

function Tests({ options, today, ...link }: PartProps & { options: Options<'tests'>; today: Temporal.PlainDate }) {
  return (
    <Part
      {...link}
      part="tests"
      title={(n) => (
        <>
          <Trans>Verifiche dei prossimi 7 giorni</Trans>
          <Count n={n} />
        </>
      )}
      query={options}
      select={(d) => upcomingTests(d, today)}
      empty={<Trans>Nessuna verifica nei prossimi 7 giorni.</Trans>}
    >
      {(tests) => (
        <ul className={styles.list}>
          {upcomingTests(tests, today).map((v) => (
            <li key={v.id}>
              <ChildLink {...link} to="/verifiche">
                <DateText value={v.data} /> · {v.titolo}
              </ChildLink>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function NewGrades({ options, subjectOf, ...link }: PartProps & { options: Options<'grades'>; subjectOf: SubjectOf }) {
  return (
    <Part
      {...link}
      part="grades"
      title={(n) => (
        <>
          <Trans>Nuovi voti</Trans>
          <Count n={n} />
        </>
      )}
      query={options}
      select={(d) => newItems(d)}
      empty={<Trans>Nessun nuovo voto.</Trans>}
    >
      {(grades) => (
        <ul className={styles.list}>
          {newestFirst(newItems(grades))
            .slice(0, LISTED_NEW)
            .map((g) => {
              const subject = subjectOf(g.id_materia);
              return (
                <li key={g.id} className={styles.gradeRow}>
                  <span className={styles.grade} style={{ borderColor: g.colore_simbolo }}>
                    {g.simbolo}
                  </span>
                  <span>
                    <ChildLink {...link} to="/voti">
                      {subject ? <SubjectLabel name={subject.descrizione} subject={subject} /> : (g.materia ?? g.sottotitolo)}
                    </ChildLink>
                    <span className={page.muted}>
                      {' '}
                      · {g.sottotitolo} · <DateText value={g.data} />
                    </span>
                  </span>
                </li>
              );
            })}
        </ul>
      )}
    </Part>
  );
}

function NotesToAcknowledge({ options, acknowledgement, ...link }: PartProps & { options: Options<'notes'>; acknowledgement: boolean }) {
  return (
    <Part
      {...link}
      part="notes"
      title={(n) => (
        <>
          {acknowledgement ? <Trans>Note disciplinari di cui prendere visione</Trans> : <Trans>Nuove note disciplinari</Trans>}
          <Count n={n} />
        </>
      )}
      query={options}
      select={(d) => notesToAcknowledge(d, acknowledgement)}
      empty={acknowledgement ? <Trans>Nessuna nota di cui prendere visione.</Trans> : <Trans>Nessuna nuova nota.</Trans>}
    >
      {(notes) => (
        <ul className={styles.list}>
          {notesToAcknowledge(notes, acknowledgement)
            .slice(0, LISTED_NEW)
            .map((n) => (
              <li key={n.id}>
                <ChildLink {...link} to="/note-disciplinari">
                  <DateText value={n.data} />
                </ChildLink>
                {n.docente && <span className={page.muted}> · {n.docente}</span>}
              </li>
            ))}
        </ul>
      )}
    </Part>
  );
}

function MeetingsSoon({ options, ...link }: PartProps & { options: Options<'meetingsSoon'> }) {
  const soon = (meetings: Parameters<typeof meetingsSoon>[0]) => meetingsSoon(meetings, Temporal.Now.instant());
  return (
    <Part
      {...link}
      part="meetings"
      title={(n) => (
        <>
          <Trans>Colloqui tra meno di 36 ore</Trans>
          <Count n={n} />
        </>
      )}
      query={options}
      select={soon}
      empty={<Trans>Nessun colloquio nelle prossime 36 ore.</Trans>}
    >
      {(meetings) => (
        <ul className={styles.list}>
          {soon(meetings).map((m) => (
            <li key={m.id} data-colloquio={m.id}>
              <ChildLink {...link} to={meetingSection(m)}>
                <BookedMeeting meeting={m} />
              </ChildLink>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function MealCredit({ options, ...link }: PartProps & { options: Options<'mealCredit'> }) {
  return (
    <Part
      {...link}
      part="mealCredit"
      title={() => <Trans>Credito mensa</Trans>}
      query={options}
      // The credit itself is the one item: there is always something to say.
      select={(d) => [d]}
      empty={null}
    >
      {(meals) => {
        const amount = formatMoney(meals.credito_residuo);
        return meals.allarme_credito_residuo ? (
          <Alert tone="warning">
            <ChildLink {...link} to="/mense">
              <Trans>Credito mensa basso: restano {amount}.</Trans>
            </ChildLink>
          </Alert>
        ) : (
          <p className={styles.todayLink}>
            <ChildLink {...link} to="/mense">
              <Trans>Credito residuo: {amount}.</Trans>
            </ChildLink>
          </p>
        );
      }}
    </Part>
  );
}
