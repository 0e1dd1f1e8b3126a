import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { whatsNewQuery } from '../../api/queries/whatsNew';
import { unseenCount } from '../../domain/whatsNew';
import { todayInRome } from '../../i18n/today';
import { useLoadedData } from '../-shared/Loaded';
import { useSessionActor, useStudent } from '../-shared/session';
import { useSeenNews } from '../-shared/whatsNewSeen';

/**
 * The Novità entry's badge: how many items of every child the family has not seen on this device,
 * drawn by the sidebar's `children`. The sidebar loads it (this module, with Novità's rules and
 * every section's calls) once the page has been drawn and the browser is idle (useIdleAfterPage.ts), so
 * the page shown comes first, in bytes and in calls (on a cold load, idle moments come while the
 * page's own calls are under way). Its reads run in cache entries of Novità's own, and a failed one
 * is tried once (api/queries/whatsNew.ts).
 */
export default function NewsBadge({ children }: { children: (unseen: number) => ReactNode }): ReactNode {
  const { user } = useStudent();
  const students = useSelector(useSessionActor(), (s) => s.context.students);
  const { seen } = useSeenNews(user);
  // An aid: read once and again when stale on a later page, never on every return to the tab (each
  // child's sections are several calls, and the page's own refetch comes first).
  const news = useLoadedData({ ...whatsNewQuery(students, todayInRome(), { badge: true }), refetchOnWindowFocus: false });
  return children(news ? unseenCount(news.items, seen) : 0);
}
