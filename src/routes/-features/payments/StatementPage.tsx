import { useSuspenseQuery } from '@tanstack/react-query';
import type { AccountStatement } from '../../../domain/payments';
import type { StudentScope } from '../../../domain/student';
import { Trans, useLingui } from '@lingui/react/macro';
import { invoicesQuery, paymentReportQuery, statementQuery } from '../../../api/queries/payments';
import { EmptyState, Skeleton } from '../../../ui/States';
import { Loaded } from '../../-shared/Loaded';
import { useStudent } from '../../-shared/session';
import page from '../../-shared/Page.module.css';
import { Invoices } from './Invoices';
import { ReportChart } from './ReportChart';
import { StatementTable, StatementTotals } from './Statement';
import styles from './Payments.module.css';

/** /estratto-conto (and its refactored twin) in the signed-in area. */
export function StatementPage({ title }: { title: string }) {
  const { scope } = useStudent();
  const { data: statement } = useSuspenseQuery(statementQuery(scope));
  return (
    <div className={page.page}>
      <h1>{title}</h1>
      <StatementView scope={scope} statement={statement} />
    </div>
  );
}

/** The statement's parts under the page's title: totals, rows, invoices and the year's summary. */
export function StatementView({ scope, statement }: { scope: StudentScope; statement: AccountStatement }) {
  const { t } = useLingui();
  return (
    <>
      <StatementTotals statement={statement} />
      <section className={styles.section} aria-labelledby="movimenti">
        <h2 id="movimenti">
          <Trans>Movimenti e pagamenti</Trans>
        </h2>
        {statement.pagamenti.length === 0 ? (
          <EmptyState>
            <Trans>Nessun pagamento per quest'anno.</Trans>
          </EmptyState>
        ) : (
          <StatementTable items={statement.pagamenti} caption={t`Movimenti e pagamenti`} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="fatture">
        <h2 id="fatture">
          <Trans>Fatture e note di credito</Trans>
        </h2>
        <Loaded query={{ ...invoicesQuery(scope), meta: { errorDialog: false } }} skeleton={<Skeleton lines={3} />}>
          {(list) => <Invoices invoices={list} />}
        </Loaded>
      </section>
      <section className={styles.section} aria-labelledby="riepilogo">
        <h2 id="riepilogo">
          <Trans>Riepilogo dell'anno</Trans>
        </h2>
        <Loaded query={{ ...paymentReportQuery(scope), meta: { errorDialog: false } }} skeleton={<Skeleton lines={3} />}>
          {(r) => <ReportChart report={r} />}
        </Loaded>
      </section>
    </>
  );
}
