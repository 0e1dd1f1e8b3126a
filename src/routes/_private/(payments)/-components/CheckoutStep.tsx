import { Trans, useLingui } from '@lingui/react/macro';
import { cartTotalCent } from '../../../../domain/cart';
import { Button } from '../../../../ui/Button';
import { Money } from '../../../../ui/Money';
import { useCart } from '../../../-shared/cart';
import styles from './Payments.module.css';

/**
 * The checkout step of /carrello: what is about to be paid. The payment methods (card, app, by
 * arrangement) are the checkout's and are added here by it.
 */
export function CheckoutStep({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const { items } = useCart();
  return (
    <section className={styles.section} aria-labelledby="pagamento">
      <h2 id="pagamento">
        <Trans>Pagamento</Trans>
      </h2>
      <p className={styles.price}>
        <Trans>Da pagare:</Trans> <Money amount={cartTotalCent(items) / 100} />
      </p>
      <p>
        <Button variant="secondary" onClick={onBack}>
          {t`Torna al carrello`}
        </Button>
      </p>
    </section>
  );
}
