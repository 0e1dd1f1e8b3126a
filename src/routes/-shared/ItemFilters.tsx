import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subject } from '../../api/queries/student';
import type { ItemFilter } from '../../domain/notes';
import { sortSubjects } from '../../domain/subjects';
import { periodName } from '../../i18n/periodName';
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

/** Subject and period filters of a list screen: native selects, so keyboard and screen readers work as expected. */
export function Filters({ value, onChange, subjects, periods, shown }: FiltersProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className={styles.filters}>
      {subjects && (
        <div className={styles.filter}>
          <label htmlFor={`${id}-materia`}>
            <Trans>Materia</Trans>
          </label>
          <select
            id={`${id}-materia`}
            className={styles.select}
            value={value.subject ?? ''}
            onChange={(e) => onChange({ ...value, subject: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">{t`Tutte le materie`}</option>
            {sortSubjects(subjects).map((s) => (
              <option key={s.id} value={s.id}>
                {s.descrizione}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.filter}>
        <label htmlFor={`${id}-periodo`}>
          <Trans>Periodo</Trans>
        </label>
        <select
          id={`${id}-periodo`}
          className={styles.select}
          value={value.period ?? ''}
          onChange={(e) => onChange({ ...value, period: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t`Intero anno`}</option>
          {periods.map((p) => (
            <option key={p.numero} value={p.numero}>
              {periodName(p.numero)}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.count} aria-live="polite">
        {shown === 1 ? <Trans>1 elemento</Trans> : <Trans>{shown} elementi</Trans>}
      </p>
    </div>
  );
}
