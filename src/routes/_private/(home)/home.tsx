import { createFileRoute, Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { gradesQuery } from '../../../api/queries/grades';
import { subjectsQuery, updatesQuery } from '../../../api/queries/student';
import { listGrades } from '../../../domain/grades';
import { currentPeriod } from '../../../domain/periods';
import { isSectionOpen, SECTIONS, hasService } from '../../../domain/services';
import { periodName } from '../../../i18n/periodName';
import { todayInRome } from '../../../i18n/today';
import { Alert } from '../../../ui/Alert';
import { EmptyState } from '../../../ui/States';
import { RouteError } from '../../-app/RouteError';
import { SECTION_LABELS, sectionLink } from '../../-shared/navLabels';
import { useSessionActor, useStudent } from '../../-shared/session';
import { GradeRow } from './-components/GradeRow';
import { TodaySummary } from './-components/TodaySummary';
import { prefetchFamilyMember, todayQueries } from '../../../api/queries/home';
import { familyMembers, isFamily } from '../../../domain/family';
import { FamilyHome } from './-components/FamilyHome';
import page from '../../-shared/Page.module.css';
import styles from './-components/Home.module.css';

const LATEST_GRADES = 5;

export const Route = createFileRoute('/_private/(home)/home')({
  validateSearch: (search: Record<string, unknown>): { avviso?: 'sezione-disabilitata' } =>
    search.avviso === 'sezione-disabilitata' ? { avviso: 'sezione-disabilitata' } : {},
  loader: async ({ context: { queryClient, scope, studentInfo, session } }) => {
    // A family's other children (docs/product.md#home, "Family Home"): their calls start now, beside
    // the open child's, and are not waited for: each of their blocks shows once its data is there.
    // (Started after the open child's parts instead, the first paint comes sooner on a slow line by
    // their size, but a parent waits longer for the second child: the product asks for both at once.)
    const { students } = session.getSnapshot().context;
    if (isFamily(students)) {
      for (const m of familyMembers(students, scope)) if (!m.current) void prefetchFamilyMember(queryClient, m.scope, m.student, todayInRome());
    }
    // "Oggi"'s blocks and its alerts are waited for, not only started, each through the options its
    // block renders from (todayQueries): the page paints once, complete, instead of growing and
    // pushing the rest down as each part arrives (docs/ARCHITECTURE.md, "Nothing moves once
    // painted"). prefetchQuery never throws: a part that fails does not fail Home, it shows its own
    // error in place. The grades feed "Ultimi voti" too, which reads them whole (ensureQueryData).
    const today = todayQueries(scope, studentInfo.servizi, todayInRome());
    const [main] = await Promise.all([
      Promise.all([
        queryClient.ensureQueryData(updatesQuery(scope)),
        queryClient.ensureQueryData(subjectsQuery(scope)),
        today.grades && queryClient.ensureQueryData(today.grades),
      ]),
      Promise.all([
        today.lessons && queryClient.prefetchQuery(today.lessons),
        today.homework && queryClient.prefetchQuery(today.homework),
        today.notes && queryClient.prefetchQuery(today.notes),
        today.tests && queryClient.prefetchQuery(today.tests),
        today.meetingsSoon && queryClient.prefetchQuery(today.meetingsSoon),
        today.mealCredit && queryClient.prefetchQuery(today.mealCredit),
      ]),
    ]);
    return main;
  },
  component: HomePage,
  errorComponent: RouteError,
});

function HomePage() {
  const { student, studentInfo, scope } = useStudent();
  const { avviso } = Route.useSearch();
  const students = useSelector(useSessionActor(), (s) => s.context.students);
  const period = currentPeriod(todayInRome(), studentInfo.periodi_scolastici);
  const notice = avviso === 'sezione-disabilitata' && (
    <Alert tone="warning">
      <Trans>Questa sezione è stata temporanemante disabilitata da parte della scuola</Trans>
    </Alert>
  );

  if (isFamily(students)) {
    return (
      <div className={page.page}>
        {notice}
        <FamilyHome members={familyMembers(students, scope)} today={todayInRome()} />
      </div>
    );
  }

  return (
    <div className={page.page}>
      {notice}
      <section className={page.card} aria-labelledby="studente">
        <h1 id="studente">
          {student.nome} {student.cognome}
        </h1>
        <StudentLine classe={studentInfo.classe} indirizzo={studentInfo.indirizzo} scuola={studentInfo.scuola} />
        {period && <p className={page.muted}>{periodName(period.numero)}</p>}
      </section>
      <TodaySummary today={todayInRome()} />
      <div className={styles.columns}>
        <WhatIsNew />
        {hasService(studentInfo.servizi, 'voti') && <LatestGrades />}
      </div>
    </div>
  );
}

/** Class, address of studies and school: what the backend told; a part it left out is simply not shown. */
function StudentLine({ classe, indirizzo, scuola }: { classe: string | null; indirizzo: string | null; scuola: string | null }) {
  const { t } = useLingui();
  const parts = [classe ? t`Classe ${classe}` : null, indirizzo, scuola].filter((p): p is string => !!p);
  return parts.length > 0 ? <p className={page.muted}>{parts.join(' · ')}</p> : null;
}

function WhatIsNew() {
  const { i18n } = useLingui();
  const { scope, studentInfo, student } = useStudent();
  const { data: updates } = useSuspenseQuery(updatesQuery(scope));
  const visible = updates.filter((u) => u.visibile && u.conteggio > 0);
  return (
    <section className={page.card} aria-labelledby="novita">
      <h2 id="novita">
        <Trans>Novità</Trans>
      </h2>
      {visible.length === 0 ? (
        <EmptyState>
          <Trans>Nessuna novità dall'ultimo accesso.</Trans>
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {visible.map((u) => {
            const section = SECTIONS.find((s) => s.service === u.sezione);
            const open = section && isSectionOpen(section, studentInfo.servizi, student.versione_messenger);
            return (
              <li key={u.sezione}>
                {open ? <Link {...sectionLink(section.path)}>{u.descrizione}</Link> : u.descrizione}
                {section && <span className={page.muted}> · {i18n._(SECTION_LABELS[section.path])}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function LatestGrades() {
  const { scope } = useStudent();
  const { data: grades } = useSuspenseQuery(gradesQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const latest = listGrades(grades).slice(0, LATEST_GRADES);
  return (
    <section className={page.card} aria-labelledby="ultimi-voti">
      <h2 id="ultimi-voti">
        <Trans>Ultimi voti</Trans>
      </h2>
      {latest.length === 0 ? (
        <EmptyState>
          <Trans>Nessun voto registrato per ora.</Trans>
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {latest.map((g) => (
            <GradeRow key={g.id} grade={g} subject={subjects.find((s) => s.id === g.id_materia)} />
          ))}
        </ul>
      )}
      <p>
        <Link to="/voti">
          <Trans>Tutti i voti</Trans>
        </Link>
      </p>
    </section>
  );
}
