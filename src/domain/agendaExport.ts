import type { Temporal } from './temporal';
import { filterBySubjectAndRange, weekRange } from './agenda';
import { upcomingHomework, type HomeworkLike } from './homework';
import {
  agendaEvents,
  homeworkEvents,
  testEvents,
  type AgendaItemForIcs,
  type HomeworkForIcs,
  type IcsCalendar,
  type IcsLabels,
  type IcsScope,
  type TestForIcs,
} from './ical';
import type { DayRange } from './isoDate';
import type { PeriodLike, SchoolWeek } from './periods';
import { schoolYearSpan } from './schoolYear';

/**
 * The agenda's export to a calendar file: which days it covers and which events it holds. The data
 * is fetched by api/queries/lessons.ts, the file written by ./icalendarFile.
 */

/** What the family chooses to export: the week shown, the next 30 days, or the whole school year. */
export type ExportChoice = 'settimana' | 'prossimi30' | 'anno';

/**
 * The days of an export: the week shown; today and the 29 days after it; or the school year, from
 * the first period's start to the last one's end (the week shown when the periods are unknown).
 */
export function exportRange(choice: ExportChoice, week: SchoolWeek, today: Temporal.PlainDate, periods: readonly PeriodLike[]): DayRange {
  if (choice === 'settimana') return weekRange(week);
  if (choice === 'prossimi30') return { from: today.toString(), to: today.add({ days: 29 }).toString() };
  return schoolYearSpan(periods, { from: week.start, to: week.end });
}

/** What an export reads for its range (the homework and tests are empty when their service is off). */
export interface AgendaExportData {
  agenda: readonly (AgendaItemForIcs & { data: string; tipo: string })[];
  homework: readonly (HomeworkForIcs & HomeworkLike)[];
  tests: readonly TestForIcs[];
  subjects: readonly { id: number; descrizione: string }[];
}

/** The file's words in the user's language: the domain knows no wording. */
export interface AgendaCalendarWords {
  /** The calendar's name, e.g. "Agenda di Marco Rossi". */
  name: string;
  homeworkSummary: IcsLabels['homeworkSummary'];
  testTopics: IcsLabels['testTopics'];
}

/**
 * The calendar of an export: the agenda's items of the range as timed events, the homework still to
 * hand in (due today or later) as all-day events on its day, and the range's tests the agenda does
 * not already announce. Events are named by subject; a test by its title.
 */
export function agendaCalendar(
  data: AgendaExportData,
  {
    range,
    today,
    scope,
    words,
    prodId,
    stamp,
  }: { range: DayRange; today: Temporal.PlainDate; scope: IcsScope; words: AgendaCalendarWords; prodId: string; stamp: Temporal.Instant },
): IcsCalendar {
  const labels: IcsLabels = {
    subjectName: (id) => (id === null ? '' : (data.subjects.find((s) => s.id === id)?.descrizione ?? '')),
    homeworkSummary: words.homeworkSummary,
    testSummary: (test) => test.titolo,
    testTopics: words.testTopics,
  };
  return {
    prodId,
    name: words.name,
    stamp,
    events: [
      ...agendaEvents(data.agenda, scope, labels),
      ...homeworkEvents(upcomingHomework(data.homework, today), scope, labels),
      ...testEvents(filterBySubjectAndRange(data.tests, { range }), data.agenda, scope, labels),
    ],
  };
}
