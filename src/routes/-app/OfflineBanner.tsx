import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import styles from './OfflineBanner.module.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is offline (`navigator.onLine`, its `online` and `offline` events). */
export const useOffline = () =>
  useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );

/**
 * The offline notice of the signed-in area (README "Reliability"): shown while the browser has no
 * network, gone by itself when it is back (the query client then reads every screen's data again).
 * A status (polite) announced when it appears; it floats above the page's bottom edge, so it
 * moves nothing.
 */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div className={styles.region} role="status">
      <p className={styles.banner}>
        <Trans>Sei offline: i dati mostrati potrebbero non essere aggiornati. Le azioni riprenderanno quando torna la connessione.</Trans>
      </p>
    </div>
  );
}
