import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { annotationsQuery } from '../../../api/queries/notes';
import { subjectsQuery } from '../../../api/queries/student';
import { filterBySubjectAndPeriod, NO_FILTER, subjectIdsOf } from '../../../domain/notes';
import { newestFirst } from '../../../domain/dated';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { DateText } from '../../../ui/DateTime';
import { requireSection } from '../../-shared/guards';
import { FilteredListPage } from '../../-shared/FilteredListPage';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { Filters } from '../../-shared/ItemFilters';
import page from '../../-shared/Page.module.css';
import styles from './-components/Notes.module.css';

export const Route = createFileRoute('/_private/(notes)/annotazioni')({
  beforeLoad: ({ context }) => requireSection('/annotazioni', context),
  loader: ({ context: { queryClient, scope } }) =>
    Promise.all([queryClient.ensureQueryData(annotationsQuery(scope)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: AnnotationsPage,
  errorComponent: RouteError,
});

function AnnotationsPage() {
  const { scope, studentInfo } = useStudent();
  const { data: annotations } = useSuspenseQuery(annotationsQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const [filter, setFilter] = useState(NO_FILTER);
  const present = subjectIdsOf(annotations);
  const shown = newestFirst(filterBySubjectAndPeriod(annotations, filter, studentInfo.periodi_scolastici));
  const subjectOf = (id: number) => subjects.find((s) => s.id === id);

  return (
    <FilteredListPage
      title={<Trans>Annotazioni</Trans>}
      hasItems={annotations.length > 0}
      empty={<Trans>Nessuna annotazione registrata.</Trans>}
      filters={
        <Filters
          value={filter}
          onChange={setFilter}
          subjects={subjects.filter((s) => present.has(s.id))}
          periods={studentInfo.periodi_scolastici}
          shown={shown.length}
        />
      }
      hasMatches={shown.length > 0}
      noMatch={<Trans>Nessuna annotazione per i filtri scelti.</Trans>}
    >
      <ul className={styles.list}>
        {shown.map((a) => {
          const subject = subjectOf(a.id_materia);
          return (
            <li key={a.id} className={`${page.card} ${styles.item}`}>
              <div className={styles.itemHeader}>
                <h2 className={styles.itemTitle}>
                  <span className={styles.symbol} aria-hidden="true">
                    {a.simbolo}
                  </span>{' '}
                  {a.descrizione_simbolo}
                </h2>
                <p className={styles.meta}>
                  {a.novita && (
                    <span className={styles.unread}>
                      <Trans>Nuova</Trans> ·{' '}
                    </span>
                  )}
                  <DateText value={a.data} />
                </p>
              </div>
              {subject && (
                <p className={styles.meta}>
                  <SubjectLabel name={subject.descrizione} subject={subject} />
                </p>
              )}
              <p className={styles.text}>{a.dettaglio}</p>
            </li>
          );
        })}
      </ul>
    </FilteredListPage>
  );
}
