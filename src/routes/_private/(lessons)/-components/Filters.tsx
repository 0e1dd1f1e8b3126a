import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Subject } from '../../../../api/queries/student';
import { schoolYearStartYear } from '../../../../domain/schoolYear';
import { todayInRome } from '../../../../i18n/today';
import { sortSubjects } from '../../../../domain/subjects';
import { DateRangeFilter } from '../../../../ui/DateRangeFilter';
import { SelectField } from '../../../../ui/SelectField';
import { useStudent } from '../../../-shared/session';
import { filterValueOf, searchOfFilter, type RangeSearch } from './search';
import filters from '../../../-shared/Filters.module.css';
import styles from './Lessons.module.css';

interface LessonFiltersProps {
  search: RangeSearch;
  onChange: (patch: Partial<RangeSearch>) => void;
  subjects: readonly Subject[];
  /** Without it the screen has no date range (the agenda moves by week instead). */
  withDates?: boolean;
  /** Further filters of the screen (e.g. "Mostra tutti"). */
  children?: ReactNode;
}

/** Date range and subject of a teaching screen, both kept in the URL by the route. */
export function LessonFilters({ search, onChange, subjects, withDates = true, children }: LessonFiltersProps) {
  const { studentInfo, scope } = useStudent();
  const { t } = useLingui();
  return (
    <section className={styles.filters} aria-label={t`Filtri`}>
      {withDates && (
        <DateRangeFilter
          value={filterValueOf(search)}
          onChange={(value) => onChange(searchOfFilter(value))}
          periods={studentInfo.periodi_scolastici}
          schoolYearStart={schoolYearStartYear(scope.anno, todayInRome())}
        />
      )}
      <div className={filters.filters}>
        <SubjectSelect value={search.materia} onChange={(materia) => onChange({ materia })} subjects={subjects} />
        {children}
      </div>
    </section>
  );
}

function SubjectSelect({
  value,
  onChange,
  subjects,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  subjects: readonly Subject[];
}) {
  const { t } = useLingui();
  return (
    <SelectField
      className={filters.field}
      label={t`Materia`}
      emptyOption={t`Tutte le materie`}
      options={sortSubjects(subjects).map((s) => ({ value: String(s.id), label: s.descrizione }))}
      value={value === undefined ? '' : String(value)}
      onChange={(next) => onChange(next === '' ? undefined : Number(next))}
    />
  );
}
