/// <reference types="vite-plugin-pwa/vanillajs" />
import type { AnyRouter } from '@tanstack/react-router';
import { parseVersionFile, type DeployedVersion } from './machines/updateBanner.machine';

/**
 * The running page and the deployed portal: the service worker (vite-plugin-pwa, prompt mode),
 * the deployed version file, and recovery when a deploy removed the chunks this page still asks for.
 */

/** The deployed version, asked past every cache (the time stamp of spec §7 and `no-store`). */
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

/** Session storage key: when the page last reloaded to recover from a missing chunk. */
export const CHUNK_RELOAD_KEY = 'portale-famiglie.chunk-reload';
/** A second chunk failure this soon after the recovery reload is not a deploy: show the error. */
export const CHUNK_RELOAD_GUARD_MS = 30_000;
/** Spec §9: a chunk still loading after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`chunk load took longer than ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** What browsers and Vite say when a code-split module cannot be loaded. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

let recovering = false;

/**
 * After a deploy, the chunks this page was built with are gone: reload once into the new build.
 * Returns true when a reload is under way, false when the page reloaded for this less than
 * CHUNK_RELOAD_GUARD_MS ago (then the caller shows the error state: reloading again would loop).
 */
export function recoverFromChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  if (recovering) return true;
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (last > 0 && now - last >= 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  recovering = true;
  reload();
  return true;
}

/**
 * Chunk failures come two ways: Vite's preload helper reports them as `vite:preloadError` (the
 * error then still reaches the route's error state, RouteError, which shows it only when no reload
 * is under way), and a navigation can hang on a chunk that never arrives. The router waits on a
 * route's chunks and its loaders alike; loaders' API calls end long before (the server answers 408),
 * so a navigation still pending after 120 s is waiting on a chunk.
 */
export function installChunkRecovery(router: AnyRouter) {
  window.addEventListener('vite:preloadError', () => {
    recoverFromChunkError();
  });
  let watchdog: number | undefined;
  router.subscribe('onBeforeLoad', () => {
    window.clearTimeout(watchdog);
    watchdog = window.setTimeout(() => {
      if (router.state.status === 'pending') recoverFromChunkError();
    }, CHUNK_LOAD_TIMEOUT_MS);
  });
  router.subscribe('onResolved', () => window.clearTimeout(watchdog));
}
