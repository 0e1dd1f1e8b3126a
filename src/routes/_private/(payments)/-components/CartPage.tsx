import { Trans } from '@lingui/react/macro';
import { useCart } from '../../../-shared/cart';
import page from '../../../-shared/Page.module.css';
import { CartView } from './CartView';

/** /carrello: the cart; its «Procedi al pagamento» opens the checkout at /carrello/pagamento. */
export function CartPage({ title }: { title: string }) {
  const { count } = useCart();
  return (
    <div className={page.page}>
      <h1>{title}</h1>
      <p className={page.muted} aria-live="polite">
        <Trans>Articoli nel carrello: {count}</Trans>
      </p>
      <CartView />
    </div>
  );
}
