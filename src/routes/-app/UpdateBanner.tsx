import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { Actor } from 'xstate';
import { Button } from '../../ui/Button';
import type { updateBannerMachine } from '../../machines/updateBanner.machine';
import styles from './UpdateBanner.module.css';

export type UpdateBannerActor = Actor<typeof updateBannerMachine>;

/** The running update banner actor (main.tsx creates it once the first page is drawn and the browser idle; null until then). */
export const UpdateBannerActorContext = createContext<UpdateBannerActor | null>(null);

/** The mobile layout hides the automatic update alert (docs/product.md#updates). */
const isMobileLayout = (pathname: string) => pathname === '/mobile' || pathname.startsWith('/mobile/');

/** The update banner (docs/product.md#updates): a newer portal is out; reload into it (signing out first when it requires). */
export function UpdateBanner() {
  const actor = useContext(UpdateBannerActorContext);
  return actor ? <Banner actor={actor} /> : null;
}

function Banner({ actor }: { actor: UpdateBannerActor }) {
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
