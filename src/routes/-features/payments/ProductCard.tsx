import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { quantityProblem } from '../../../domain/cart';
import { canAddProduct, cartItemOfProduct, firstQuantity, missingOptions, productRules, type Product } from '../../../domain/payments';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Money } from '../../../ui/Money';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { useCart } from '../../-shared/cart';
import page from '../../-shared/Page.module.css';
import { quantityMessage, SAMPLE_NAMES } from './labels';
import styles from './Payments.module.css';

/**
 * One product of the shop: its price with the discount, every option to choose and a quantity
 * within its rules (docs/product.md#payments); the add button stays off until all of it is right. A sample product
 * (the fallback of docs/product.md#shop-and-mobile-messages) shows the same card marked as an example, with nothing to choose or add.
 */
/** The way to the cart beside an added product: the signed-in cart unless the page gives its own (the mobile one). */
export type CartLink = (label: string) => ReactNode;

const signedInCart: CartLink = (label) => <Link to="/carrello">{label}</Link>;

export function ProductCard({ product, sample = false, cartLink = signedInCart }: { product: Product; sample?: boolean; cartLink?: CartLink }) {
  const { t, i18n } = useLingui();
  const { items, send } = useCart();
  const headingId = useId();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(String(firstQuantity(product)));
  const name = sample ? i18n._(SAMPLE_NAMES[product.cart_id]!) : product.nome;
  const inCart = items.some((i) => i.cart_id === product.cart_id);
  const options = Object.entries(chosen)
    .filter(([, v]) => v !== '')
    .map(([id, valore]) => ({ id, valore }));
  const qty = Number(quantity);
  const problem = quantity.trim() === '' ? 'belowMinimum' : quantityProblem(productRules(product), qty);
  const problemText = quantityMessage(problem, product);
  const missing = missingOptions(product, options);
  const ready = !sample && !inCart && canAddProduct(product, qty, options);

  return (
    <li className={`${page.card} ${styles.product} ${sample ? styles.sample : ''}`} aria-labelledby={headingId} data-cart-id={product.cart_id}>
      <h3 id={headingId}>{name}</h3>
      {sample && (
        <Badge tone="warning">
          <Trans>Esempio, non acquistabile</Trans>
        </Badge>
      )}
      {product.descrizione && <p className={styles.note}>{product.descrizione}</p>}
      <p className={styles.note}>
        <Trans>Categoria: {product.categoria}</Trans>
      </p>
      <p className={styles.price}>
        {product.sconto ? (
          <>
            <Badge tone="success">{product.sconto.etichetta}</Badge>
            <s className={styles.oldPrice}>
              <span className="visually-hidden">
                <Trans>Prezzo pieno</Trans>{' '}
              </span>
              <Money amount={product.prezzoUnitario} />
            </s>
            <strong>
              <span className="visually-hidden">
                <Trans>Prezzo scontato</Trans>{' '}
              </span>
              <Money amount={product.prezzoScontato} />
            </strong>
          </>
        ) : (
          <strong>
            <Money amount={product.prezzoUnitario} />
          </strong>
        )}{' '}
        <span className={styles.note}>
          <Trans>cad.</Trans>
        </span>
      </p>
      {!sample && product.acquistabile && !inCart && (
        <div className={styles.choices}>
          {product.opzioni.map((o) => (
            <SelectField
              key={o.id}
              label={o.descrizione}
              required
              options={o.valori.map((v) => ({ value: v, label: v }))}
              emptyOption={t`Scegli…`}
              value={chosen[o.id] ?? ''}
              onChange={(v) => setChosen((c) => ({ ...c, [o.id]: v }))}
            />
          ))}
          <TextField
            className={styles.quantity}
            label={t`Quantità`}
            hint={t`Da ${product.quantitaMinima} a ${product.quantitaMassima}, in multipli di ${product.passo}`}
            type="number"
            inputMode="numeric"
            min={product.quantitaMinima}
            max={product.quantitaMassima}
            step={product.passo}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={problemText ? i18n._(problemText) : null}
          />
        </div>
      )}
      <div className={styles.actions}>
        {inCart ? (
          <span className={styles.note}>
            <Trans>Nel carrello</Trans> · {cartLink(t`Vai al carrello`)}
          </span>
        ) : sample || !product.acquistabile ? (
          !sample && (
            <span className={styles.note}>
              <Trans>Non acquistabile</Trans>
            </span>
          )
        ) : (
          <>
            <Button disabled={!ready} onClick={() => send({ type: 'cart.added', item: cartItemOfProduct(product, qty, options) })}>
              <Trans>Aggiungi al carrello</Trans>
              <span className="visually-hidden"> «{name}»</span>
            </Button>
            {missing.length > 0 && (
              <span className={styles.note}>
                <Trans>Scegli: {missing.map((o) => o.descrizione).join(', ')}</Trans>
              </span>
            )}
          </>
        )}
      </div>
    </li>
  );
}
