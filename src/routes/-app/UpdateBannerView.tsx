import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import type { UpdateBannerActor } from './UpdateBanner';
import styles from './UpdateBanner.module.css';

/**
 * The update banner (docs/product.md#updates): a newer portal is out; reload into it (signing out
 * first when it requires). It loads with its actor (src/appUpdates.ts), not with the boot file; it
 * imports nothing the boot file lacks (it loads on /login too, which loads nothing of the area).
 */
export function UpdateBannerView({ actor }: { actor: UpdateBannerActor }) {
  const visible = useSelector(actor, (s) => s.matches('shown') || s.matches('reloading'));
  const reloading = useSelector(actor, (s) => s.matches('reloading'));
  const requiresSignOut = useSelector(actor, (s) => s.context.requiresSignOut);

  if (!visible) return null;
  return (
    <div className={styles.banner} role="status">
      <p className={styles.text}>
        <Trans>È disponibile una nuova versione del portale.</Trans>{' '}
        {requiresSignOut && <Trans>Dopo l'aggiornamento dovrai accedere di nuovo.</Trans>}
      </p>
      <Button size="small" disabled={reloading} onClick={() => actor.send({ type: 'banner.reload' })}>
        <Trans>Ricarica pagina</Trans>
      </Button>
    </div>
  );
}
