import { useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/Alert';
import type { MobileOutcomeState } from './outcome';
import styles from './Mobile.module.css';

/**
 * The mobile pages' last address, /mobile/esito (docs/mobile.md): the app watches for it and
 * closes the web view; if it does not, the page still says how it ended.
 */
const STATES: readonly MobileOutcomeState[] = ['confermato', 'annullato', 'abbandonato', 'errore'];

export function MobileOutcomePage(props: { stato: unknown; id: unknown }) {
  const { t } = useLingui();
  // The address is the app's to read and anyone's to type: only known words are shown.
  const stato = STATES.includes(props.stato as MobileOutcomeState) ? (props.stato as MobileOutcomeState) : 'errore';
  const id = typeof props.id === 'string' && /^\w{1,64}$/.test(props.id) ? props.id : null;
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1>{t`Esito del pagamento`}</h1>
      </header>
      {stato === 'confermato' && (
        <Alert tone="success">
          {t`Pagamento confermato.`} {id && <span translate="no">{t`Riferimento: ${id}`}</span>}
        </Alert>
      )}
      {stato === 'annullato' && <Alert tone="error">{t`Il pagamento con l'app non è andato a buon fine: nessun addebito è stato effettuato.`}</Alert>}
      {stato === 'abbandonato' && <Alert tone="info">{t`Pagamento interrotto: nessun addebito è stato effettuato.`}</Alert>}
      {stato === 'errore' && <Alert tone="error">{t`Non è stato possibile completare l'operazione: torna all'app della scuola.`}</Alert>}
      <p>{t`Puoi tornare all'app della scuola.`}</p>
    </main>
  );
}
