import { useSelector } from '@xstate/react';
import { useLocation } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import type { UpdateBannerActor } from './UpdateBanner';
import styles from './UpdateBanner.module.css';

/** The mobile layout hides the automatic update alert (docs/product.md#updates). */
const isMobileLayout = (pathname: string) => pathname === '/mobile' || pathname.startsWith('/mobile/');

/**
 * The update banner (docs/product.md#updates): a newer portal is out; reload into it (signing out
 * first when it requires). It loads with its actor (src/appUpdates.ts), not with the boot file.
 */
export function UpdateBannerView({ actor }: { actor: UpdateBannerActor }) {
  const visible = useSelector(actor, (s) => s.matches('shown') || s.matches('reloading'));
  const reloading = useSelector(actor, (s) => s.matches('reloading'));
  const requiresSignOut = useSelector(actor, (s) => s.context.requiresSignOut);
  const mobile = useLocation({ select: (l) => isMobileLayout(l.pathname) });

  if (!visible || mobile) return null;
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
