import type { AnyRouter } from '@tanstack/react-router';

/** Recovery when a deploy removed the chunks this page still asks for (re-exported by pwa.ts). */

/** Session storage key: when the page last reloaded to recover from a missing chunk. */
export const CHUNK_RELOAD_KEY = 'portale-famiglie.chunk-reload';
/** A second chunk failure this soon after the recovery reload is not a deploy: show the error. */
export const CHUNK_RELOAD_GUARD_MS = 30_000;
/** docs/product.md#updates: a chunk still loading after 120 s counts as failed. */
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
 * CHUNK_RELOAD_GUARD_MS ago (then the caller shows the error state: reloading again would loop),
 * or when the browser is offline: a load that failed offline says nothing of a deploy, and a
 * reload then would replace the page (and what was typed in it) with the browser's offline page.
 */
export function recoverFromChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
  online: boolean = navigator.onLine !== false,
): boolean {
  if (recovering) return true;
  if (!online) return false;
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
