import type { AnyRouter } from '@tanstack/react-router';

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
  let idle: number | undefined;
  let settleTimer: number | undefined;
  let stop = () => {};
  const whenIdle = () => {
    stop();
    window.clearTimeout(settleTimer);
    idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: idleMs }) : window.setTimeout(run, 1000);
  };
  const { resolvedLocation, isLoading, status } = router.state;
  // Before its first load the router is neither loading nor pending, and has resolved nothing yet.
  if (resolvedLocation && !isLoading && status !== 'pending') whenIdle();
  else {
    stop = router.subscribe('onResolved', whenIdle);
    if (Number.isFinite(settleMs)) settleTimer = window.setTimeout(whenIdle, settleMs);
  }
  return () => {
    stop();
    window.clearTimeout(settleTimer);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
