/// <reference types="vite-plugin-pwa/vanillajs" />
import { parseVersionFile, type DeployedVersion } from './machines/updateBanner.machine';

/**
 * The running page and the deployed portal: the service worker (vite-plugin-pwa, prompt mode),
 * the deployed version file, and recovery when a deploy removed the chunks this page still asks for.
 */

/** The deployed version, asked past every cache (a time stamp and `no-store`; docs/product.md#updates). */
export async function fetchDeployedVersion(): Promise<DeployedVersion | null> {
  // Not through the openapi-fetch client: the contract declares no query parameter for the time stamp.
  const response = await fetch(`/version.txt?${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`/version.txt answered ${response.status}`);
  return parseVersionFile(await response.text());
}

export interface ServiceWorkerEvents {
  /** A new worker with the new build is installed and waits for this page's consent. */
  onUpdateWaiting(): void;
  /** A new worker took control of this page (another tab reloaded into the new build). */
  onUpdateActivated(): void;
}

let updateWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
let registration: ServiceWorkerRegistration | undefined;
let workerWaiting = false;
let reloadRequested = false;

/**
 * Only in a production build, and never under automation (`navigator.webdriver`, as in the
 * Playwright suites): a service worker answers from its cache, which would make each browser test
 * depend on what an earlier one left installed. The update flow it feeds is covered by the update
 * banner machine's tests; the browser tests drive the banner through `/version.txt`.
 */
export const serviceWorkerEnabled = () => import.meta.env.PROD && 'serviceWorker' in navigator && !navigator.webdriver;

export async function registerServiceWorker(events: ServiceWorkerEvents) {
  if (!serviceWorkerEnabled()) return;
  // After the page has loaded: the worker is for the next visit, not for this first paint.
  if (document.readyState !== 'complete') await new Promise((r) => window.addEventListener('load', r, { once: true }));
  const { registerSW } = await import('virtual:pwa-register');
  updateWorker = registerSW({
    onNeedRefresh() {
      workerWaiting = true;
      events.onUpdateWaiting();
    },
    onNeedReload() {
      // This page asked for the new worker: reload into it. Otherwise never reload under someone's
      // feet (they may be typing a message): show the banner.
      if (reloadRequested) window.location.reload();
      else events.onUpdateActivated();
    },
    onRegisteredSW(_url, r) {
      registration = r;
    },
  });
}

/** Let the worker look for a new build now rather than at the next navigation. */
export function checkForWorkerUpdate() {
  void registration?.update().catch(() => undefined);
}

/** What the banner's "Ricarica pagina" does: activate the waiting worker (which then reloads), or just reload. */
export function reloadIntoNewVersion() {
  reloadRequested = true;
  if (workerWaiting && updateWorker) {
    void updateWorker(true);
    // The worker reloads the page once it controls it; should that never come, reload anyway.
    window.setTimeout(() => window.location.reload(), 3_000);
  } else {
    window.location.reload();
  }
}

// Chunk recovery is needed from the first paint; it has its own module so /login does not load the
// service worker and version code above (main.tsx loads that once the first page is drawn and the browser idle).
export * from './chunkRecovery';
