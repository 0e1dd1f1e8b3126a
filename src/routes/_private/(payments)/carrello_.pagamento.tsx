import { createFileRoute, Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { PaymentTransaction } from '../../../domain/checkout';
import { keptPayment } from '../../../domain/checkout';
import { EmptyState } from '../../../ui/States';
import { useCart } from '../../-shared/cart';
import { Checkout } from '../../-features/payments/checkout/Checkout';
import { invalidatePaymentReads } from '../../-features/payments/checkout/invalidate';
import { requireSection } from '../../-shared/guards';
import { useStudent } from '../../-shared/session';
import page from '../../-shared/Page.module.css';

/** The checkout step of the cart (docs/product.md#payments): /carrello/pagamento, guarded like the cart. */
export const Route = createFileRoute('/_private/(payments)/carrello_/pagamento')({
  beforeLoad: ({ context }) => requireSection('/carrello', context),
  component: CheckoutPage,
});

function CheckoutPage() {
  const { t } = useLingui();
  const { scope, student } = useStudent();
  const cart = useCart();
  const queryClient = useQueryClient();
  // The checkout pays the cart as it was when it opened: emptying it after the payment must not
  // take the receipt off the screen.
  const [items] = useState(() => cart.items);
  const [pending] = useState(() => keptPayment(sessionStorage, scope).read());
  const classe = student.anni.find((a) => a.id === scope.anno)?.classe ?? null;
  const { send } = cart;

  const onPaid = useCallback(
    (_receipt: PaymentTransaction) => {
      send({ type: 'cart.paid' });
      void invalidatePaymentReads(queryClient);
    },
    [send, queryClient],
  );

  return (
    <div className={page.page}>
      <h1>{t`Pagamento`}</h1>
      {/* Until the payment empties the cart, the way back to change it. */}
      {cart.items.length > 0 && (
        <p>
          <Link to="/carrello">{t`Torna al carrello`}</Link>
        </p>
      )}
      {items.length === 0 && !pending ? (
        <EmptyState>
          <Trans>Il carrello è vuoto.</Trans>{' '}
          <Link to="/negozio">
            <Trans>Vai al negozio</Trans>
          </Link>
        </EmptyState>
      ) : (
        <Checkout items={items} scope={scope} student={{ nome: student.nome, cognome: student.cognome, classe }} onPaid={onPaid} />
      )}
    </div>
  );
}
