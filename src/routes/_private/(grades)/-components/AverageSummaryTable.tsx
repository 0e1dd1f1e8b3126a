import { Trans, useLingui } from '@lingui/react/macro';
import type { Subject } from '../../../../api/queries/student';
import type { Average, AverageSummary } from '../../../../domain/grades';
import { formatGradeValue } from '../../../../i18n/format';
import { periodName } from '../../../../i18n/periodName';
import { SubjectLabel } from '../../../../ui/SubjectLabel';
import page from '../../../-shared/Page.module.css';
import styles from './Grades.module.css';

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
  return (
    <section className={page.card} aria-labelledby="riepilogo-medie">
      <h2 id="riepilogo-medie" className={styles.subject}>
        <Trans>Riepilogo delle medie</Trans>
      </h2>
      <div className={styles.scroll}>
        <table className={`${styles.table} ${styles.summary}`}>
          <thead>
            <tr>
              <th scope="col">{t`Materia`}</th>
              {periods.map((p) => (
                <th key={p.numero} scope="col">
                  {periodName(p.numero)}
                </th>
              ))}
              <th scope="col">{t`Intero anno`}</th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={row.subject.id}>
                <th scope="row">
                  <SubjectLabel name={row.subject.descrizione} subject={row.subject} />
                </th>
                {periods.map((p) => (
                  <td key={p.numero}>{cell(row.byPeriod.get(p.numero))}</td>
                ))}
                <td>{cell(row.year)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t`Media generale`}</th>
              {periods.map((p) => (
                <td key={p.numero}>{cell(summary.overallByPeriod.get(p.numero))}</td>
              ))}
              <td>{cell(summary.overallYear)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {weighted && (
        <p className={styles.muted}>
          <Trans>* media aritmetica: non tutti i voti hanno un peso, quindi la media ponderata non si può calcolare.</Trans>
        </p>
      )}
    </section>
  );
}
