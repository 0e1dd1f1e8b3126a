import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Subject } from '../../../../api/queries/student';
import type { Average, AverageSummary } from '../../../../domain/grades';
import { formatGradeValue } from '../../../../i18n/format';
import { periodName } from '../../../../i18n/periodName';
import { SubjectLabel } from '../../../../ui/SubjectLabel';
import { Table, type Column } from '../../../../ui/Table';
import page from '../../../-shared/Page.module.css';
import styles from './Grades.module.css';

/** A subject's averages, or the overall ones in the last row. */
interface SummaryRow {
  key: string | number;
  name: ReactNode;
  byPeriod: ReadonlyMap<number, Average | null | undefined>;
  year: Average | null | undefined;
}

/**
 * Averages of every subject in each period and in the year, and the overall average of each.
 * Where the school weighs grades, an arithmetic average (some grade without weight) is marked.
 */
export function AverageSummaryTable({
  summary,
  periods,
  weighted,
}: {
  summary: AverageSummary<Subject>;
  periods: readonly { numero: number }[];
  weighted: boolean;
}) {
  const { t } = useLingui();
  const cell = (a: Average | null | undefined) => {
    if (!a)
      return (
        <>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">{t`nessuna media`}</span>
        </>
      );
    const value = formatGradeValue(a.value);
    return weighted && a.kind === 'arithmetic' ? (
      <>
        {value}
        <span aria-hidden="true">*</span>
        <span className="visually-hidden"> {t`(media aritmetica)`}</span>
      </>
    ) : (
      value
    );
  };
  const rows: SummaryRow[] = summary.rows.map((row) => ({
    key: row.subject.id,
    name: <SubjectLabel name={row.subject.descrizione} subject={row.subject} />,
    byPeriod: row.byPeriod,
    year: row.year,
  }));
  const overall: SummaryRow = { key: 'media-generale', name: t`Media generale`, byPeriod: summary.overallByPeriod, year: summary.overallYear };
  const columns: Column<SummaryRow>[] = [
    { key: 'materia', header: t`Materia`, rowHeader: true, compact: 'title', cell: (r) => r.name },
    ...periods.map(
      (p): Column<SummaryRow> => ({ key: `periodo-${p.numero}`, header: periodName(p.numero), align: 'end', cell: (r) => cell(r.byPeriod.get(p.numero)) }),
    ),
    { key: 'anno', header: t`Intero anno`, align: 'end', compact: 'end', cell: (r) => cell(r.year) },
  ];
  return (
    <section className={page.card} aria-labelledby="riepilogo-medie">
      <h2 id="riepilogo-medie" className={styles.subject}>
        <Trans>Riepilogo delle medie</Trans>
      </h2>
      <Table
        columns={columns}
        rows={rows}
        footer={[overall]}
        rowKey={(r) => r.key}
        caption={t`Riepilogo delle medie`}
        captionHidden
      />
      {weighted && (
        <p className={styles.muted}>
          <Trans>* media aritmetica: non tutti i voti hanno un peso, quindi la media ponderata non si può calcolare.</Trans>
        </p>
      )}
    </section>
  );
}
