import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useCart } from '../../../-shared/cart';
import page from '../../../-shared/Page.module.css';
import { CartView } from './CartView';
import { CheckoutStep } from './CheckoutStep';

/** /carrello: the cart, then (from its «Procedi al pagamento») the checkout step. */
export function CartPage({ title }: { title: string }) {
  const { count } = useCart();
  const [step, setStep] = useState<'carrello' | 'pagamento'>('carrello');
  return (
    <div className={page.page}>
      <h1>{title}</h1>
      <p className={page.muted} aria-live="polite">
        <Trans>Articoli nel carrello: {count}</Trans>
      </p>
      {step === 'pagamento' && count > 0 ? <CheckoutStep onBack={() => setStep('carrello')} /> : <CartView onCheckout={() => setStep('pagamento')} />}
    </div>
  );
}
