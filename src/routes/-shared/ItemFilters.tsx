import { Trans, useLingui } from '@lingui/react/macro';
import type { Subject } from '../../api/queries/student';
import type { ItemFilter } from '../../domain/notes';
import { sortSubjects } from '../../domain/subjects';
import { periodName } from '../../i18n/periodName';
import { FilterSheet } from '../../ui/FilterSheet';
import { SelectField } from '../../ui/SelectField';
import { usePhone } from '../../ui/usePhone';
import styles from './Filters.module.css';

interface FiltersProps {
  value: ItemFilter;
  onChange: (next: ItemFilter) => void;
  /** Subjects to offer; omit for items without a subject. */
  subjects?: readonly Subject[];
  periods: readonly { numero: number }[];
  /** How many items the filter leaves, announced politely to screen readers. */
  shown: number;
}

/** The select's '' is "all"; any other value is the id it stands for. */
const idOf = (value: string) => (value === '' ? null : Number(value));

/**
 * Subject and period filters of a list screen: native selects, so keyboard and screen readers work
 * as expected. On a phone, one button saying the choice opens them in a sheet; the count stays beside it.
 */
export function Filters({ value, onChange, subjects, periods, shown }: FiltersProps) {
  const { t } = useLingui();
  const phone = usePhone();
  const count = (
    <p className={styles.count} aria-live="polite">
      {shown === 1 ? <Trans>1 elemento</Trans> : <Trans>{shown} elementi</Trans>}
    </p>
  );
  const subject = value.subject === null ? t`Tutte le materie` : subjects?.find((s) => s.id === value.subject)?.descrizione;
  const period = value.period === null ? t`Intero anno` : periodName(value.period);
  const summary = [subjects ? subject : null, period].filter(Boolean).join(' · ');
  return (
    <FilterSheet summary={summary} aside={phone ? count : undefined}>
      <div className={styles.filters}>
        {subjects && (
        <SelectField
          className={styles.field}
          label={t`Materia`}
          emptyOption={t`Tutte le materie`}
          options={sortSubjects(subjects).map((s) => ({ value: String(s.id), label: s.descrizione }))}
          value={value.subject === null ? '' : String(value.subject)}
          onChange={(next) => onChange({ ...value, subject: idOf(next) })}
        />
      )}
      <SelectField
        className={styles.field}
        label={t`Periodo`}
        emptyOption={t`Intero anno`}
        options={periods.map((p) => ({ value: String(p.numero), label: periodName(p.numero) }))}
        value={value.period === null ? '' : String(value.period)}
        onChange={(next) => onChange({ ...value, period: idOf(next) })}
        />
        {!phone && count}
      </div>
    </FilterSheet>
  );
}
