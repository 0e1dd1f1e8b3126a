import { Temporal } from './temporal';

/**
 * iCalendar (RFC 5545) export of the agenda, homework and tests, for phone and desktop calendars:
 * the portal's items as calendar events. The file itself is written by ./icalendarFile, which loads
 * its library only when someone exports.
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
  /** Where it happens: a room and address, or a video-call address. */
  location?: string;
  /** A link to open (a video call). */
  url?: string;
}

export interface IcsCalendar {
  prodId: string;
  /** Shown as the calendar's name by apps that read X-WR-CALNAME. */
  name?: string;
  /** When the file was made (DTSTAMP of every event). */
  stamp: Temporal.Instant;
  events: readonly IcsEvent[];
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
