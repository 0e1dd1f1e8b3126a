import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { statementQuery } from '../../../api/queries/payments';
import type { StudentScope } from '../../../domain/student';
import { Skeleton } from '../../../ui/States';
import { CartProvider, useCart } from '../../-shared/cart';
import { Loaded } from '../../-shared/Loaded';
import { Shop } from '../../-features/payments/ShopPage';
import { StatementView } from '../../-features/payments/StatementPage';
import styles from './Mobile.module.css';

const mobileCart = (label: ReactNode) => (
  <Link to="/mobile/$pagina" params={{ pagina: 'carrello' }}>
    {label}
  </Link>
);

/** What the statement and the shop put in the cart is kept in the tab, where the mobile cart reads it. */
function WithCart({ scope, children }: { scope: StudentScope; children: ReactNode }) {
  return (
    <CartProvider scope={scope}>
      <CartCount />
      {children}
    </CartProvider>
  );
}

/** No sidebar here: the way to the cart is this line, shown once something is in it. */
function CartCount() {
  const { count } = useCart();
  return (
    <p className={styles.cart} aria-live="polite">
      {count > 0 && mobileCart(<Trans>Articoli nel carrello: {count}</Trans>)}
    </p>
  );
}

/** /mobile/estratto-conto: the signed-in statement's parts in the code's session. */
export function MobileStatement({ scope }: { scope: StudentScope }) {
  return (
    <WithCart scope={scope}>
      <Loaded query={{ ...statementQuery(scope), meta: { errorDialog: false } }} skeleton={<Skeleton lines={3} />}>
        {(s) => <StatementView scope={scope} statement={s} />}
      </Loaded>
    </WithCart>
  );
}

/** /mobile/negozio: the signed-in shop in the code's session, its cart the mobile one. */
export function MobileShop({ scope }: { scope: StudentScope }) {
  return (
    <WithCart scope={scope}>
      <Shop scope={scope} cartLink={mobileCart} />
    </WithCart>
  );
}
