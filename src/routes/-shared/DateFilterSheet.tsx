import { useEffect, type ReactNode } from 'react';
import { readDateFilter, type DateFilterValue } from '../../domain/dateFilter';
import { schoolYearStartYear } from '../../domain/schoolYear';
import { todayInRome } from '../../i18n/today';
import { DateRangeFilter, useDateFilterSummary } from '../../ui/DateRangeFilter';
import { FilterSheet } from '../../ui/FilterSheet';
import { usePhone } from '../../ui/usePhone';
import { useStudent } from './session';

interface DateFilterSheetProps {
  /** The chosen range, null when none. */
  value: DateFilterValue | null;
  onChange: (value: DateFilterValue | null) => void;
  /** The sheet's title and the filter's legend, when not "Filtri" and "Periodo da visualizzare". */
  title?: string;
  /** What the phone's button says with no range ("Tutte le date" unless said). */
  none?: string;
  /** What no range means on this screen, when it is not "every date" (a list that waits for a range). */
  noRange?: ReactNode;
  /** The screen's further choices in words, after the range ("Matematica"); empty ones are left out. */
  also?: readonly (string | null | undefined)[];
  /** The screen's further filters, in the sheet under the dates. */
  children?: ReactNode;
  /** Beside the phone's button, outside the sheet. */
  aside?: ReactNode;
}

/**
 * The date filter of a list screen in its sheet (docs/ARCHITECTURE.md "Phones"): the student's
 * periods and school year, the choice in words on the phone's button ("Ultimi 30 giorni ▾"). Every
 * list screen with a date range uses it; where the choice is kept (the address, the tab) stays the
 * screen's.
 */
export function DateFilterSheet({ value, onChange, title, none, noRange, also = [], children, aside }: DateFilterSheetProps) {
  const { scope, studentInfo } = useStudent();
  const dateSummary = useDateFilterSummary();
  const phone = usePhone();
  // Once, on mount: on a phone the filter is drawn only in the open sheet, so the range kept from
  // before (a reload keeps it) is picked up here; on a desktop the filter does it as it mounts.
  useEffect(() => {
    if (!phone || value) return;
    const kept = readDateFilter(globalThis.sessionStorage);
    if (kept) onChange(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const summary = [dateSummary(value, none), ...also].filter(Boolean).join(' · ');
  return (
    <FilterSheet summary={summary} title={title} aside={aside}>
      <DateRangeFilter
        value={value}
        onChange={onChange}
        periods={studentInfo.periodi_scolastici}
        schoolYearStart={schoolYearStartYear(scope.anno, todayInRome())}
        legend={title}
        noRange={noRange}
      />
      {children}
    </FilterSheet>
  );
}
