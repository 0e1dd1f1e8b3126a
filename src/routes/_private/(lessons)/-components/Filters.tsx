import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subject } from '../../../../api/queries/student';
import { schoolYearStartYear } from '../../../../domain/schoolYear';
import { todayInRome } from '../../../../i18n/today';
import { sortSubjects } from '../../../../domain/subjects';
import { DateRangeFilter } from '../../../../ui/DateRangeFilter';
import { useStudent } from '../../../-shared/session';
import { filterValueOf, searchOfFilter, type RangeSearch } from './search';
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
      <div className={styles.filterRow}>
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
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        <Trans>Materia</Trans>
      </label>
      <select
        id={id}
        className={styles.select}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      >
        <option value="">
          <Trans>Tutte le materie</Trans>
        </option>
        {sortSubjects(subjects).map((s) => (
          <option key={s.id} value={s.id}>
            {s.descrizione}
          </option>
        ))}
      </select>
    </div>
  );
}
