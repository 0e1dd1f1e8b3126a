import { Trans, useLingui } from '@lingui/react/macro';
import { consumedMealsQuery } from '../../../../api/queries/meals';
import { mealsByMonth, type ConsumedMeal } from '../../../../domain/meals';
import { formatMonthYear } from '../../../../i18n/format';
import { DateText } from '../../../../ui/DateTime';
import { Money } from '../../../../ui/Money';
import { Table, type Column } from '../../../../ui/Table';
import { Loaded } from '../../../-shared/Loaded';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import styles from './Meals.module.css';

/** The year's consumed meals, newest first, one table per month. */
export function ConsumedMeals({ count }: { count: number }) {
  const { t, i18n } = useLingui();
  const { scope } = useStudent();
  const columns: Column<ConsumedMeal>[] = [
    { key: 'data', header: t`Data`, cell: (m) => <DateText value={m.data} /> },
    { key: 'servizio', header: t`Pasto`, cell: (m) => m.servizio },
    { key: 'menu', header: t`Menù`, cell: (m) => m.descrizione },
    { key: 'costo', header: t`Costo`, align: 'end', cell: (m) => <Money amount={m.costo} /> },
  ];
  return (
    <section className={page.card} aria-labelledby="mensa-consumati">
      <h2 id="mensa-consumati">
        <Trans>Pasti consumati ({count})</Trans>
      </h2>
      <Loaded query={consumedMealsQuery(scope)} isEmpty={(meals) => meals.length === 0} empty={<Trans>Nessun pasto consumato quest'anno.</Trans>}>
        {(meals) =>
          mealsByMonth(meals).map(({ month, meals: ofMonth }) => {
            const label = formatMonthYear(i18n.locale, month);
            const n = ofMonth.length;
            return (
              <section key={month} className={styles.month} aria-labelledby={`mese-${month}`}>
                <h3 id={`mese-${month}`} className={styles.monthTitle}>
                  {label} <span className={page.muted}>({n})</span>
                </h3>
                <Table columns={columns} rows={ofMonth} rowKey={(m) => m.id} caption={t`Pasti consumati in ${label}`} captionHidden />
              </section>
            );
          })
        }
      </Loaded>
    </section>
  );
}
