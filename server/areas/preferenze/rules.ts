/**
 * What a user chose about notices, and the pure rules that follow from it: whether an event makes
 * a notice, whether it goes now or waits for a summary (quiet hours, daily digest), and its text.
 * No database, no clock of its own: the dispatcher passes `now`.
 */
import type { Schemas } from '../../shared/contract';
import { romeDate, romeInstant, romeParts } from '../../shared/time';

export type Preferences = Schemas['Preferences'];
export type NoticeKind = keyof Schemas['NoticeKinds'];
export const NOTICE_KINDS: readonly NoticeKind[] = ['voti', 'note', 'assenze', 'messaggi', 'colloqui', 'pagamenti', 'mense'];

export const DEFAULT_PREFERENCES: Preferences = {
  notifiche: {
    tipi: { voti: true, note: true, assenze: true, messaggi: true, colloqui: true, pagamenti: true, mense: true },
    studenti_esclusi: [],
    modalita: 'subito',
    silenzio: { attivo: false, dalle: '21:00', alle: '07:00' },
    riepilogo_ora: '19:00',
    mostra_dettagli: false,
  },
  nascondi_medie: false,
  lingua: 'it',
};

/** One event of a child's school life that may become a notice. */
export interface NoticeEvent {
  id: number;
  id_scuola: string;
  id_studente: number;
  /** The child's first name: the notice names the child. */
  nome: string;
  tipo: NoticeKind;
  /** The grade's value, the note's or message's text: shown only with `mostra_dettagli`. */
  dettaglio: string;
  /** The portal's screen of the item, e.g. `/voti`. */
  percorso: string;
}

/** What the push message carries; the service worker shows it as one notification. */
export interface NoticePayload {
  titolo: string;
  testo: string;
  /** Opens the portal on the item for that child (the `/apri` page switches student first). */
  url: string;
  /** One notification per event: a second push with the same tag replaces, never adds. */
  tag: string;
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Whether Rome's wall clock at `now` is inside the quiet hours (`dalle` included, `alle` excluded; across midnight when `dalle` is later). */
export function inQuietHours(prefs: Preferences, now: Date): boolean {
  const { attivo, dalle, alle } = prefs.notifiche.silenzio;
  if (!attivo || dalle === alle) return false;
  const p = romeParts(now);
  const at = p.hour * 60 + p.minute;
  const from = minutesOf(dalle);
  const to = minutesOf(alle);
  return from < to ? at >= from && at < to : at >= from || at < to;
}

/** Whether an event of this kind and child makes a notice for the user at all. */
export function wantsNotice(prefs: Preferences, event: Pick<NoticeEvent, 'tipo' | 'id_scuola' | 'id_studente'>): boolean {
  const n = prefs.notifiche;
  if (!n.tipi[event.tipo]) return false;
  return !n.studenti_esclusi.some((s) => s.id_scuola === event.id_scuola && s.id_studente === event.id_studente);
}

/** `now`: sent at once; `held`: kept for the next summary (daily digest, or quiet hours). */
export function deliveryOf(prefs: Preferences, now: Date): 'now' | 'held' {
  if (prefs.notifiche.modalita === 'riepilogo') return 'held';
  return inQuietHours(prefs, now) ? 'held' : 'now';
}

/**
 * Whether the held notices go out now as one summary. Digest: once a day, at the chosen hour
 * (the first tick at or after it, if none was sent since). Quiet hours: as soon as they are over.
 */
export function summaryDue(prefs: Preferences, now: Date, lastSummaryMs: number | null): boolean {
  if (prefs.notifiche.modalita === 'riepilogo') {
    const today = romeInstant(romeDate(now), prefs.notifiche.riepilogo_ora).getTime();
    return now.getTime() >= today && (lastSummaryMs ?? 0) < today;
  }
  return !inQuietHours(prefs, now);
}

const KIND_TEXT: Record<'it' | 'en', Record<NoticeKind, (name: string) => string>> = {
  it: {
    voti: (n) => `Nuovo voto per ${n}`,
    note: (n) => `Nuova nota per ${n}`,
    assenze: (n) => `Nuova assenza per ${n}`,
    messaggi: (n) => `Nuovo messaggio per ${n}`,
    colloqui: (n) => `Colloquio di ${n}`,
    pagamenti: (n) => `Nuovo pagamento per ${n}`,
    mense: (n) => `Credito mensa di ${n}`,
  },
  en: {
    voti: (n) => `New grade for ${n}`,
    note: (n) => `New note for ${n}`,
    assenze: (n) => `New absence for ${n}`,
    messaggi: (n) => `New message for ${n}`,
    colloqui: (n) => `Meeting of ${n}`,
    pagamenti: (n) => `New payment for ${n}`,
    mense: (n) => `Meal credit of ${n}`,
  },
};

const OPEN_TEXT = { it: 'Apri il Portale Famiglie per vederlo.', en: 'Open Portale Famiglie to see it.' } as const;

/** The address that opens the portal on the item for that child. */
export const itemUrl = (e: Pick<NoticeEvent, 'id_scuola' | 'id_studente' | 'percorso'>): string =>
  `/apri?${new URLSearchParams({ scuola: e.id_scuola, studente: String(e.id_studente), pagina: e.percorso }).toString()}`;

/** One event's notice: the child and the kind; the detail only when the user chose to see it. */
export function noticeOf(prefs: Preferences, event: NoticeEvent): NoticePayload {
  const lang = prefs.lingua;
  const details = prefs.notifiche.mostra_dettagli && event.dettaglio.trim() !== '';
  return {
    titolo: KIND_TEXT[lang][event.tipo](event.nome),
    testo: details ? event.dettaglio : OPEN_TEXT[lang],
    url: itemUrl(event),
    tag: `evento-${event.id}`,
  };
}

/** Several held events in one notice: how many, and one line per event (without details: a summary is read later, often on a lock screen too). */
export function summaryOf(prefs: Preferences, events: readonly NoticeEvent[]): NoticePayload {
  const lang = prefs.lingua;
  const lines = events.map((e) => KIND_TEXT[lang][e.tipo](e.nome));
  const one = events.length === 1 ? events[0] : undefined;
  return {
    titolo: lang === 'it' ? `Portale Famiglie: ${events.length} novità` : `Portale Famiglie: ${events.length} new ${events.length === 1 ? 'item' : 'items'}`,
    testo: lines.join('\n'),
    url: one ? itemUrl(one) : '/home',
    tag: `riepilogo-${events.map((e) => e.id).join('-')}`,
  };
}
