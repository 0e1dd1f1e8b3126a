import { useActorRef, useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { cartTotalCent, itemsBlocking, type CartItem, type PaymentMethod } from '../../../../domain/cart';
import { keptPayment, type PaymentTransaction } from '../../../../domain/checkout';
import type { StudentScope } from '../../../../domain/student';
import type { CardSlot } from '../../../../api/paymentProviders';
import { checkoutMachine } from '../../../../machines/checkout.machine';
import { paymentMachine } from '../../../../machines/payment.machine';
import { paymentActors } from '../../../../machines/paymentActors';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Money } from '../../../../ui/Money';
import { CardPaymentForm } from './CardPaymentForm';
import { AppPaymentPanel, type AppPanelState } from './AppPaymentPanel';
import { ArrangementInstructions } from './ArrangementInstructions';
import { PaymentReceipt } from './PaymentReceipt';
import { PaymentProblem } from './PaymentProblem';
import styles from './Checkout.module.css';

export interface CheckoutStudent {
  nome: string;
  cognome?: string | null;
  classe?: string | null;
}

interface CheckoutProps {
  items: CartItem[];
  scope: StudentScope;
  student: CheckoutStudent;
  /** The payment is confirmed by the server: empty the cart, refresh what shows the items. */
  onPaid: (receipt: PaymentTransaction) => void;
  /** The mobile pages offer the app first (the app's users have it on the same phone). */
  appFirst?: boolean;
  /** An attempt ended without a payment (refused, cancelled, abandoned): the mobile pages tell the app. */
  onAttemptEnded?: (outcome: 'annullato' | 'abbandonato') => void;
}

/**
 * The cart's checkout (docs/product.md#payments): how to pay, the payment, the receipt. The machines decide and
 * their actors make the calls (machines/paymentActors.ts); the attempt is kept in the tab
 * (domain/checkout.ts `keptPayment`) so that a reload resumes it.
 */
export function Checkout({ items, scope, student, onPaid, appFirst = false, onAttemptEnded }: CheckoutProps) {
  const queryClient = useQueryClient();
  const kept = useMemo(() => keptPayment(sessionStorage, scope), [scope]);
  // A holder the card form fills and the confirmation reads, outside React's render.
  const [card] = useState<CardSlot>(() => ({ current: null }));
  const [resume] = useState(kept.read);

  const machine = useMemo(
    () => checkoutMachine.provide({ actors: { payment: paymentMachine.provide({ actors: paymentActors(queryClient, scope, card) }) } }),
    [scope, queryClient, card],
  );

  const actor = useActorRef(machine, { input: { items, resume } });

  useEffect(() => {
    const subscriptions = [
      actor.on('checkout.attemptStarted', (e) => kept.keep(e.attempt)),
      actor.on('checkout.attemptEnded', () => kept.forget()),
      actor.on('checkout.unpaid', (e) => onAttemptEnded?.(e.outcome)),
      actor.on('checkout.paid', (e) => onPaid(e.receipt)),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, kept, onPaid, onAttemptEnded]);

  const value = useSelector(actor, (s) => s.value);
  const message = useSelector(actor, (s) => s.context.message);
  const receipt = useSelector(actor, (s) => s.context.receipt);
  const payment = useSelector(actor, (s) => s.children.payment as ActorRefFrom<typeof paymentMachine> | undefined);
  const machineItems = useSelector(actor, (s) => s.context.items);

  if (value === 'paid' && receipt) return <PaymentReceipt receipt={receipt} scope={scope} />;
  if (value === 'paying' && payment) {
    return (
      <PaymentView payment={payment} scope={scope} card={card} />
    );
  }
  if (value === 'arrangement') {
    return (
      <section className={styles.checkout} aria-labelledby="accordo-titolo">
        <ArrangementInstructions items={machineItems} scope={scope} student={student} headingId="accordo-titolo" />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'checkout.back' })}>
            <Trans>Torna ai metodi di pagamento</Trans>
          </Button>
        </div>
      </section>
    );
  }
  return (
    <MethodChoice
      items={machineItems}
      appFirst={appFirst}
      message={message}
      onChoose={(metodo) => actor.send({ type: 'checkout.choose', metodo })}
      onArrange={() => actor.send({ type: 'checkout.arrange' })}
    />
  );
}

function MethodChoice({
  items, appFirst, message, onChoose, onArrange,
}: { items: CartItem[]; appFirst: boolean; message: string | null; onChoose: (m: PaymentMethod) => void; onArrange: () => void }) {
  const { t } = useLingui();
  const total = cartTotalCent(items);
  const methods: PaymentMethod[] = appFirst ? ['app', 'carta'] : ['carta', 'app'];
  const onlineNone = items.every((i) => !i.pagamentoCarta && !i.pagamentoApp);
  return (
    <section className={styles.checkout} aria-labelledby="pagamento-titolo">
      <h2 id="pagamento-titolo">
        <Trans>Come vuoi pagare?</Trans>
      </h2>
      <p className={styles.total}>
        <Trans>Totale</Trans> <Money amount={total / 100} />
      </p>
      {message && (
        <Alert tone="error">
          <strong>{t`Errore nel pagamento`}</strong> {message}
        </Alert>
      )}
      <div className={styles.methods}>
        {methods.map((metodo) => {
          const blocking = itemsBlocking(items, metodo);
          const title = metodo === 'carta' ? t`Carta di pagamento` : t`App di pagamento (Satispay)`;
          const reasonId = `blocco-${metodo}`;
          return (
            <div key={metodo} className={styles.method}>
              <h3>{title}</h3>
              {blocking.length === 0 ? (
                <Button onClick={() => onChoose(metodo)}>{metodo === 'carta' ? t`Paga con carta` : t`Paga con Satispay`}</Button>
              ) : (
                <>
                  <p id={reasonId}>
                    {metodo === 'carta'
                      ? t`Non disponibile: la scuola non consente il pagamento con carta per`
                      : t`Non disponibile: la scuola non consente il pagamento con l'app per`}
                  </p>
                  <ul className={styles.blocked} aria-describedby={reasonId}>
                    {blocking.map((item) => (
                      <li key={item.cart_id}>{item.nome}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          );
        })}
        <div className={styles.method}>
          <h3>{t`In accordo con la scuola`}</h3>
          <p>
            {onlineNone
              ? t`Questi articoli non si possono pagare online: la scuola indica come pagarli in segreteria o con bonifico.`
              : t`In segreteria o con bonifico bancario, secondo le indicazioni della scuola.`}
          </p>
          <Button variant={onlineNone ? 'primary' : 'secondary'} onClick={onArrange}>
            {t`Vedi come pagare la scuola`}
          </Button>
        </div>
      </div>
    </section>
  );
}

function PaymentView({ payment, scope, card }: { payment: ActorRefFrom<typeof paymentMachine>; scope: StudentScope; card: CardSlot }) {
  const snapshot = useSelector(payment, (s) => s);
  const { t } = useLingui();

  const amount = snapshot.context.importoCent;
  const header = amount !== null && (
    <p className={styles.total}>
      <Trans>Importo</Trans> <Money amount={amount / 100} />
    </p>
  );

  if (snapshot.matches('starting') || snapshot.matches('creating')) {
    return (
      <section className={styles.checkout} aria-busy="true">
        <Alert tone="info">{t`Preparazione del pagamento…`}</Alert>
      </section>
    );
  }
  if (snapshot.matches('createFailed') || snapshot.matches('readFailed')) {
    return (
      <section className={styles.checkout}>
        <PaymentProblem failure={snapshot.context.failure} />
        <div className={styles.actions}>
          <Button onClick={() => payment.send({ type: 'payment.retry' })}>{t`Riprova`}</Button>
          {snapshot.matches('createFailed') && (
            <Button variant="secondary" onClick={() => payment.send({ type: 'payment.abandon' })}>
              {t`Torna ai metodi di pagamento`}
            </Button>
          )}
        </div>
      </section>
    );
  }
  if (snapshot.matches({ card: 'resuming' })) {
    return (
      <section className={styles.checkout} aria-busy="true">
        {header}
        <Alert tone="info">{t`La banca chiede ancora di confermare il pagamento (3-D Secure): completa l'autenticazione.`}</Alert>
      </section>
    );
  }
  if (snapshot.matches('reading') || snapshot.matches('succeeded')) {
    return (
      <section className={styles.checkout} aria-busy="true">
        {header}
        <Alert tone="info">{t`Verifica dell'esito del pagamento…`}</Alert>
      </section>
    );
  }
  if (snapshot.matches('card')) {
    return (
      <section className={styles.checkout} aria-labelledby="carta-titolo">
        <h2 id="carta-titolo">{t`Pagamento con carta`}</h2>
        {header}
        <CardPaymentForm
          scope={scope}
          handle={card}
          busy={snapshot.matches({ card: 'confirming' })}
          message={snapshot.context.message}
          onSubmit={(name) => payment.send({ type: 'card.submit', name })}
          onAbandon={() => payment.send({ type: 'payment.abandon' })}
        />
      </section>
    );
  }
  return (
    <AppPaymentPanel
      header={header}
      state={appPanelState(snapshot)}
      failure={snapshot.context.failure}
      onReopen={() => payment.send({ type: 'app.reopen' })}
      onRetry={() => payment.send({ type: 'payment.retry' })}
      onKeepWaiting={() => payment.send({ type: 'app.keepWaiting' })}
      onAbandon={() => payment.send({ type: 'payment.abandon' })}
    />
  );
}

function appPanelState(s: SnapshotFrom<typeof paymentMachine>): AppPanelState {
  if (s.matches({ app: 'opening' })) return 'opening';
  if (s.matches({ app: 'openFailed' })) return 'openFailed';
  if (s.matches({ app: 'unanswered' })) return 'unanswered';
  if (s.matches({ app: 'cancelling' }) || s.matches({ app: 'cancelChecking' })) return 'cancelling';
  if (s.matches({ app: 'cancelFailed' })) return 'cancelFailed';
  return 'waiting';
}
