import { Trans, useLingui } from '@lingui/react/macro';
import { cartItemOfPayment, offlineReason, statementDescription, styleOf, type AccountStatement, type PaymentItem } from '../../../domain/payments';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DateText } from '../../../ui/DateTime';
import { Money } from '../../../ui/Money';
import { Table, type Column } from '../../../ui/Table';
import { useCart } from '../../-shared/cart';
import { STYLE_LABELS } from './labels';
import styles from './Payments.module.css';

export function StatementTotals({ statement }: { statement: AccountStatement }) {
  return (
    <dl className={styles.totals}>
      <div>
        <dt>
          <Trans>Pagato</Trans>
        </dt>
        <dd>
          <Money amount={statement.totalePagato} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Da pagare</Trans>
        </dt>
        <dd>
          <Money amount={statement.totaleDaPagare} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Scaduto</Trans>
        </dt>
        <dd>
          <Money amount={statement.totaleScaduto} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Credito</Trans>
        </dt>
        <dd>
          <Money amount={statement.totaleCredito} />
        </dd>
      </div>
    </dl>
  );
}

/** What can be done with a row: add it to the cart, see it is there, or read how it is paid instead. */
export function PaymentAction({ item }: { item: PaymentItem }) {
  const { items, send } = useCart();
  const description = statementDescription(item);
  if (item.acquistabile) {
    const inCart = items.some((i) => i.cart_id === item.cart_id);
    return inCart ? (
      <span className={styles.note}>
        <Trans>Nel carrello</Trans>
      </span>
    ) : (
      <Button size="small" variant="secondary" onClick={() => send({ type: 'cart.added', item: cartItemOfPayment(item) })}>
        <Trans>Aggiungi al carrello</Trans>
        <span className="visually-hidden"> «{description}»</span>
      </Button>
    );
  }
  if (offlineReason(item) === 'office') {
    return (
      <span className={styles.note}>
        <Trans>Non pagabile online: si paga presso la segreteria della scuola</Trans>
      </span>
    );
  }
  return null;
}

export function StatementTable({ items, caption }: { items: readonly PaymentItem[]; caption: string }) {
  const { t, i18n } = useLingui();
  const columns: Column<PaymentItem>[] = [
    { key: 'descrizione', header: t`Descrizione`, rowHeader: true, compact: 'title', cell: (row) => statementDescription(row) },
    {
      key: 'stato',
      header: t`Stato`,
      compact: 'meta',
      cell: (row) => {
        const style = styleOf(row);
        return style ? <Badge tone={STYLE_LABELS[style].tone}>{i18n._(STYLE_LABELS[style].label)}</Badge> : <Trans>Da pagare</Trans>;
      },
    },
    {
      key: 'scadenza',
      header: t`Scadenza`,
      compact: 'meta',
      cell: (row) => (row.scadenza ? <DateText value={row.scadenza} /> : '—'),
      compactCell: (row) => (row.scadenza ? <DateText value={row.scadenza} /> : null),
    },
    { key: 'importo', header: t`Importo`, align: 'end', compact: 'end', cell: (row) => <Money amount={row.prezzo} /> },
    {
      key: 'azione',
      header: t`Pagamento`,
      // Nothing to say for a row that is neither payable online nor at the office (a phone's row does not open).
      cell: (row) => (row.acquistabile || offlineReason(row) === 'office' ? <PaymentAction item={row} /> : null),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={items}
      rowKey={(row) => row.cart_id}
      caption={caption}
      captionHidden
      rowAttributes={(row) => ({ 'data-cart-id': row.cart_id, 'data-stile': styleOf(row) ?? 'da-pagare' })}
    />
  );
}
