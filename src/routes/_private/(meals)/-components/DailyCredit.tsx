import { Trans, useLingui } from '@lingui/react/macro';
import { dailyBookingsQuery, dailyCreditQuery } from '../../../../api/queries/dailyServices';
import { sortDailyBookings, type DailyBooking, type DailyCreditMovement } from '../../../../domain/dailyServices';
import { DateText } from '../../../../ui/DateTime';
import { Money } from '../../../../ui/Money';
import { Table, type Column } from '../../../../ui/Table';
import { Loaded } from '../../../-shared/Loaded';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import styles from './Meals.module.css';

/** The prepaid credit of the daily services: balance and movements. */
export function DailyCreditSection() {
  const { t } = useLingui();
  const { scope } = useStudent();
  const columns: Column<DailyCreditMovement>[] = [
    { key: 'data', header: t`Data`, cell: (m) => <DateText value={m.data} /> },
    { key: 'descrizione', header: t`Descrizione`, cell: (m) => m.descrizione },
    { key: 'importo', header: t`Importo`, align: 'end', cell: (m) => <Money amount={m.segno === 'A' ? m.importo : -m.importo} signed tone="auto" /> },
  ];
  return (
    <section className={page.card} aria-labelledby="servizi-credito">
      <h2 id="servizi-credito">
        <Trans>Credito prepagato</Trans>
      </h2>
      <Loaded query={dailyCreditQuery(scope)}>
        {(credit) => (
          <>
            <p className={styles.balance} data-testid="credito-servizi">
              <Trans>Credito residuo:</Trans> <Money amount={credit.credito_residuo} signed tone="auto" />
            </p>
            <Table
              columns={columns}
              rows={credit.movimenti}
              rowKey={(m) => m.id}
              caption={t`Movimenti del credito prepagato`}
              captionHidden
              empty={
                <p className={page.muted}>
                  <Trans>Nessun movimento del credito.</Trans>
                </p>
              }
            />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** The year's bookings of daily services, newest day first. */
export function DailyBookings() {
  const { t } = useLingui();
  const { scope } = useStudent();
  const columns: Column<DailyBooking>[] = [
    { key: 'data', header: t`Data`, cell: (b) => <DateText value={b.data_adesione} /> },
    { key: 'servizio', header: t`Servizio`, cell: (b) => b.descrizione },
    { key: 'costo', header: t`Costo`, align: 'end', cell: (b) => <Money amount={b.costo} /> },
  ];
  return (
    <section className={page.card} aria-labelledby="servizi-prenotazioni">
      <h2 id="servizi-prenotazioni">
        <Trans>Prenotazioni dell'anno</Trans>
      </h2>
      <Loaded query={dailyBookingsQuery(scope)} isEmpty={(b) => b.length === 0} empty={<Trans>Nessuna prenotazione quest'anno.</Trans>}>
        {(bookings) => (
          <Table
            columns={columns}
            rows={sortDailyBookings(bookings)}
            rowKey={(b) => b.id}
            rowAttributes={(b) => ({ 'data-prenotazione': b.id })}
            caption={t`Prenotazioni dei servizi giornalieri`}
            captionHidden
          />
        )}
      </Loaded>
    </section>
  );
}
