import { useLingui } from '@lingui/react/macro';
import { ABSENCE_KINDS, type AbsenceTotals as Totals } from '../../../../domain/absences';
import { TOTAL_LABEL } from './labels';
import styles from './Absences.module.css';

/** Totals per type of the events shown, and how many still wait for a justification. */
export function AbsenceTotalsSummary({ totals }: { totals: Totals }) {
  const { t, i18n } = useLingui();
  return (
    <dl className={styles.totals}>
      {ABSENCE_KINDS.map((kind) => (
        <div key={kind} className={styles.total} data-totale={kind}>
          <dt>{i18n._(TOTAL_LABEL[kind])}</dt>
          <dd>{totals[kind]}</dd>
        </div>
      ))}
      <div className={styles.total} data-totale="daGiustificare">
        <dt>{t`Da giustificare`}</dt>
        <dd>{totals.daGiustificare}</dd>
      </div>
    </dl>
  );
}
