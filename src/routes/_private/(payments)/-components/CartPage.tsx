import { Trans } from '@lingui/react/macro';
import { useCart } from '../../../-shared/cart';
import page from '../../../-shared/Page.module.css';
import { CartView } from './CartView';
import { CheckoutStep } from './CheckoutStep';

export function CartPage({ title, step }: { title: string; step?: 'pagamento' }) {
  const { count } = useCart();
  return (
    <div className={page.page}>
      <h1>{title}</h1>
      <p className={page.muted} aria-live="polite">
        <Trans>Articoli nel carrello: {count}</Trans>
      </p>
      {step === 'pagamento' && count > 0 ? <CheckoutStep /> : <CartView />}
    </div>
  );
}
