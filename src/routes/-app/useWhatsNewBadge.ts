import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { whatsNewQuery } from '../../api/queries/whatsNew';
import { unseenCount } from '../../domain/whatsNew';
import { todayInRome } from '../../i18n/today';
import { useLoadedData } from '../-shared/Loaded';
import { useSessionActor, useStudent } from '../-shared/session';
import { useSeenNews } from '../-shared/whatsNewSeen';

/**
 * The Novità entry's badge: how many items of every child the family has not seen on this device.
 * Its calls wait until the page has loaded and the browser is idle, so the page shown comes first;
 * they run in cache entries of Novità's own, and a failed one is tried once (api/queries/whatsNew.ts).
 */
export function useWhatsNewBadge(): number {
  const { user } = useStudent();
  const students = useSelector(useSessionActor(), (s) => s.context.students);
  const { seen } = useSeenNews(user);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = globalThis.setTimeout(start, 1000);
    return () => globalThis.clearTimeout(id);
  }, []);
  // An aid: read once the page is idle and again when stale on a later page, never on every return
  // to the tab (each child's sections are several calls, and the page's own refetch comes first).
  const news = useLoadedData({ ...whatsNewQuery(students, todayInRome(), { badge: true }), enabled: ready, refetchOnWindowFocus: false });
  return news ? unseenCount(news.items, seen) : 0;
}
