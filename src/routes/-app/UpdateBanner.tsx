import { createContext, useContext, type ComponentType } from 'react';
import { useLocation } from '@tanstack/react-router';
import type { Actor } from 'xstate';
import type { updateBannerMachine } from '../../machines/updateBanner.machine';

export type UpdateBannerActor = Actor<typeof updateBannerMachine>;

/**
 * The running update banner (docs/product.md#updates): its actor and its view, which load together
 * once the first page is drawn and the browser idle (main.tsx, src/appUpdates.ts), so that neither
 * is on the sign-in page's path and the view is never missing while the actor runs. Null until then.
 */
export interface RunningUpdateBanner {
  actor: UpdateBannerActor;
  View: ComponentType<{ actor: UpdateBannerActor }>;
}

export const RunningUpdateBannerContext = createContext<RunningUpdateBanner | null>(null);

/** The mobile layout hides the automatic update alert (docs/product.md#updates). */
const isMobileLayout = (pathname: string) => pathname === '/mobile' || pathname.startsWith('/mobile/');

/** Where the update banner shows (the root of every page but the mobile layout's): nothing until it runs. */
export function UpdateBanner() {
  const banner = useContext(RunningUpdateBannerContext);
  const mobile = useLocation({ select: (l) => isMobileLayout(l.pathname) });
  return banner && !mobile ? <banner.View actor={banner.actor} /> : null;
}
