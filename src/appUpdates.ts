import { createActor, fromPromise } from 'xstate';
import { updateBannerMachine } from './machines/updateBanner.machine';
import { checkForWorkerUpdate, fetchDeployedVersion, registerServiceWorker, reloadIntoNewVersion } from './pwa';
import type { UpdateBannerActor } from './routes/-app/UpdateBanner';

/**
 * The update banner's actor, the version polling and the service worker (docs/product.md#updates). Loaded
 * by main.tsx once the first page is drawn and the browser idle: none of it is needed for the first paint, and at /login
 * every kilobyte before the form counts (scripts/check-size.mjs).
 */
export function startAppUpdates({ signOut }: { signOut: () => void }): UpdateBannerActor {
  const updateBanner = createActor(
    updateBannerMachine.provide({
      actors: { fetchVersion: fromPromise(fetchDeployedVersion) },
      actions: { checkForWorkerUpdate, signOut, reloadPage: reloadIntoNewVersion },
    }),
    { input: { currentVersion: __APP_VERSION__ } },
  ).start();
  window.addEventListener('focus', () => updateBanner.send({ type: 'window.focused' }));
  void registerServiceWorker({
    onUpdateWaiting: () => updateBanner.send({ type: 'sw.updateWaiting' }),
    onUpdateActivated: () => updateBanner.send({ type: 'sw.updateActivated' }),
  });
  return updateBanner;
}
