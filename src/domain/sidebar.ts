/**
 * Sidebar rules beyond the service flags (docs/product.md#navigation): entries the school's updates mark as not
 * visible are hidden, and after the sidebar is minimised or expanded a resize event repeats every
 * 180 ms for up to one second, so charts and tables measure their new width.
 */
export const SIDEBAR_RESIZE_INTERVAL_MS = 180;
export const SIDEBAR_RESIZE_WINDOW_MS = 1000;

/** When, after the toggle, each resize event is sent (ms): every interval, none after the window. */
export function resizeEventOffsets(interval = SIDEBAR_RESIZE_INTERVAL_MS, window = SIDEBAR_RESIZE_WINDOW_MS): number[] {
  const offsets: number[] = [];
  for (let t = interval; t <= window; t += interval) offsets.push(t);
  return offsets;
}

export interface UpdateLike {
  sezione: string;
  conteggio: number;
  visibile: boolean;
}

/** An entry is hidden when the updates list names its service as not visible; sign-in-only entries always show. */
export function isHiddenByUpdates(service: string | null, updates: readonly UpdateLike[] | undefined): boolean {
  if (!service || !updates) return false;
  return updates.some((u) => u.sezione === service && !u.visibile);
}

/** The badge count of an entry: the updates of its service, when visible. */
export function badgeCount(service: string | null, updates: readonly UpdateLike[] | undefined): number {
  if (!service || !updates) return 0;
  return updates.find((u) => u.sezione === service && u.visibile)?.conteggio ?? 0;
}

const LINKING_WORDS = new Set(['di', 'del', 'dei', 'della', 'delle', 'dello', 'degli', 'e', 'ed', 'of', 'the', 'and']);

/** What a minimised entry shows: the initials of its first two words ("Note disciplinari" → "ND"). */
export function initialsOf(label: string): string {
  const words = label.split(/[\s-]+/).filter((w) => /^\p{L}/u.test(w) && !LINKING_WORDS.has(w.toLocaleLowerCase('it')));
  const picked = (words.length > 0 ? words : [label]).slice(0, 2);
  return picked.map((w) => w[0]!.toLocaleUpperCase('it')).join('');
}
