import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { afterPageIdle } from './afterPage';

/**
 * True once the page has resolved and the browser has then been idle (`afterPageIdle`). Apart from
 * it: main.tsx (the boot file, `/login`'s budget) needs only the function, the signed-in chrome this.
 */
export function useIdleAfterPage(timeout = 3000): boolean {
  const router = useRouter();
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : afterPageIdle(router, () => setIdle(true), { idleMs: timeout })), [router, idle, timeout]);
  return idle;
}
