import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/Alert';
import styles from './-components/Mobile.module.css';

type Stato = 'confermato' | 'annullato' | 'abbandonato' | 'errore';
const STATI: readonly Stato[] = ['confermato', 'annullato', 'abbandonato', 'errore'];

/**
 * The mobile pages' last address (docs/mobile.md): the app watches for it and closes the web view;
 * if it does not, the page still says how it ended.
 */
export const Route = createFileRoute('/mobile/esito')({
  validateSearch: (search: Record<string, unknown>): { stato: Stato; id?: string } => ({
    stato: STATI.includes(search.stato as Stato) ? (search.stato as Stato) : 'errore',
    ...(typeof search.id === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(search.id) ? { id: search.id } : {}),
  }),
  component: MobileOutcomePage,
});

function MobileOutcomePage() {
  const { t } = useLingui();
  const { stato, id } = Route.useSearch();
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
