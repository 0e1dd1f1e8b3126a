import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import styles from './Checkout.module.css';

interface AppPaymentPanelProps {
  header: ReactNode;
  state: 'opening' | 'openFailed' | 'waiting' | 'unanswered';
  onReopen: () => void;
  onKeepWaiting: () => void;
  onAbandon: () => void;
}

/** The mobile payment app: the web button is open, the portal waits for the payer (spec §4, §9). */
export function AppPaymentPanel({ header, state, onReopen, onKeepWaiting, onAbandon }: AppPaymentPanelProps) {
  const { t } = useLingui();
  return (
    <section className={styles.checkout} aria-labelledby="app-titolo">
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
      <div className={styles.actions}>
        {state === 'unanswered' && <Button onClick={onKeepWaiting}>{t`Continua ad attendere`}</Button>}
        {(state === 'waiting' || state === 'openFailed' || state === 'unanswered') && (
          <Button variant={state === 'openFailed' ? 'primary' : 'secondary'} onClick={onReopen}>
            {t`Apri di nuovo Satispay`}
          </Button>
        )}
        <Button variant="secondary" onClick={onAbandon} disabled={state === 'opening'}>
          {t`Smetti di attendere`}
        </Button>
      </div>
    </section>
  );
}
