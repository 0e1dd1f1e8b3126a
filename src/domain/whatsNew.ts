import { Temporal } from './temporal';
import { isJustifiable } from './absences';
import { statementDescription, type PaymentItem } from './payments';
import { NEWS_KINDS, type NewsKind } from './whatsNewKinds';
import type { Absence, Annotation, Communication, DisciplinaryNote, Grade, HomeworkItem, Notice, ReportCard, Thread } from './records';

/**
 * Novità (docs/product.md, "Novità"): what is new for the family since it last looked, across every
 * child and section, newest first, grouped by day. Built only from what the backend already says:
 * the items' `novita` flags (grades, notes, annotations, homework, communications, notice board),
 * unread threads, absences still to justify, report cards just published and payments falling due.
 * Whether the family has seen an item is kept on the device (api/whatsNewSeen.ts): the rules here.
 */

export { NEWS_KINDS, type NewsKind } from './whatsNewKinds';

/** A report card counts as new this many days after it is published. */
export const REPORT_CARD_NEW_DAYS = 30;
/** A payment counts once its deadline is this many days away or less (overdue ones included). */
export const PAYMENT_DUE_DAYS = 30;

export interface NewsChild {
  id_scuola: string;
  id: number;
  /** The school year the items are of (the child's current one). */
  anno: string;
}

export interface NewsItem {
  /** Stable across reloads: school, student, kind, the item's id (and, where the item can come back new, its date). */
  key: string;
  id_scuola: string;
  studentId: number;
  anno: string;
  kind: NewsKind;
  /** A school day (YYYY-MM-DD) or an instant with its offset. */
  when: string;
  /** The school day it is grouped under: its own, or today for a due day still ahead. */
  day: string;
  /** The due day, for homework and payments. */
  due: string | null;
  /** The subject, the title or the sender; empty when the backend said none. */
  title: string;
  /** A plain-text line: the grade, the note, the due day... */
  detail: string;
  /** Euros, for payments. */
  amount: number | null;
  /** The thread to open, for threads. */
  thread: string | null;
}

/** What the sections of one child said; a section the child does not have (or that failed) is absent. */
export interface ChildNews {
  child: NewsChild;
  grades?: readonly Grade[];
  notes?: readonly DisciplinaryNote[];
  annotations?: readonly Annotation[];
  absences?: readonly Absence[];
  homework?: readonly HomeworkItem[];
  communications?: readonly Communication[];
  threads?: readonly Thread[];
  notices?: readonly Notice[];
  reportCards?: readonly ReportCard[];
  payments?: readonly PaymentItem[];
}

const DUE_KINDS = new Set<NewsKind>(['compito', 'pagamento']);

/** The school day of a day or an instant as the backend wrote it (its own offset: the school's). */
export function dayOf(when: string): string | null {
  try {
    return Temporal.PlainDate.from(when.slice(0, 10)).toString();
  } catch {
    return null;
  }
}

function item(child: NewsChild, today: Temporal.PlainDate, kind: NewsKind, id: string | number, when: string | null, rest: Partial<Pick<NewsItem, 'title' | 'detail' | 'amount' | 'thread'>>, renewable = false): NewsItem[] {
  if (when === null) return [];
  const date = dayOf(when);
  if (date === null) return [];
  const key = [child.id_scuola, child.id, kind, id, ...(renewable ? [when] : [])].join(':');
  // A due day ahead (homework, payments) is news now: it is listed under today, with its day shown.
  const ahead = date > today.toString();
  const day = ahead ? today.toString() : date;
  return [{ key, id_scuola: child.id_scuola, studentId: child.id, anno: child.anno, kind, when: ahead ? day : when, day, due: DUE_KINDS.has(kind) ? date : null, title: '', detail: '', amount: null, thread: null, ...rest }];
}

const within = (day: string, from: Temporal.PlainDate, to: Temporal.PlainDate) => {
  const d = Temporal.PlainDate.from(day);
  return Temporal.PlainDate.compare(from, d) <= 0 && Temporal.PlainDate.compare(d, to) <= 0;
};

/** One child's new items, each section by its own rule. */
export function newsOfChild(c: ChildNews, today: Temporal.PlainDate): NewsItem[] {
  const { child } = c;
  const out: NewsItem[] = [];
  for (const g of c.grades ?? []) if (g.novita) out.push(...item(child, today, 'voto', g.id, g.data, { title: g.materia ?? '', detail: [g.simbolo, g.sottotitolo].filter(Boolean).join(' · ') }));
  for (const n of c.notes ?? []) if (n.novita) out.push(...item(child, today, 'nota', n.id, n.data, { title: n.docente, detail: n.dettaglio }));
  for (const a of c.annotations ?? [])
    if (a.novita) out.push(...item(child, today, 'annotazione', a.id, a.data, { title: a.materia ?? '', detail: [a.descrizione_simbolo, a.dettaglio].filter(Boolean).join(' · ') }));
  for (const a of c.absences ?? []) if (isJustifiable(a)) out.push(...item(child, today, 'assenza', a.id, a.data, { title: a.descrizione, detail: a.orario ?? '' }));
  for (const h of c.homework ?? []) if (h.novita) out.push(...item(child, today, 'compito', h.id, h.data, { title: h.materia ?? '', detail: h.dettaglio }));
  for (const m of c.communications ?? []) if (m.novita) out.push(...item(child, today, 'comunicazione', m.id_messaggio, m.data, { title: m.titolo, detail: m.mittente.nome }));
  for (const t of c.threads ?? []) if (t.da_leggere) out.push(...item(child, today, 'messaggio', t.id, t.data, { title: t.titolo, detail: t.mittente.nome, thread: t.id }, true));
  for (const n of c.notices ?? []) if (n.novita) out.push(...item(child, today, 'bacheca', n.id, n.data, { title: n.titolo, detail: n.autore }));
  const published = today.subtract({ days: REPORT_CARD_NEW_DAYS });
  for (const r of c.reportCards ?? [])
    if (r.data_pubblicazione && dayOf(r.data_pubblicazione) && within(dayOf(r.data_pubblicazione)!, published, today))
      out.push(...item(child, today, 'pagella', r.id, r.data_pubblicazione, { title: r.titolo, detail: r.periodo ?? '' }));
  const dueBy = today.add({ days: PAYMENT_DUE_DAYS });
  for (const p of c.payments ?? [])
    if (!p.pagato && !p.credito && !p.movimento && p.scadenza && dayOf(p.scadenza) && Temporal.PlainDate.compare(Temporal.PlainDate.from(dayOf(p.scadenza)!), dueBy) <= 0)
      out.push(...item(child, today, 'pagamento', p.id, p.scadenza, { title: statementDescription(p), amount: p.prezzo }));
  return out;
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Milliseconds of an instant; null for a day alone (or a time the sort cannot read). */
function instantOf(when: string): number | null {
  if (when.length <= 10) return null;
  try {
    return Temporal.Instant.from(when).epochMilliseconds;
  } catch {
    return null;
  }
}

/** Newest first: by day, then by time where the item has one (a day alone after the timed ones), then a fixed order. */
export function byNewest(a: NewsItem, b: NewsItem): number {
  if (a.day !== b.day) return a.day < b.day ? 1 : -1;
  const ta = instantOf(a.when);
  const tb = instantOf(b.when);
  if (ta !== tb) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    return tb - ta;
  }
  return NEWS_KINDS.indexOf(a.kind) - NEWS_KINDS.indexOf(b.kind) || order(a.key, b.key) || order(a.title, b.title) || order(a.detail, b.detail);
}

/**
 * Every child's new items, one per key, newest first. An answer may repeat an id: the newest of its
 * items is kept, so the result never depends on the order of the children or of their answers.
 */
export function mergeNews(children: readonly ChildNews[], today: Temporal.PlainDate): NewsItem[] {
  const all = children.flatMap((c) => newsOfChild(c, today)).sort(byNewest);
  const seen = new Set<string>();
  return all.filter((i) => !seen.has(i.key) && seen.add(i.key));
}

export interface NewsFilter {
  /** `${id_scuola}:${id}` of a child, or null for all. */
  child: string | null;
  kind: NewsKind | null;
}

export const childKey = (c: { id_scuola: string; id: number }) => `${c.id_scuola}:${c.id}`;

export function filterNews(items: readonly NewsItem[], f: NewsFilter): NewsItem[] {
  return items.filter((i) => (f.child === null || childKey({ id_scuola: i.id_scuola, id: i.studentId }) === f.child) && (f.kind === null || i.kind === f.kind));
}

export interface NewsDay {
  day: string;
  items: NewsItem[];
}

/** Consecutive items of one day together, in the list's order (newest first in, newest day first out). */
export function groupByDay(items: readonly NewsItem[]): NewsDay[] {
  const days: NewsDay[] = [];
  for (const i of items) {
    const last = days.at(-1);
    if (last && last.day === i.day) last.items.push(i);
    else days.push({ day: i.day, items: [i] });
  }
  return days;
}

/**
 * What the family has seen on this device: the keys it opened or marked, newest last. Kept short:
 * an item stays new until seen, and a key older than the last MAX_SEEN marks is long off the list.
 */
export interface SeenState {
  keys: readonly string[];
}

export const MAX_SEEN = 2000;
export const NOTHING_SEEN: SeenState = { keys: [] };

export const isSeen = (state: SeenState, key: string) => state.keys.includes(key);

/** Marks keys seen (once each; marking one again moves it to the newest end). */
export function markSeen(state: SeenState, keys: readonly string[]): SeenState {
  if (keys.length === 0) return state;
  const added = new Set(keys);
  const kept = state.keys.filter((k) => !added.has(k));
  return { keys: [...kept, ...added].slice(-MAX_SEEN) };
}

/** «Segna tutto come visto»: every item on the list (whatever the filters show) becomes seen. */
export const markAllSeen = (state: SeenState, items: readonly NewsItem[]) => markSeen(state, items.map((i) => i.key));

export function unseenCount(items: readonly NewsItem[], state: SeenState): number {
  const seen = new Set(state.keys);
  return items.filter((i) => !seen.has(i.key)).length;
}

/** A stored value as a seen state: anything else is nothing seen. */
export function toSeenState(value: unknown): SeenState {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { keys?: unknown }).keys)) return NOTHING_SEEN;
  return { keys: ((value as { keys: unknown[] }).keys.filter((k) => typeof k === 'string') as string[]).slice(-MAX_SEEN) };
}

/** The section that shows an item of this kind. */
export const NEWS_SECTION = {
  voto: '/voti',
  nota: '/note-disciplinari',
  annotazione: '/annotazioni',
  assenza: '/assenze',
  compito: '/compiti',
  comunicazione: '/comunicazioni',
  messaggio: '/messenger',
  bacheca: '/bacheca',
  pagella: '/pagelle',
  pagamento: '/pagamenti',
} as const satisfies Record<NewsKind, string>;
