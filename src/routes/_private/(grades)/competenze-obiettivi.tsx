import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { gradesQuery } from '../../../api/queries/grades';
import { subjectsQuery } from '../../../api/queries/student';
import { groupCompetencesBySubject, listCompetenceGrades } from '../../../domain/grades';
import { filterBySubjectAndPeriod, NO_FILTER, subjectIdsOf } from '../../../domain/notes';
import { requireSection } from '../../-shared/guards';
import { FilteredListPage } from '../../-shared/FilteredListPage';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { CompetenceList } from './-components/CompetenceList';
import { Filters } from '../../-shared/ItemFilters';

export const Route = createFileRoute('/_private/(grades)/competenze-obiettivi')({
  beforeLoad: ({ context }) => requireSection('/competenze-obiettivi', context),
  loader: ({ context: { queryClient, scope } }) =>
    Promise.all([queryClient.ensureQueryData(gradesQuery(scope)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: CompetencesPage,
  errorComponent: RouteError,
});

/** Competences and objectives: derived from the competence grades of voti_plain, by subject. */
function CompetencesPage() {
  const { scope, studentInfo } = useStudent();
  const { data: grades } = useSuspenseQuery(gradesQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const [filter, setFilter] = useState(NO_FILTER);
  const competences = listCompetenceGrades(grades);
  const present = subjectIdsOf(competences);
  const shown = filterBySubjectAndPeriod(competences, filter, studentInfo.periodi_scolastici);
  const groups = groupCompetencesBySubject(shown, subjects);

  return (
    <FilteredListPage
      title={<Trans>Competenze e obiettivi</Trans>}
      hasItems={competences.length > 0}
      empty={<Trans>Nessuna competenza valutata per ora.</Trans>}
      filters={
        <Filters
          value={filter}
          onChange={setFilter}
          subjects={subjects.filter((s) => present.has(s.id))}
          periods={studentInfo.periodi_scolastici}
          shown={shown.length}
        />
      }
      hasMatches={groups.length > 0}
      noMatch={<Trans>Nessuna competenza per i filtri scelti.</Trans>}
    >
      <CompetenceList groups={groups} />
    </FilteredListPage>
  );
}
