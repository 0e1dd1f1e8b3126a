import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { statementQuery } from '../../../api/queries/payments';
import { Badge } from '../../../ui/Badge';
import { EmptyState, Skeleton } from '../../../ui/States';
import { Tabs } from '../../../ui/Tabs';
import { useCart } from '../../-shared/cart';
import { useStudent } from '../../-shared/session';
import page from '../../-shared/Page.module.css';
import { CartView } from './-components/CartView';
import { Loaded } from '../../-shared/Loaded';
import { Shop } from '../../-features/payments/ShopPage';
import { StatementTable, StatementTotals } from '../../-features/payments/Statement';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';

export const Route = createFileRoute('/_private/(payments)/pagamenti')({
  beforeLoad: ({ context }) => requireSection('/pagamenti', context),
  component: PaymentsPage,
  errorComponent: RouteError,
});

function StatementTab() {
  const { t } = useLingui();
  const { scope } = useStudent();
  return (
    <Loaded query={{ ...statementQuery(scope), meta: { errorDialog: false } }} skeleton={<Skeleton lines={3} />}>
      {(s) =>
        s.pagamenti.length === 0 ? (
          <EmptyState>{t`Nessun pagamento per quest'anno.`}</EmptyState>
        ) : (
          <>
            <StatementTotals statement={s} />
            <StatementTable items={s.pagamenti} caption={t`Estratto conto`} />
          </>
        )
      }
    </Loaded>
  );
}

/** docs/product.md#payments: the statement, the marketplace and the cart as tabs, the cart's count on its tab. */
function PaymentsPage() {
  const { t } = useLingui();
  const { count } = useCart();
  const { scope } = useStudent();
  return (
    <div className={page.page}>
      <h1>
        <Trans>Pagamenti</Trans>
      </h1>
      <Tabs
        label={t`Pagamenti`}
        items={[
          { value: 'estratto-conto', label: t`Estratto conto`, content: <StatementTab /> },
          { value: 'marketplace', label: t`Marketplace`, content: <Shop scope={scope} headingLevel={2} /> },
          {
            value: 'carrello',
            label: t`Carrello`,
            badge: <Badge tone="info" count={count} label={count === 1 ? t`articolo` : t`articoli`} />,
            content: <CartView />,
          },
        ]}
      />
    </div>
  );
}
