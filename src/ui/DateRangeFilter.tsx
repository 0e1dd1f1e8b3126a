import { useEffect, useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Temporal } from '../domain/temporal';
import {
  customDateFilter,
  readDateFilter,
  resolveDateFilter,
  saveDateFilter,
  type DateFilterChoice,
  type DateFilterValue,
} from '../domain/dateFilter';
import { QUICK_FILTERS, type QuickFilter } from '../domain/quickFilters';
import type { KeyValueStorage } from '../domain/tabStorage';
import { schoolYearMonths, type PeriodLike } from '../domain/periods';
import { formatDate, formatMonthLabel, formatYearMonth } from '../i18n/format';
import { periodName } from '../i18n/periodName';
import { todayInRome } from '../i18n/today';
import styles from './DateRangeFilter.module.css';

const QUICK_LABELS: Record<QuickFilter, MessageDescriptor> = {
  today: msg`Oggi`,
  tomorrow: msg`Domani`,
  last30: msg`Ultimi 30 giorni`,
  last90: msg`Ultimi 90 giorni`,
};

/**
 * The chosen range in a few words, for the phone's filter button (FilterSheet): the quick filter,
 * the month or the period that produced it, else its two days; `none` when there is no range.
 */
export function useDateFilterSummary(): (value: DateFilterValue | null, none?: string) => string {
  const { i18n, t } = useLingui();
  return (value, none) => {
    if (!value) return none ?? t`Tutte le date`;
    const { choice } = value;
    if (choice.kind === 'quick') return i18n._(QUICK_LABELS[choice.filter]);
    if (choice.kind === 'month') return formatYearMonth(i18n.locale, choice.month);
    if (choice.kind === 'period') return periodName(choice.numero);
    const from = formatDate(value.from);
    const to = formatDate(value.to);
    return t`Dal ${from} al ${to}`;
  };
}

interface DateRangeFilterProps {
  /** The chosen range, null when none. */
  value: DateFilterValue | null;
  onChange: (value: DateFilterValue | null) => void;
  /** Periods of `studente/info` (periodi_scolastici). */
  periods: readonly PeriodLike[];
  /** Calendar year the school year starts in: the months run from its September to the next June. */
  schoolYearStart: number;
  legend?: string;
  today?: Temporal.PlainDate;
  /** Where the last value is kept (docs/product.md#date-filters: the tab's session storage, cleared when a section opens). */
  storage?: KeyValueStorage;
  /** What no range means on this screen, when it is not "every date" (a list that waits for a range). */
  noRange?: ReactNode;
}

const sameChoice = (a: DateFilterChoice | undefined, b: DateFilterChoice) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The date filter of the screens with dated items (docs/product.md#date-filters): quick
 * ranges, the months of the school year, its periods and a range of one's own. Controlled; every
 * choice is also kept in session storage, and a filter with no value picks the kept one up.
 */
export function DateRangeFilter({
  value,
  onChange,
  periods,
  schoolYearStart,
  legend,
  today,
  storage = globalThis.sessionStorage,
  noRange,
}: DateRangeFilterProps) {
  const { i18n, t } = useLingui();
  const id = useId();
  const [from, setFrom] = useState(value?.choice.kind === 'custom' ? value.from : '');
  const [to, setTo] = useState(value?.choice.kind === 'custom' ? value.to : '');
  const [invalidOrder, setInvalidOrder] = useState(false);

  // Once, on mount: an unset filter takes the range kept from before (a reload keeps it).
  useEffect(() => {
    if (value) return;
    const kept = readDateFilter(storage);
    if (kept) onChange(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function choose(next: DateFilterValue | null) {
    saveDateFilter(storage, next);
    onChange(next);
  }

  function pick(choice: Exclude<DateFilterChoice, { kind: 'custom' }>) {
    const next = resolveDateFilter(choice, { today: today ?? todayInRome(), periods });
    if (next) {
      setFrom('');
      setTo('');
      setInvalidOrder(false);
      choose(next);
    }
  }

  function typeRange(nextFrom: string, nextTo: string) {
    setFrom(nextFrom);
    setTo(nextTo);
    const range = customDateFilter(nextFrom, nextTo);
    setInvalidOrder(!range && nextFrom !== '' && nextTo !== '' && nextFrom > nextTo);
    if (range) choose(range);
  }

  const option = (choice: Exclude<DateFilterChoice, { kind: 'custom' }>, label: ReactNode, key: string, name?: string) => (
    <button
      key={key}
      type="button"
      className={styles.option}
      aria-label={name}
      aria-pressed={sameChoice(value?.choice, choice)}
      onClick={() => pick(choice)}
    >
      {label}
    </button>
  );

  const months = schoolYearMonths(schoolYearStart);
  const errorId = `${id}-errore`;
  const rangeFrom = value ? formatDate(value.from) : '';
  const rangeTo = value ? formatDate(value.to) : '';

  return (
    <fieldset className={styles.filter}>
      <legend className={styles.legend}>{legend ?? t`Periodo da visualizzare`}</legend>

      <div className={styles.group} role="group" aria-labelledby={`${id}-rapidi`}>
        <span id={`${id}-rapidi`} className={styles.groupLabel}>
          <Trans>Filtri rapidi</Trans>
        </span>
        {QUICK_FILTERS.map((filter) => option({ kind: 'quick', filter }, i18n._(QUICK_LABELS[filter]), filter))}
      </div>

      <div className={styles.group} role="group" aria-labelledby={`${id}-mesi`}>
        <span id={`${id}-mesi`} className={styles.groupLabel}>
          <Trans>Mese</Trans>
        </span>
        {months.map((m) => {
          const key = m.toString();
          const label = formatMonthLabel(i18n.locale, m);
          // The year is in the name only: "Set" shows, "Set 2026" is read.
          return option({ kind: 'month', month: key }, label, key, `${label} ${m.year}`);
        })}
      </div>

      {periods.length > 0 && (
        <div className={styles.group} role="group" aria-labelledby={`${id}-periodi`}>
          <span id={`${id}-periodi`} className={styles.groupLabel}>
            <Trans>Periodo scolastico</Trans>
          </span>
          {periods.map((p) => option({ kind: 'period', numero: p.numero }, periodName(p.numero), `periodo-${p.numero}`))}
        </div>
      )}

      <div className={styles.custom} role="group" aria-labelledby={`${id}-personalizzato`}>
        <span id={`${id}-personalizzato`} className={styles.groupLabel}>
          <Trans>Intervallo personalizzato</Trans>
        </span>
        <div className={styles.dateField}>
          <label htmlFor={`${id}-dal`}>
            <Trans>Dal</Trans>
          </label>
          <input
            id={`${id}-dal`}
            type="date"
            value={from}
            max={to || undefined}
            aria-invalid={invalidOrder || undefined}
            aria-describedby={invalidOrder ? errorId : undefined}
            onChange={(e) => typeRange(e.target.value, to)}
          />
        </div>
        <div className={styles.dateField}>
          <label htmlFor={`${id}-al`}>
            <Trans>Al</Trans>
          </label>
          <input
            id={`${id}-al`}
            type="date"
            value={to}
            min={from || undefined}
            aria-invalid={invalidOrder || undefined}
            aria-describedby={invalidOrder ? errorId : undefined}
            onChange={(e) => typeRange(from, e.target.value)}
          />
        </div>
      </div>
      {invalidOrder && (
        <p id={errorId} className={styles.error}>
          <Trans>La data di inizio non può essere successiva a quella di fine.</Trans>
        </p>
      )}

      <div className={styles.group}>
        <p className={styles.summary} role="status" aria-live="polite">
          {value ? (
            <Trans>
              Intervallo scelto: dal {rangeFrom} al {rangeTo}
            </Trans>
          ) : (
            (noRange ?? <Trans>Nessun intervallo scelto: sono mostrate tutte le date.</Trans>)
          )}
        </p>
        {value && (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              setFrom('');
              setTo('');
              setInvalidOrder(false);
              choose(null);
            }}
          >
            <Trans>Rimuovi il filtro</Trans>
          </button>
        )}
      </div>
    </fieldset>
  );
}
