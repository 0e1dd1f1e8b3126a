import { Temporal } from './temporal';
import type { IcsEvent, IcsScope } from './ical';
import type { Meeting } from './records';
import { SCHOOL_TIME_ZONE } from './timeZone';

/** docs/product.md#meetings: a booked meeting closer than this shows an alert. */
export const MEETING_ALERT_HOURS = 36;

/** When the booked slot starts (the slot's time on the meeting's day, in Rome). */
export function bookedStart(m: Meeting): Temporal.Instant | null {
  if (!m.prenotato) return null;
  return Temporal.PlainDate.from(m.data).toZonedDateTime({ timeZone: SCHOOL_TIME_ZONE, plainTime: Temporal.PlainTime.from(m.prenotato.orario) }).toInstant();
}

/** Minutes one slot lasts: the meeting's span shared by its slots (10 when the backend says too little). */
export function slotMinutes(m: Meeting): number {
  const span = Temporal.PlainTime.from(m.ora_inizio).until(Temporal.PlainTime.from(m.ora_fine)).total('minutes');
  const n = m.slot.length;
  return span > 0 && n > 0 ? Math.round(span / n) : 10;
}

/** Booked meetings that start after `now` and less than 36 hours from it, soonest first. */
export function meetingsSoon(meetings: readonly Meeting[], now: Temporal.Instant): Meeting[] {
  const limit = now.add({ hours: MEETING_ALERT_HOURS });
  return meetings
    .map((m) => ({ m, start: bookedStart(m) }))
    .filter((x): x is { m: Meeting; start: Temporal.Instant } => x.start !== null && Temporal.Instant.compare(x.start, now) > 0 && Temporal.Instant.compare(x.start, limit) < 0)
    .sort((a, b) => Temporal.Instant.compare(a.start, b.start))
    .map((x) => x.m);
}

/** The days whose meetings can fall within the alert: today and the two after (36 h reach into the second). */
export const alertRange = (today: Temporal.PlainDate) => ({ from: today.toString(), to: today.add({ days: 2 }).toString() });

/** Booked meetings, by start. */
export const bookedMeetings = (meetings: readonly Meeting[]): Meeting[] =>
  meetings
    .filter((m) => m.prenotato)
    .sort((a, b) => Temporal.Instant.compare(bookedStart(a)!, bookedStart(b)!));

export interface TeacherMeetings {
  /** The teacher's id, or the name when the backend gave no id. */
  key: string;
  docente: string;
  id_professore: number | null;
  materia: string;
  meetings: Meeting[];
}

/** Meetings grouped by teacher (by name), each teacher's by day and time; teachers in the order of their first meeting. */
export function byTeacher(meetings: readonly Meeting[]): TeacherMeetings[] {
  const groups = new Map<string, TeacherMeetings>();
  const sorted = [...meetings].sort((a, b) => a.data.localeCompare(b.data) || a.ora_inizio.localeCompare(b.ora_inizio));
  for (const m of sorted) {
    const key = m.id_professore === null ? m.docente : String(m.id_professore);
    const group = groups.get(key) ?? { key, docente: m.docente, id_professore: m.id_professore, materia: m.materia, meetings: [] };
    group.meetings.push(m);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.docente.localeCompare(b.docente, 'it'));
}

/** What the screen words in the user's language. */
export interface MeetingIcsLabels {
  summary(m: Meeting): string;
  description(m: Meeting): string;
}

export const meetingUid = (m: Meeting, scope: IcsScope) =>
  `colloquio-${m.id}-${scope.id_scuola.replace(/[^A-Za-z0-9-]/g, '-')}-${scope.id_studente}-${scope.anno}@portale-famiglie`;

/**
 * Each booked meeting as one event of its slot's length. Where: the room and the school's address
 * in presence, the video-call address online (also as the event's URL).
 */
export function meetingEvents(meetings: readonly Meeting[], scope: IcsScope, labels: MeetingIcsLabels): IcsEvent[] {
  return bookedMeetings(meetings).map((m) => {
    const start = bookedStart(m)!;
    const location = m.modalita === 'online' ? m.link : [m.luogo, m.indirizzo].filter(Boolean).join(', ') || null;
    return {
      uid: meetingUid(m, scope),
      summary: labels.summary(m),
      description: labels.description(m),
      start: { instant: start },
      end: { instant: start.add({ minutes: slotMinutes(m) }) },
      ...(location ? { location } : {}),
      ...(m.modalita === 'online' && m.link ? { url: m.link } : {}),
    };
  });
}

/** "colloqui_2026-11-21.ics", or "colloquio_<teacher>_<day>.ics" for one meeting. */
export function meetingsFileName(meetings: readonly Meeting[]): string {
  if (meetings.length === 1) {
    const m = meetings[0]!;
    const slug = m.docente
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
    return `colloquio_${slug ? `${slug}_` : ''}${m.data}.ics`;
  }
  return `colloqui_${meetings[0]?.data ?? 'nessuno'}.ics`;
}
