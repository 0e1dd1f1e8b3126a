/**
 * Test-only: what every record the boundary returns must satisfy, whatever the backend sent. No
 * NaN or Infinity, no undefined, no "[object Object]"; days are real calendar days (YYYY-MM-DD),
 * instants valid ISO date-times with their offset, times HH:mm; text decoded exactly once (the
 * markers of ENTITY_SAMPLES never come out as sent nor decoded twice); ids unique within a list.
 */
import { ENTITY_SAMPLES } from './arbitraries';

export type FieldKind = 'date' | 'dateTime' | 'day or instant' | 'time' | 'raw' | 'html' | 'text';

export interface Rules {
  /** Kinds of fields by key, over the defaults below. */
  fields?: Record<string, FieldKind>;
  /** Keys that, wherever they appear in the output, are never null. */
  notNull?: readonly string[];
  /** Keys whose value may be the empty string where a day or instant is expected ("not said"). */
  emptyAllowed?: readonly string[];
}

const DEFAULT_FIELDS: Record<string, FieldKind> = {
  data: 'date',
  data_inizio: 'date',
  data_fine: 'date',
  data_consegna: 'date',
  data_adesione: 'date',
  data_pubblicazione: 'date',
  dataLimite: 'date',
  scadenza: 'date',
  data_ora_inizio: 'dateTime',
  data_ora_fine: 'dateTime',
  data_presa_visione: 'dateTime',
  data_lettura: 'dateTime',
  data_giustificazione: 'dateTime',
  dataPagamento: 'dateTime',
  data_prenotazione: 'dateTime',
  inizio: 'dateTime',
  orario: 'time',
  ora_inizio: 'time',
  ora_fine: 'time',
  orario_limite_prenotazioni: 'time',
  data_presa_visione_tradotta: 'text',
  // Ids, codes, colours, addresses: as sent, not text.
  id: 'raw',
  id_scuola: 'raw',
  anno_corrente: 'raw',
  cart_id: 'raw',
  cartId: 'raw',
  token: 'raw',
  mastercomId: 'raw',
  colore_simbolo: 'raw',
  url: 'raw',
  sezione: 'raw',
  id_messaggio: 'raw',
  tipo_messaggio: 'raw',
  keyId: 'raw',
  iban: 'raw',
  anno: 'raw',
  orario_limite: 'raw',
};

const DATE_LIKE_KEY = /^(data|scadenza|inizio)/;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):?(\d{2}))$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

function realDay(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

export function isDay(s: string): boolean {
  const m = DAY.exec(s);
  return m !== null && realDay(m[1]!, m[2]!, m[3]!);
}

export function isInstant(s: string): boolean {
  const m = INSTANT.exec(s);
  if (!m || !realDay(m[1]!, m[2]!, m[3]!)) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return false;
  if (m[8] !== undefined && (Number(m[8]) > 18 || Number(m[9]) > 59)) return false;
  return Number.isFinite(Date.parse(s));
}

function checkText(s: string, at: string, out: string[]) {
  const lower = s.toLowerCase();
  for (const e of ENTITY_SAMPLES) {
    if (lower.includes(e.sent.toLowerCase())) out.push(`${at}: entities not decoded (${e.sent})`);
    if (e.twice && lower.includes(e.twice.toLowerCase())) out.push(`${at}: entities decoded twice (${e.sent} became ${e.twice})`);
  }
}

/** Every broken invariant of a reader's output, as "path: what"; empty when it is sound. */
export function violations(value: unknown, rules: Rules = {}): string[] {
  const fields = { ...DEFAULT_FIELDS, ...rules.fields };
  const notNull = new Set(rules.notNull ?? []);
  const emptyAllowed = new Set(rules.emptyAllowed ?? []);
  const out: string[] = [];
  const walk = (v: unknown, at: string, key: string | null) => {
    if (v === undefined) {
      out.push(`${at}: undefined`);
      return;
    }
    if (v === null) {
      if (key !== null && notNull.has(key)) out.push(`${at}: null`);
      return;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) out.push(`${at}: ${v}`);
      return;
    }
    if (typeof v === 'string') {
      if (v.includes('[object Object]')) out.push(`${at}: "[object Object]"`);
      if (v.includes('undefined')) out.push(`${at}: "undefined" in text`);
      const kind = (key !== null ? fields[key] : undefined) ?? (key !== null && DATE_LIKE_KEY.test(key) ? 'day or instant' : 'text');
      if (v === '' && key !== null && emptyAllowed.has(key)) return;
      const shown = v.length > 60 ? `${v.slice(0, 60)}…` : v;
      if (kind === 'date' && !isDay(v)) out.push(`${at}: not a day: ${JSON.stringify(shown)}`);
      if (kind === 'dateTime' && !isInstant(v)) out.push(`${at}: not an instant: ${JSON.stringify(shown)}`);
      if (kind === 'day or instant' && !isDay(v) && !isInstant(v)) out.push(`${at}: neither a day nor an instant: ${JSON.stringify(shown)}`);
      if (kind === 'time' && !HHMM.test(v)) out.push(`${at}: not a time: ${JSON.stringify(shown)}`);
      if (kind === 'text') checkText(v, at, out);
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${at}[${i}]`, key));
      return;
    }
    if (typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) walk(child, `${at}.${k}`, k);
    }
  };
  walk(value, '$', null);
  return out;
}

/** Duplicates among a list's ids, as violations. */
export function duplicateIds(label: string, ids: readonly unknown[]): string[] {
  const seen = new Set<unknown>();
  const dup = new Set<unknown>();
  for (const id of ids) (seen.has(id) ? dup : seen).add(id);
  return dup.size ? [`${label}: ids not unique (${[...dup].slice(0, 3).map(String).join(', ')})`] : [];
}
