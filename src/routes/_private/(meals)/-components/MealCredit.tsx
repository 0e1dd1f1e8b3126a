import { Trans, useLingui } from '@lingui/react/macro';
import { mealCreditQuery } from '../../../../api/queries/meals';
import { signedAmount, type MealCreditMovement } from '../../../../domain/meals';
import { formatMoney } from '../../../../i18n/format';
import { Alert } from '../../../../ui/Alert';
import { DateText } from '../../../../ui/DateTime';
import { Money } from '../../../../ui/Money';
import { Table, type Column } from '../../../../ui/Table';
import { Loaded } from '../../../-shared/Loaded';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import styles from './Meals.module.css';

/** `allarme_credito_residuo`: the meal credit is below the school's threshold. */
export function LowCreditAlert({ credit, threshold }: { credit: number; threshold: number | null }) {
  const amount = formatMoney(credit);
  const limit = threshold === null ? null : formatMoney(threshold);
  return (
    <Alert tone="warning">
      {limit === null ? (
        <Trans>Credito mensa basso: restano {amount}. Ricarica il credito per continuare a prenotare i pasti.</Trans>
      ) : (
        <Trans>
          Credito mensa basso: restano {amount}, sotto la soglia di {limit}. Ricarica il credito per continuare a prenotare i pasti.
        </Trans>
      )}
    </Alert>
  );
}

/** Balance and movements (top-ups and meals) of the meal credit. */
export function MealCreditSection() {
  const { t } = useLingui();
  const { scope } = useStudent();
  const columns: Column<MealCreditMovement>[] = [
    { key: 'data', header: t`Data`, cell: (m) => <DateText value={m.data} /> },
    { key: 'descrizione', header: t`Descrizione`, cell: (m) => m.descrizione },
    { key: 'importo', header: t`Importo`, align: 'end', cell: (m) => <Money amount={signedAmount(m)} signed tone="auto" /> },
  ];
  return (
    <section className={page.card} aria-labelledby="mensa-credito">
      <h2 id="mensa-credito">
        <Trans>Credito mensa</Trans>
      </h2>
      <Loaded query={mealCreditQuery(scope)}>
        {(credit) => (
          <>
            <p className={styles.balance}>
              <Trans>Credito residuo:</Trans> <Money amount={credit.credito_residuo} signed tone="auto" />
              {credit.costo_pasto !== null && (
                <span className={page.muted}>
                  {' '}
                  · <Trans>costo di un pasto</Trans> <Money amount={credit.costo_pasto} />
                </span>
              )}
            </p>
            <Table
              columns={columns}
              rows={credit.movimenti}
              rowKey={(m) => `${m.data}-${m.segno}-${m.descrizione}`}
              caption={t`Movimenti del credito mensa`}
              captionHidden
              empty={
                <p className={page.muted}>
                  <Trans>Nessun movimento del credito mensa.</Trans>
                </p>
              }
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
