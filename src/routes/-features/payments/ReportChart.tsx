import { Trans, useLingui } from '@lingui/react/macro';
import { categoryBars, type PaymentReport } from '../../../domain/payments';
import { Money } from '../../../ui/Money';
import { Table, type Column } from '../../../ui/Table';
import styles from './Payments.module.css';

const ROW = 28;
const LABEL = 0;
const WIDTH = 400;

/**
 * The year's summary per category: a bar per category (paid, then still to pay) drawn in plain
 * SVG, hidden from screen readers because the table under it says the same in words.
 */
export function ReportChart({ report }: { report: PaymentReport }) {
  const { t } = useLingui();
  const bars = categoryBars(report);
  if (bars.length === 0) {
    return (
      <p className={styles.note}>
        <Trans>Nessun importo da riepilogare per quest'anno.</Trans>
      </p>
    );
  }
  type Row = (typeof bars)[number];
  const columns: Column<Row>[] = [
    { key: 'categoria', header: t`Categoria`, rowHeader: true, cell: (r) => r.categoria },
    { key: 'totale', header: t`Totale`, align: 'end', cell: (r) => <Money amount={r.totale} /> },
    { key: 'pagato', header: t`Pagato`, align: 'end', cell: (r) => <Money amount={r.pagato} /> },
    { key: 'daPagare', header: t`Da pagare`, align: 'end', cell: (r) => <Money amount={r.daPagare} /> },
  ];
  const height = bars.length * ROW * 2;
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" focusable="false">
        {bars.map((b, i) => {
          const y = i * ROW * 2;
          const paid = b.paidShare * (WIDTH - LABEL);
          return (
            <g key={b.categoria}>
              <text x={0} y={y + 14} fontSize="13" fill="currentColor">
                {b.categoria}
              </text>
              <rect className={styles.paidBar} x={LABEL} y={y + 20} width={paid} height={ROW - 12} />
              <rect className={styles.dueBar} x={LABEL + paid} y={y + 20} width={b.dueShare * (WIDTH - LABEL)} height={ROW - 12} />
            </g>
          );
        })}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={styles.swatchPaid} />
          <Trans>Pagato</Trans>
        </li>
        <li>
          <span className={styles.swatchDue} />
          <Trans>Da pagare</Trans>
        </li>
      </ul>
      <figcaption>
        <Table columns={columns} rows={bars} rowKey={(r) => r.categoria} caption={t`Riepilogo dell'anno per categoria`} />
      </figcaption>
    </figure>
  );
}
