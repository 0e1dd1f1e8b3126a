import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Subject } from '../../../../api/queries/student';
import { sortSubjects } from '../../../../domain/subjects';
import { FilterSheet } from '../../../../ui/FilterSheet';
import { SelectField } from '../../../../ui/SelectField';
import { usePhone } from '../../../../ui/usePhone';
import { DateFilterSheet } from '../../../-shared/DateFilterSheet';
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

/**
 * Date range and subject of a teaching screen, both kept in the URL by the route. On a phone they
 * are one button saying the choice, which opens them in a sheet; the screen's further filters stay
 * beside it.
 */
export function LessonFilters({ search, onChange, subjects, withDates = true, children }: LessonFiltersProps) {
  const { t } = useLingui();
  const phone = usePhone();
  const subject = search.materia === undefined ? undefined : subjects.find((s) => s.id === search.materia)?.descrizione;
  const others = (
    <div className={filters.filters}>
      <SubjectSelect value={search.materia} onChange={(materia) => onChange({ materia })} subjects={subjects} />
      {!phone && children}
    </div>
  );
  const aside = phone ? children : undefined;
  return (
    <section className={styles.filters} aria-label={t`Filtri`}>
      {withDates ? (
        <DateFilterSheet value={filterValueOf(search)} onChange={(next) => onChange(searchOfFilter(next))} also={[subject]} aside={aside}>
          {others}
        </DateFilterSheet>
      ) : (
        <FilterSheet summary={subject ?? t`Tutte le materie`} aside={aside}>
          {others}
        </FilterSheet>
      )}
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
