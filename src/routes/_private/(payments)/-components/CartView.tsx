import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { cartTotalCent, lineTotalCent, quantityProblem, type CartItem } from '../../../../domain/cart';
import { Button, buttonClass } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { Money } from '../../../../ui/Money';
import { EmptyState } from '../../../../ui/States';
import { Table, type Column } from '../../../../ui/Table';
import { TextField } from '../../../../ui/TextField';
import { useCart } from '../../../-shared/cart';
import { quantityMessage } from '../../../-features/payments/labels';
import styles from '../../../-features/payments/Payments.module.css';

const euros = (cents: number) => cents / 100;

/** A product's quantity, changed within its rules; what breaks them is said and not kept. */
function QuantityCell({ item }: { item: CartItem }) {
  const { t, i18n } = useLingui();
  const { send } = useCart();
  const [value, setValue] = useState(String(item.quantita));
  if (item.tipo === 'pagamento') return <>{item.quantita}</>;
  const problem = value.trim() === '' ? 'belowMinimum' : quantityProblem(item, Number(value));
  const message = quantityMessage(problem, item);
  return (
    <TextField
      className={styles.quantity}
      label={<span className="visually-hidden">{t`Quantità di «${item.nome}»`}</span>}
      type="number"
      inputMode="numeric"
      min={item.quantitaMinima}
      max={item.quantitaMassima}
      step={item.passo}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && quantityProblem(item, n) === null) send({ type: 'cart.quantitySet', cart_id: item.cart_id, quantita: n });
      }}
      error={message ? i18n._(message) : null}
    />
  );
}

/**
 * The cart (docs/product.md#payments): every item with its options, quantity, unit price, discount and line total,
 * the total, removing one item or emptying all after a confirmation, and the way to the checkout.
 */
export function CartView({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const { items, send } = useCart();
  const [confirming, setConfirming] = useState(false);
  const H = `h${headingLevel}` as const;

  if (items.length === 0) {
    return (
      <EmptyState>
        <Trans>Il carrello è vuoto.</Trans> <Link to="/negozio">{t`Vai al negozio`}</Link> ·{' '}
        <Link to="/estratto-conto">{t`Vai all'estratto conto`}</Link>
      </EmptyState>
    );
  }

  const columns: Column<CartItem>[] = [
    {
      key: 'nome',
      header: t`Articolo`,
      rowHeader: true,
      cell: (i) => (
        <>
          {i.nome}
          {i.opzioni.length > 0 && (
            <ul className={styles.options} aria-label={t`Opzioni`}>
              {i.opzioni.map((o) => (
                <li key={o.id}>
                  {o.id}: {o.valore}
                </li>
              ))}
            </ul>
          )}
        </>
      ),
    },
    { key: 'quantita', header: t`Quantità`, cell: (i) => <QuantityCell item={i} /> },
    { key: 'prezzo', header: t`Prezzo unitario`, align: 'end', cell: (i) => <Money amount={euros(i.prezzoUnitarioCent)} /> },
    {
      key: 'sconto',
      header: t`Sconto`,
      cell: (i) =>
        i.sconto ? (
          <>
            {i.sconto} (<Money amount={euros(i.prezzoScontatoCent)} />)
          </>
        ) : (
          '—'
        ),
    },
    { key: 'totale', header: t`Totale`, align: 'end', cell: (i) => <Money amount={euros(lineTotalCent(i))} /> },
    {
      key: 'rimuovi',
      header: <span className="visually-hidden">{t`Azioni`}</span>,
      stackedLabel: false,
      cell: (i) => (
        <Button size="small" variant="secondary" onClick={() => send({ type: 'cart.removed', cart_id: i.cart_id })}>
          <Trans>Rimuovi</Trans>
          <span className="visually-hidden"> «{i.nome}»</span>
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="carrello-articoli">
      <H id="carrello-articoli">
        <Trans>Articoli nel carrello</Trans>
      </H>
      <Table columns={columns} rows={items} rowKey={(i) => i.cart_id} caption={t`Articoli nel carrello`} captionHidden rowAttributes={(i) => ({ 'data-cart-id': i.cart_id })} />
      <p className={styles.price}>
        <strong>
          <Trans>Totale del carrello:</Trans>
        </strong>{' '}
        <strong data-testid="totale-carrello">
          <Money amount={euros(cartTotalCent(items))} />
        </strong>
      </p>
      <div className={styles.actions}>
        {/* One way into the checkout from every place that shows the cart: its own address, so a reload mid-payment lands back in it. */}
        <Link to="/carrello/pagamento" className={buttonClass('primary')}>
          <Trans>Procedi al pagamento</Trans>
        </Link>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <Trans>Svuota il carrello</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t`Svuotare il carrello?`}
        message={t`Tutti gli articoli verranno tolti dal carrello.`}
        confirmLabel={t`Svuota`}
        tone="danger"
        onConfirm={() => {
          send({ type: 'cart.emptied' });
          setConfirming(false);
        }}
      />
    </section>
  );
}
