import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Temporal } from '../../../domain/temporal';
import { testsQuery, type ScheduledTest } from '../../../api/queries/lessons';
import { subjectsQuery, type Subject } from '../../../api/queries/student';
import { filterBySubjectAndRange, testsUpcomingFirst } from '../../../domain/agenda';
import { todayInRome } from '../../../i18n/today';
import { EmptyState } from '../../../ui/States';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { LessonFilters } from './-components/Filters';
import { dayTitle, kindLabel, TEST_KINDS } from './-components/labels';
import { cleanSearch } from './-components/search';
import { rangeOf, validateRangeSearch, type RangeSearch } from '../../-shared/rangeSearch';
import page from '../../-shared/Page.module.css';
import styles from './-components/Lessons.module.css';

export const Route = createFileRoute('/_private/(lessons)/verifiche')({
  validateSearch: validateRangeSearch,
  beforeLoad: ({ context }) => requireSection('/verifiche', context),
  loader: ({ context: { queryClient, scope } }) =>
    Promise.all([queryClient.ensureQueryData(testsQuery(scope)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: TestsPage,
  errorComponent: RouteError,
});

function TestsPage() {
  const { scope } = useStudent();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: tests } = useSuspenseQuery(testsQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));

  const update = (patch: Partial<RangeSearch>) =>
    void navigate({ search: (prev) => cleanSearch({ ...prev, ...patch }), replace: true });

  // The call has no date parameters: the range is applied here.
  const { upcoming, past } = testsUpcomingFirst(filterBySubjectAndRange(tests, { subjectId: search.materia, range: rangeOf(search) }), todayInRome());

  return (
    <div className={page.page}>
      <h1>
        <Trans>Verifiche</Trans>
      </h1>
      <LessonFilters search={search} onChange={update} subjects={subjects} />
      <section className={page.card} aria-labelledby="verifiche-prossime">
        <h2 id="verifiche-prossime">
          <Trans>Prossime verifiche</Trans>
        </h2>
        {upcoming.length === 0 ? (
          <EmptyState>
            <Trans>Nessuna verifica in programma per i filtri scelti.</Trans>
          </EmptyState>
        ) : (
          <TestList tests={upcoming} subjects={subjects} />
        )}
      </section>
      <section className={page.card} aria-labelledby="verifiche-passate">
        <h2 id="verifiche-passate">
          <Trans>Verifiche svolte</Trans>
        </h2>
        {past.length === 0 ? (
          <EmptyState>
            <Trans>Nessuna verifica svolta per i filtri scelti.</Trans>
          </EmptyState>
        ) : (
          <TestList tests={past} subjects={subjects} />
        )}
      </section>
    </div>
  );
}

function TestList({ tests, subjects }: { tests: ScheduledTest[]; subjects: Subject[] }) {
  const { t, i18n } = useLingui();
  return (
    <ul className={styles.list}>
      {tests.map((test) => {
        const subject = subjects.find((s) => s.id === test.id_materia);
        return (
          <li key={test.id} className={styles.item}>
            <p className={styles.itemTitle}>{test.titolo}</p>
            <p className={styles.meta}>
              {dayTitle(i18n, Temporal.PlainDate.from(test.data))} ·{' '}
              <SubjectLabel name={subject?.descrizione ?? t`Altra materia`} subject={subject} /> ·{' '}
              <span className={styles.badge}>{kindLabel(i18n, TEST_KINDS, test.tipo)}</span>
            </p>
            {test.argomenti && (
              <p>
                <Trans>Argomenti: {test.argomenti}</Trans>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
