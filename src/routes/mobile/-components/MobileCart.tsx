import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { lineTotalCent, restoredItems } from '../../../domain/cart';
import { keptPayment, type PaymentTransaction } from '../../../domain/checkout';
import type { StudentScope } from '../../../domain/student';
import { readJson, remove } from '../../../domain/tabStorage';
import { EmptyState } from '../../../ui/States';
import { Money } from '../../../ui/Money';
import { cartStorageKey } from '../../-shared/cart';
import { Checkout, type CheckoutStudent } from '../../-features/payments/checkout/Checkout';
import { invalidatePaymentReads } from '../../-features/payments/checkout/invalidate';
import { outcomeSearch, tellApp, type MobileOutcome } from './outcome';

/**
 * The mobile cart (docs/product.md#mobile-pages): the cart kept in the web view's tab and its checkout,
 * the mobile payment app first; the end is told to the app (docs/mobile.md).
 */
export function MobileCart({ scope, student }: { scope: StudentScope; student: CheckoutStudent }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [items] = useState(() => restoredItems(readJson(sessionStorage, cartStorageKey(scope))));
  const [pending] = useState(() => keptPayment(sessionStorage, scope).read());

  const finish = useCallback(
    (o: Omit<MobileOutcome, 'tipo' | 'versione' | 'pagina' | 'errore'>) => {
      const outcome: MobileOutcome = { tipo: 'portale-famiglie.esito', versione: 1, pagina: 'carrello', errore: null, ...o };
      tellApp(outcome);
      void navigate({ to: '/mobile/$pagina', params: { pagina: 'esito' }, search: outcomeSearch(outcome), replace: true });
    },
    [navigate],
  );
  const onPaid = useCallback(
    (receipt: PaymentTransaction) => {
      remove(sessionStorage, cartStorageKey(scope));
      void invalidatePaymentReads(queryClient);
      finish({ stato: 'confermato', id_transazione: receipt.id, importo: receipt.importoCent / 100 });
    },
    [scope, queryClient, finish],
  );
  const onAttemptEnded = useCallback(
    (stato: 'annullato' | 'abbandonato') => {
      // Told, but the page stays: the family may pay another way.
      tellApp({ tipo: 'portale-famiglie.esito', versione: 1, pagina: 'carrello', stato, id_transazione: null, importo: null, errore: null });
    },
    [],
  );

  if (items.length === 0 && !pending) return <EmptyState>{t`Il carrello è vuoto.`}</EmptyState>;
  return (
    <>
      {items.length > 0 && (
        <ul aria-label={t`Articoli nel carrello`}>
          {items.map((item) => (
            <li key={item.cart_id}>
              {item.nome}
              {item.quantita > 1 ? ` x${item.quantita}` : ''} — <Money amount={lineTotalCent(item) / 100} />
            </li>
          ))}
        </ul>
      )}
      <Checkout items={items} scope={scope} student={student} onPaid={onPaid} onAttemptEnded={onAttemptEnded} appFirst />
    </>
  );
}
