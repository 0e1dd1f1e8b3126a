/**
 * Runs `run` at the browser's next idle moment (at most `timeout` ms later), or a second later where
 * there is no `requestIdleCallback` (older Safari). Returns what cancels it.
 */
export function whenIdle(run: () => void, timeout?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), timeout === undefined ? undefined : { timeout });
    return () => window.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(run, 1000);
  return () => window.clearTimeout(id);
}
