import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { topicsQuery } from '../../../api/queries/lessons';
import { subjectsQuery } from '../../../api/queries/student';
import { filterBySubjectAndRange } from '../../../domain/agenda';
import { newestFirst } from '../../../domain/dated';
import { DateText } from '../../../ui/DateTime';
import { EmptyState } from '../../../ui/States';
import { Table } from '../../../ui/Table';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { LessonFilters } from './-components/Filters';
import { cleanSearch } from './-components/search';
import { rangeOf, validateRangeSearch, type RangeSearch } from '../../-shared/rangeSearch';
import page from '../../-shared/Page.module.css';
import styles from './-components/Lessons.module.css';

export const Route = createFileRoute('/_private/(lessons)/argomenti')({
  validateSearch: validateRangeSearch,
  beforeLoad: ({ context }) => requireSection('/argomenti', context),
  loaderDeps: ({ search }) => rangeOf(search),
  loader: ({ context: { queryClient, scope }, deps }) =>
    Promise.all([queryClient.ensureQueryData(topicsQuery(scope, deps)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: TopicsPage,
  errorComponent: RouteError,
});

function TopicsPage() {
  const { t } = useLingui();
  const { scope } = useStudent();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: topics } = useSuspenseQuery(topicsQuery(scope, rangeOf(search)));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const subjectOf = (id: number) => subjects.find((s) => s.id === id);

  const update = (patch: Partial<RangeSearch>) =>
    void navigate({ search: (prev) => cleanSearch({ ...prev, ...patch }), replace: true });

  const listed = newestFirst(filterBySubjectAndRange(topics, { subjectId: search.materia }));

  return (
    <div className={page.page}>
      <h1>
        <Trans>Argomenti delle lezioni</Trans>
      </h1>
      <LessonFilters search={search} onChange={update} subjects={subjects} />
      {listed.length === 0 ? (
        <EmptyState>
          <Trans>Nessun argomento registrato per i filtri scelti.</Trans>
        </EmptyState>
      ) : (
        <div className={page.card}>
          <Table
            caption={<Plural value={listed.length} one="# argomento, dal più recente" other="# argomenti, dal più recente" />}
            rows={listed}
            rowKey={(topic) => topic.id}
            columns={[
              { key: 'data', header: t`Data`, className: styles.nowrap, compact: 'meta', cell: (topic) => <DateText value={topic.data} /> },
              {
                key: 'materia',
                header: t`Materia`,
                compact: 'title',
                cell: (topic) => {
                  const subject = subjectOf(topic.id_materia);
                  return <SubjectLabel name={subject?.descrizione ?? t`Altra materia`} subject={subject} />;
                },
              },
              { key: 'modulo', header: t`Modulo`, compact: 'meta', cell: (topic) => topic.modulo },
              { key: 'argomento', header: t`Argomento`, cell: (topic) => topic.dettaglio },
            ]}
          />
        </div>
      )}
    </div>
  );
}
