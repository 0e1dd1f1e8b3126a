import type { ActionFailure } from './failure';
import { Temporal } from './temporal';

/**
 * Rules of the absences screen (docs/product.md#absences): what kind of register event an item is, how
 * its justification state shows, totals, filters, justification drafts and entry/exit bookings.
 */

export type AbsenceKind = 'assenza' | 'ritardo' | 'uscita' | 'dad' | 'corso';
export const ABSENCE_KINDS: readonly AbsenceKind[] = ['assenza', 'ritardo', 'uscita', 'dad', 'corso'];

export interface AbsenceLike {
  id: number;
  data: string;
  orario: string | null;
  simbolo: string;
  tipo_assenza: string;
  giustificata: 'SI' | 'NO' | '';
  giustificabile: boolean;
}

/** Register symbols (contract): A, R, U, AD distance learning, C course presence. */
const KIND_OF_SYMBOL: Record<string, AbsenceKind> = { A: 'assenza', R: 'ritardo', U: 'uscita', AD: 'dad', C: 'corso' };

const isKind = (value: string): value is AbsenceKind => (ABSENCE_KINDS as readonly string[]).includes(value);

/** The kind of an event: its tipo_assenza when it is one we know, else read from its symbol; an unknown one counts as an absence. */
export function absenceKind(a: Pick<AbsenceLike, 'tipo_assenza' | 'simbolo'>): AbsenceKind {
  if (isKind(a.tipo_assenza)) return a.tipo_assenza;
  return KIND_OF_SYMBOL[a.simbolo.trim().toUpperCase()] ?? 'assenza';
}

/** docs/product.md#absences: giustificata NO is unjustified (red), SI justified (green), empty needs no justification (blue). */
export type JustificationStatus = 'unjustified' | 'justified' | 'notRequired';

export function justificationStatus(a: Pick<AbsenceLike, 'giustificata'>): JustificationStatus {
  if (a.giustificata === 'SI') return 'justified';
  if (a.giustificata === 'NO') return 'unjustified';
  return 'notRequired';
}

export const STATUS_COLOUR: Record<JustificationStatus, 'red' | 'green' | 'blue'> = {
  unjustified: 'red',
  justified: 'green',
  notRequired: 'blue',
};

/** Only an unjustified event the server still accepts a justification for (course presences never need one). */
export function isJustifiable(a: AbsenceLike): boolean {
  return a.giustificabile && a.giustificata === 'NO' && absenceKind(a) !== 'corso';
}

/** Which list of justification reasons applies: `dad` for distance-learning absences, `normale` otherwise. */
export type ReasonList = 'normale' | 'dad';
export const REASON_LISTS: readonly ReasonList[] = ['normale', 'dad'];

export const reasonListOf = (a: Pick<AbsenceLike, 'tipo_assenza' | 'simbolo'>): ReasonList => (absenceKind(a) === 'dad' ? 'dad' : 'normale');

export type AbsenceTotals = Record<AbsenceKind, number> & { daGiustificare: number };

export function absenceTotals(list: readonly AbsenceLike[]): AbsenceTotals {
  const totals: AbsenceTotals = { assenza: 0, ritardo: 0, uscita: 0, dad: 0, corso: 0, daGiustificare: 0 };
  for (const a of list) {
    totals[absenceKind(a)] += 1;
    if (justificationStatus(a) === 'unjustified') totals.daGiustificare += 1;
  }
  return totals;
}

/** Newest first; on the same day the later time first, whole-day absences last. */
export function sortNewestFirst<A extends Pick<AbsenceLike, 'data' | 'orario'>>(list: readonly A[]): A[] {
  return [...list].sort((a, b) => {
    const byDate = Temporal.PlainDate.compare(Temporal.PlainDate.from(b.data), Temporal.PlainDate.from(a.data));
    if (byDate !== 0) return byDate;
    return (b.orario ?? '').localeCompare(a.orario ?? '');
  });
}

/** Events whose day lies in the inclusive range (ISO dates); null: every event. */
export function absencesInRange<A extends Pick<AbsenceLike, 'data'>>(list: readonly A[], range: { from: string; to: string } | null): A[] {
  if (!range) return [...list];
  const from = Temporal.PlainDate.from(range.from);
  const to = Temporal.PlainDate.from(range.to);
  return list.filter((a) => {
    const d = Temporal.PlainDate.from(a.data);
    return Temporal.PlainDate.compare(from, d) <= 0 && Temporal.PlainDate.compare(d, to) <= 0;
  });
}

// ---------------------------------------------------------------- justification

export interface JustificationItem {
  id: number;
  list: ReasonList;
}

/**
 * What the family sends: the chosen events, one reason per list the choice touches (a choice that
 * mixes distance-learning and other events is justified as two groups with one text), and the text.
 */
export interface JustificationDraft {
  items: JustificationItem[];
  reasons: Partial<Record<ReasonList, string>>;
  text: string;
}

export const EMPTY_JUSTIFICATION: JustificationDraft = { items: [], reasons: {}, text: '' };

export type JustificationField = 'selection' | 'reason.normale' | 'reason.dad' | 'text';

/** The reason lists a choice of events needs, `normale` before `dad`. */
export function listsOf(items: readonly JustificationItem[]): ReasonList[] {
  return REASON_LISTS.filter((l) => items.some((i) => i.list === l));
}

export function missingJustificationFields(d: JustificationDraft): JustificationField[] {
  const missing: JustificationField[] = [];
  if (d.items.length === 0) missing.push('selection');
  for (const list of listsOf(d.items)) if (!d.reasons[list]) missing.push(`reason.${list}`);
  if (d.text.trim() === '') missing.push('text');
  return missing;
}

export interface JustificationRequest {
  id: number;
  tipo_assenza: string;
  motivazione: string;
}

/** One PUT giustificazioni/{id} per event: the reason of its own list, the same text for all. */
export function justificationRequests(d: JustificationDraft): JustificationRequest[] {
  const motivazione = d.text.trim();
  return d.items.map((i) => ({ id: i.id, tipo_assenza: d.reasons[i.list] ?? '', motivazione }));
}

// ---------------------------------------------------------------- entry/exit bookings

export type BookingKind = 'entrata' | 'uscita';
export const BOOKING_KINDS: readonly BookingKind[] = ['entrata', 'uscita'];

export interface BookingLike {
  id: number;
  data: string;
  orario: string;
  tipo: BookingKind;
  stato: 'attiva' | 'annullata';
}

export interface BookingFields {
  data: string;
  orario: string;
  tipo: BookingKind | '';
  motivazione: string;
}

export const EMPTY_BOOKING: BookingFields = { data: '', orario: '', tipo: '', motivazione: '' };

export type BookingField = keyof BookingFields;
export type BookingProblem = 'required' | 'beforeMinimum' | 'notOffered';
export type BookingErrors = Partial<Record<BookingField, BookingProblem>>;

/** docs/product.md#absences: a kind can be booked only when the school has it on. */
export function bookableKinds(info: { prenotazione_entrate_attiva: boolean; prenotazione_uscite_attiva: boolean }): BookingKind[] {
  return BOOKING_KINDS.filter((k) => (k === 'entrata' ? info.prenotazione_entrate_attiva : info.prenotazione_uscite_attiva));
}

const minuteOf = (t: Temporal.PlainTime) => t.round({ smallestUnit: 'minute', roundingMode: 'trunc' });

/**
 * The first day a booking can be made for: today until the school's cut-off (HH:mm, inclusive, as
 * the server compares it), tomorrow after it.
 */
export function firstBookableDate(now: Temporal.PlainDateTime, cutoff: string): Temporal.PlainDate {
  const limit = Temporal.PlainTime.from(cutoff);
  return Temporal.PlainTime.compare(minuteOf(now.toPlainTime()), limit) > 0 ? now.toPlainDate().add({ days: 1 }) : now.toPlainDate();
}

const parseDate = (s: string): Temporal.PlainDate | null => {
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(s) ? Temporal.PlainDate.from(s) : null;
  } catch {
    return null;
  }
};

/**
 * docs/product.md#absences: date, time, type and reason are required; the date not before the first bookable day;
 * the time one of the school's options for that type (when the options are known).
 */
export function validateBooking(
  f: BookingFields,
  opts: { minDate: string; options?: Partial<Record<BookingKind, readonly string[]>> },
): BookingErrors {
  const errors: BookingErrors = {};
  const date = parseDate(f.data);
  if (!date) errors.data = 'required';
  else if (Temporal.PlainDate.compare(date, Temporal.PlainDate.from(opts.minDate)) < 0) errors.data = 'beforeMinimum';
  if (f.tipo === '') errors.tipo = 'required';
  if (f.orario === '') errors.orario = 'required';
  else if (f.tipo !== '' && opts.options?.[f.tipo] && !opts.options[f.tipo]!.includes(f.orario)) errors.orario = 'notOffered';
  if (f.motivazione.trim() === '') errors.motivazione = 'required';
  return errors;
}

export const hasBookingErrors = (e: BookingErrors) => Object.keys(e).length > 0;

/** An active booking of today or a later day (the server refuses to cancel a past one). */
export function isCancellable(b: Pick<BookingLike, 'stato' | 'data'>, today: Temporal.PlainDate): boolean {
  return b.stato === 'attiva' && Temporal.PlainDate.compare(Temporal.PlainDate.from(b.data), today) >= 0;
}

/** Bookings by date, the latest day first, then by time. */
export function sortBookings<B extends Pick<BookingLike, 'data' | 'orario'>>(list: readonly B[]): B[] {
  return [...list].sort((a, b) => Temporal.PlainDate.compare(Temporal.PlainDate.from(b.data), Temporal.PlainDate.from(a.data)) || b.orario.localeCompare(a.orario));
}

/**
 * What justifying absences answers: the events the server justified and those it refused.
 * It rejects (with the first refusal) when it justified none.
 */
export interface JustificationResult {
  justified: number[];
  failed: Array<{ id: number; failure: ActionFailure }>;
}

/** An entry or exit booking as the school receives it. */
export interface BookingRequest {
  data: string;
  orario: string;
  tipo_assenza: BookingKind;
  motivazione: string;
}
