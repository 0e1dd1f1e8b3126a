import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * True once the page the router was loading has resolved and the browser has then been idle (at
 * most `timeout` ms later): for what the signed-in chrome adds beside the page (the Novità badge's
 * reads, the menus' code), so that none of it takes the line or the main thread while the first page
 * still waits for its own files and calls (docs/ARCHITECTURE.md "Speed"). An idle moment alone is
 * not enough: the browser is idle while the page's calls are under way.
 */
export function useIdleAfterPage(timeout = 3000): boolean {
  const router = useRouter();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    let handle = 0;
    const whenIdle = () => {
      const done = () => setIdle(true);
      handle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(done, { timeout }) : window.setTimeout(done, 1000);
    };
    const settled = !router.state.isLoading && router.state.status !== 'pending';
    let stop = () => {};
    if (settled) whenIdle();
    else {
      stop = router.subscribe('onResolved', () => {
        stop();
        whenIdle();
      });
    }
    return () => {
      stop();
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [router, idle, timeout]);
  return idle;
}
