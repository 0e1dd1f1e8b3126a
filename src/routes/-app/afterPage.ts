import type { AnyRouter } from '@tanstack/react-router';
import { whenIdle } from '../-shared/whenIdle';

/**
 * Runs `run` once the page the router was loading has resolved and the browser has then been idle
 * (at most `idleMs` later): for what the app adds beside the page (the update banner and the error
 * dialog's code, the Novità badge's reads, the menus' code), so that none of it takes the line or
 * the main thread while the first page still waits for its own files and calls, or is still being
 * drawn (docs/ARCHITECTURE.md "Speed"). An idle moment alone is not enough: the browser is idle
 * while the page's calls are under way. A page whose calls hang is waited for `settleMs` at most.
 * Returns what cancels it.
 */
export function afterPageIdle(router: AnyRouter, run: () => void, { idleMs = 3000, settleMs = Infinity } = {}): () => void {
  let cancelIdle = () => {};
  let settleTimer: number | undefined;
  let stop = () => {};
  const resolved = () => {
    stop();
    window.clearTimeout(settleTimer);
    cancelIdle = whenIdle(run, idleMs);
  };
  const { resolvedLocation, isLoading, status } = router.state;
  // Before its first load the router is neither loading nor pending, and has resolved nothing yet.
  if (resolvedLocation && !isLoading && status !== 'pending') resolved();
  else {
    stop = router.subscribe('onResolved', resolved);
    if (Number.isFinite(settleMs)) settleTimer = window.setTimeout(resolved, settleMs);
  }
  return () => {
    stop();
    window.clearTimeout(settleTimer);
    cancelIdle();
  };
}
