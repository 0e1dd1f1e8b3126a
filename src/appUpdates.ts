import { createActor, fromPromise } from 'xstate';
import { updateBannerMachine } from './machines/updateBanner.machine';
import { checkForWorkerUpdate, fetchDeployedVersion, registerServiceWorker, reloadIntoNewVersion } from './pwa';
import type { RunningUpdateBanner } from './routes/-app/UpdateBanner';
import { UpdateBannerView } from './routes/-app/UpdateBannerView';

/**
 * The update banner's actor and view, the version polling and the service worker (docs/product.md#updates). Loaded
 * by main.tsx once the first page is drawn and the browser idle: none of it is needed for the first paint, and at /login
 * every kilobyte before the form counts (scripts/check-size.mjs).
 */
export function startAppUpdates({ signOut }: { signOut: () => void }): RunningUpdateBanner {
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
  return { actor: updateBanner, View: UpdateBannerView };
}
