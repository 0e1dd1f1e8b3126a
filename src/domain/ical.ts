import { Temporal } from 'temporal-polyfill';

/**
 * iCalendar (RFC 5545) export of the agenda, homework and tests, for phone and desktop calendars.
 * Timed events are written in UTC, so the file needs no VTIMEZONE and every calendar app places
 * them at the right school time; all-day events use VALUE=DATE with the exclusive next day as end.
 */

export type IcsTime = { date: Temporal.PlainDate } | { instant: Temporal.Instant };

export interface IcsEvent {
  /** Globally unique and stable for the same item, so a new import updates instead of duplicating. */
  uid: string;
  summary: string;
  description?: string;
  start: IcsTime;
  /** Omitted for all-day events: they last their day. */
  end?: IcsTime;
}

export interface IcsCalendar {
  prodId: string;
  /** Shown as the calendar's name by apps that read X-WR-CALNAME. */
  name?: string;
  /** When the file was made (DTSTAMP of every event). */
  stamp: Temporal.Instant;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Content line folding (RFC 5545 §3.1): no line longer than 75 octets; continuation lines start
 * with one space. Splits between code points, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // A continuation line spends one octet on its leading space.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatDate(d: Temporal.PlainDate): string {
  return `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}`;
}

function formatUtc(instant: Temporal.Instant): string {
  const t = instant.toZonedDateTimeISO('UTC');
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}Z`;
}

function timeProperty(name: 'DTSTART' | 'DTEND', time: IcsTime): string {
  return 'date' in time ? `${name};VALUE=DATE:${formatDate(time.date)}` : `${name}:${formatUtc(time.instant)}`;
}

/** The whole calendar as one string with CRLF line endings, ready to be saved as a .ics file. */
export function buildICalendar(calendar: IcsCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${calendar.prodId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  const stamp = formatUtc(calendar.stamp);
  for (const event of calendar.events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`, timeProperty('DTSTART', event.start));
    if (event.end) {
      lines.push(timeProperty('DTEND', event.end));
    } else if ('date' in event.start) {
      lines.push(timeProperty('DTEND', { date: event.start.date.add({ days: 1 }) }));
    }
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if ('date' in event.start) lines.push('TRANSP:TRANSPARENT');
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

// ---------------------------------------------------------------- portal items as events

export interface IcsScope {
  id_scuola: string;
  id_studente: number;
  anno: string;
}

/** Stable per item, student and year: the same item exported twice is recognised as one event. */
export function itemUid(kind: 'agenda' | 'compito' | 'verifica', id: number, scope: IcsScope): string {
  const school = scope.id_scuola.replace(/[^A-Za-z0-9-]/g, '-');
  return `${kind}-${id}-${school}-${scope.id_studente}-${scope.anno}@portale-famiglie`;
}

/** What the screen supplies in the user's language: the domain knows no wording. */
export interface IcsLabels {
  subjectName(id: number | null): string;
  homeworkSummary(subjectName: string): string;
  testSummary(test: { titolo: string; tipo: string }): string;
  testTopics(argomenti: string): string;
}

export interface AgendaItemForIcs {
  id: number;
  data_ora_inizio: string;
  data_ora_fine: string;
  id_materia: number | null;
  titolo: string;
  dettaglio: string;
}

export interface HomeworkForIcs {
  id: number;
  data_consegna: string;
  id_materia: number;
  dettaglio: string;
}

export interface TestForIcs {
  id: number;
  data: string;
  id_materia: number;
  titolo: string;
  tipo: string;
  argomenti: string;
}

const joinLines = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join('\n');

export function agendaEvents(items: readonly AgendaItemForIcs[], scope: IcsScope, labels: IcsLabels): IcsEvent[] {
  return items.map((item) => ({
    uid: itemUid('agenda', item.id, scope),
    summary: item.titolo,
    description: joinLines(labels.subjectName(item.id_materia), item.dettaglio),
    start: { instant: Temporal.Instant.from(item.data_ora_inizio) },
    end: { instant: Temporal.Instant.from(item.data_ora_fine) },
  }));
}

/** Homework as all-day events on the day it is due. */
export function homeworkEvents(items: readonly HomeworkForIcs[], scope: IcsScope, labels: IcsLabels): IcsEvent[] {
  return items.map((h) => ({
    uid: itemUid('compito', h.id, scope),
    summary: labels.homeworkSummary(labels.subjectName(h.id_materia)),
    description: h.dettaglio,
    start: { date: Temporal.PlainDate.from(h.data_consegna) },
  }));
}

/** Tests as all-day events; a test the agenda already announces (same day, subject and kind) is left to the agenda's timed event. */
export function testEvents(
  tests: readonly TestForIcs[],
  agenda: readonly (AgendaItemForIcs & { data: string; tipo: string })[],
  scope: IcsScope,
  labels: IcsLabels,
): IcsEvent[] {
  const announced = (t: TestForIcs) =>
    agenda.some(
      (a) =>
        a.data === t.data &&
        a.id_materia === t.id_materia &&
        ((t.tipo === 'scritto' && a.tipo === 'verifica') || (t.tipo === 'orale' && a.tipo === 'interrogazione')),
    );
  return tests
    .filter((t) => !announced(t))
    .map((t) => ({
      uid: itemUid('verifica', t.id, scope),
      summary: labels.testSummary(t),
      description: joinLines(labels.subjectName(t.id_materia), t.argomenti ? labels.testTopics(t.argomenti) : ''),
      start: { date: Temporal.PlainDate.from(t.data) },
    }));
}

/** A file name of ASCII letters, digits, dashes and underscores: "agenda_marco_rossi_2026-11-16_2026-11-22.ics". */
export function icsFileName(studentName: string, from: string, to: string): string {
  const slug = studentName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `agenda_${slug ? `${slug}_` : ''}${from}_${to}.ics`;
}
