import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ActionFailure } from '../../../../domain/failure';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { PaymentProblem } from './PaymentProblem';
import styles from './Checkout.module.css';

export type AppPanelState = 'opening' | 'openFailed' | 'waiting' | 'unanswered' | 'cancelling' | 'cancelFailed';

interface AppPaymentPanelProps {
  header: ReactNode;
  state: AppPanelState;
  failure: ActionFailure | null;
  onReopen: () => void;
  onKeepWaiting: () => void;
  onRetry: () => void;
  onAbandon: () => void;
}

/**
 * The mobile payment app: the web button is open, the portal waits for the payer (docs/product.md#payments).
 * Stopping cancels the payment with the provider; until the server says it is cancelled (or was
 * paid just before), the payment is not over.
 */
export function AppPaymentPanel({ header, state, failure, onReopen, onKeepWaiting, onRetry, onAbandon }: AppPaymentPanelProps) {
  const { t } = useLingui();
  const waitingStates: AppPanelState[] = ['waiting', 'openFailed', 'unanswered'];
  return (
    <section className={styles.checkout} aria-labelledby="app-titolo" aria-busy={state === 'cancelling'}>
      <h2 id="app-titolo">{t`Pagamento con Satispay`}</h2>
      {header}
      {state === 'opening' && <Alert tone="info">{t`Apertura di Satispay…`}</Alert>}
      {state === 'openFailed' && (
        <Alert tone="error">
          <strong>{t`Errore nel pagamento`}</strong> {t`Non è stato possibile aprire Satispay: riprova.`}
        </Alert>
      )}
      {state === 'waiting' && (
        <Alert tone="info">{t`In attesa della conferma nell'app Satispay. Questa pagina si aggiorna da sola quando rispondi.`}</Alert>
      )}
      {state === 'unanswered' && (
        <Alert tone="warning">
          {t`Non è ancora arrivata una risposta dall'app. Se hai già confermato, continua ad attendere: il pagamento non verrà addebitato due volte.`}
        </Alert>
      )}
      {state === 'cancelling' && <Alert tone="info">{t`Annullamento del pagamento…`}</Alert>}
      {state === 'cancelFailed' && (
        <>
          {failure && <PaymentProblem failure={failure} />}
          <Alert tone="warning">
            {t`Il pagamento non risulta ancora annullato: riprova ad annullarlo oppure continua ad attendere la risposta dall'app.`}
          </Alert>
        </>
      )}
      <div className={styles.actions}>
        {state === 'cancelFailed' && <Button onClick={onRetry}>{t`Riprova ad annullare`}</Button>}
        {(state === 'unanswered' || state === 'cancelFailed') && (
          <Button variant={state === 'cancelFailed' ? 'secondary' : 'primary'} onClick={onKeepWaiting}>
            {t`Continua ad attendere`}
          </Button>
        )}
        {waitingStates.includes(state) && (
          <Button variant={state === 'openFailed' ? 'primary' : 'secondary'} onClick={onReopen}>
            {t`Apri di nuovo Satispay`}
          </Button>
        )}
        {state !== 'cancelFailed' && (
          <Button variant="secondary" onClick={onAbandon} disabled={state === 'opening' || state === 'cancelling'}>
            {t`Annulla il pagamento`}
          </Button>
        )}
      </div>
    </section>
  );
}
