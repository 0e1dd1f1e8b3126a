import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import type { IcsCalendar, IcsTime } from './ical';

/**
 * The .ics file itself, written by ical-generator (RFC 5545: escaping, folding at 75 octets, CRLF).
 * A module of its own so that the library loads only when someone exports (`await import(...)`).
 * Timed events are in UTC, so the file needs no VTIMEZONE; all-day events are VALUE=DATE with the
 * exclusive next day as end, and do not show the person as busy.
 */
export function buildICalendar(calendar: IcsCalendar): string {
  // The library writes the leading "-" of a formal public identifier itself.
  const cal = ical({ prodId: calendar.prodId.replace(/^-/, ''), method: ICalCalendarMethod.PUBLISH, scale: 'GREGORIAN' });
  if (calendar.name) cal.name(calendar.name);
  const stamp = toDate({ instant: calendar.stamp });
  for (const event of calendar.events) {
    const allDay = 'date' in event.start;
    const end = event.end ?? ('date' in event.start ? { date: event.start.date.add({ days: 1 }) } : undefined);
    cal.createEvent({
      id: event.uid,
      stamp,
      summary: event.summary,
      description: event.description || null,
      allDay,
      start: toDate(event.start),
      end: end ? toDate(end) : null,
      transparency: allDay ? ICalEventTransparency.TRANSPARENT : null,
      location: event.location ?? null,
      url: event.url ?? null,
    });
  }
  // RFC 5545 ends every content line, the last one included, with CRLF; the library omits the last.
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** A day stays a day (no time zone can move it); an instant becomes the Date the library expects. */
const toDate = (time: IcsTime): string | Date => ('date' in time ? time.date.toString() : new Date(time.instant.epochMilliseconds));
