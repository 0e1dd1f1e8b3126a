import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { creditsQuery } from '../../../api/queries/payments';
import type { CreditRow } from '../../../domain/payments';
import { DateText } from '../../../ui/DateTime';
import { Money } from '../../../ui/Money';
import { EmptyState } from '../../../ui/States';
import { Table, type Column } from '../../../ui/Table';
import { useStudent } from '../../-shared/session';
import page from '../../-shared/Page.module.css';
import { CREDIT_KIND_LABELS } from '../../-features/payments/labels';
import styles from '../../-features/payments/Payments.module.css';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';

export const Route = createFileRoute('/_private/(payments)/crediti')({
  beforeLoad: ({ context }) => requireSection('/crediti', context),
  // With the screen's code, and on hover or focus of its link: the page opens with its data.
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(creditsQuery(scope)),
  component: CreditsPage,
  errorComponent: RouteError,
});

/** The credit statement (docs/product.md#payments): each row's type named, avere or dare, and the balance. */
function CreditsPage() {
  const { t, i18n } = useLingui();
  const { scope } = useStudent();
  const { data } = useSuspenseQuery(creditsQuery(scope));
  const columns: Column<CreditRow>[] = [
    { key: 'data', header: t`Data`, cell: (r) => (r.data ? <DateText value={r.data} /> : '—') },
    { key: 'descrizione', header: t`Descrizione`, rowHeader: true, cell: (r) => r.descrizione },
    { key: 'tipo', header: t`Tipo`, cell: (r) => (r.tipo ? i18n._(CREDIT_KIND_LABELS[r.tipo]) : r.descrizioneTipo || '—') },
    { key: 'segno', header: t`Avere / dare`, cell: (r) => (r.avere ? <Trans>Avere</Trans> : <Trans>Dare</Trans>) },
    { key: 'importo', header: t`Importo`, align: 'end', cell: (r) => <Money amount={r.avere ? r.importo : -r.importo} signed tone="auto" /> },
  ];
  return (
    <div className={page.page}>
      <h1>
        <Trans>Crediti</Trans>
      </h1>
      <dl className={styles.totals}>
        <div>
          <dt>
            <Trans>Saldo</Trans>
          </dt>
          <dd data-testid="saldo-crediti">
            <Money amount={data.saldo} signed tone="auto" />
          </dd>
        </div>
      </dl>
      {data.movimenti.length === 0 ? (
        <EmptyState>
          <Trans>Nessun movimento di credito per quest'anno.</Trans>
        </EmptyState>
      ) : (
        <Table columns={columns} rows={data.movimenti} rowKey={(r) => r.id} caption={t`Movimenti di credito`} captionHidden rowAttributes={(r) => ({ 'data-tipo': r.tipo ?? '' })} />
      )}
    </div>
  );
}
