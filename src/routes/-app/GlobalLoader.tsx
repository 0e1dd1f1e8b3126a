import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useApiErrorShown } from './ApiErrorDialog';
import styles from './GlobalLoader.module.css';

/** A thin bar at the top while any call is under way; hidden on any error (docs/product.md#api-error-dialog). */
export function GlobalLoader() {
  const { t } = useLingui();
  const busy = useIsFetching() + useIsMutating() > 0;
  const errorShown = useApiErrorShown();
  if (!busy || errorShown) return null;
  return <div className={styles.loader} role="progressbar" aria-label={t`Caricamento in corso…`} />;
}
