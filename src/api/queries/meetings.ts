import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { Meeting } from '../../domain/records';
import type { DayRange } from '../../domain/isoDate';
import { alertRange } from '../../domain/meetings';
import { hasService, type ServiceFlags } from '../../domain/services';
import type { StudentScope } from '../../domain/student';
import type { Temporal } from '../../domain/temporal';
import { toMeeting, toMeetings } from '../boundary/meetings';
import { readQuery } from './read';
import { BASE, scoped, studentPath } from './scope';


/** Both kinds of meeting in a range; docs/product.md#meetings: never asked without one (the screen waits for the range). */
export const meetingsInRangeQuery = (s: StudentScope, range: DayRange) =>
  readQuery(`${BASE}/colloqui_plain`, { params: { path: studentPath(s), query: { data_inizio: range.from, data_fine: range.to } } }, toMeetings);

/**
 * The alert of a booked meeting less than 36 hours away (Home's "Oggi" and the meeting screens):
 * the bookings of today and the next two days, or null when the student has no meetings. An aid,
 * not a screen's content: its failure stays out of the API error dialog.
 */
export const meetingsSoonQuery = (s: StudentScope, servizi: ServiceFlags, today: Temporal.PlainDate) =>
  hasService(servizi, 'colloqui_individuali') || hasService(servizi, 'colloqui_generali')
    ? { ...meetingsInRangeQuery(s, alertRange(today)), meta: { errorDialog: false } }
    : null;

export const individualMeetingsQuery = (s: StudentScope) => readQuery(`${BASE}/colloqui-individuali`, scoped(s), toMeetings);

export const generalMeetingsQuery = (s: StudentScope) => readQuery(`${BASE}/colloqui-generali`, scoped(s), toMeetings);

const MEETING_PATHS = [`${BASE}/colloqui_plain`, `${BASE}/colloqui-individuali`, `${BASE}/colloqui-generali`];

/** Every cached list of this student's meetings, whatever its range. */
const isMeetingList = (s: StudentScope) => (key: readonly unknown[]) =>
  key[0] === 'get' &&
  MEETING_PATHS.includes(key[1] as string) &&
  JSON.stringify((key[2] as { params?: { path?: unknown } } | undefined)?.params?.path) === JSON.stringify(studentPath(s));

/** The answer is the meeting as it now is: every cached list that holds it shows it at once. */
function showMeeting(client: QueryClient, s: StudentScope, changed: Meeting) {
  for (const q of client.getQueryCache().findAll({ predicate: (q) => isMeetingList(s)(q.queryKey) })) {
    client.setQueryData<Meeting[]>(q.queryKey, (old) => old?.map((m) => (m.id === changed.id ? changed : m)));
  }
}

/**
 * Refused or not, the lists are fetched again: a 409 usually means someone took the slot meanwhile,
 * and the family must see the slots as they now are.
 */
const readMeetingsAgain = (client: QueryClient, s: StudentScope) => client.invalidateQueries({ predicate: (q) => isMeetingList(s)(q.queryKey) });

/** Books a slot of a meeting. */
export const bookMeetingSlotMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['colloqui', s, 'prenotazione'],
    mutationFn: async ({ meetingId, slot }: { meetingId: number; slot: number }): Promise<Meeting> => {
      const { data } = await api.client.PUT(`${BASE}/colloqui/{id}`, { params: { path: { ...studentPath(s), id: meetingId }, query: { slot } } });
      const meeting = toMeeting(data);
      if (!meeting) throw new Error('booking answer without a meeting');
      return meeting;
    },
    onSuccess: (meeting, _vars, _r, { client }) => showMeeting(client, s, meeting),
    onSettled: (_meeting, _error, _vars, _r, { client }) => readMeetingsAgain(client, s),
  });

export const cancelMeetingBookingMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['colloqui', s, 'annullamento'],
    mutationFn: async ({ meetingId }: { meetingId: number }): Promise<Meeting> => {
      const { data } = await api.client.DELETE(`${BASE}/colloqui/{id}`, { params: { path: { ...studentPath(s), id: meetingId } } });
      const meeting = toMeeting(data);
      if (!meeting) throw new Error('cancellation answer without a meeting');
      return meeting;
    },
    onSuccess: (meeting, _vars, _r, { client }) => showMeeting(client, s, meeting),
    onSettled: (_meeting, _error, _vars, _r, { client }) => readMeetingsAgain(client, s),
  });

/** Asks a teacher for an individual meeting: nothing cached changes until the teacher proposes one. */
export const requestIndividualMeetingMutation = (s: StudentScope, idProfessore: number) =>
  mutationOptions({
    mutationKey: ['richiesta_colloquio_individuale', s, idProfessore],
    mutationFn: async () => (await api.client.POST(`${BASE}/richiesta_colloquio_individuale`, { ...scoped(s), body: { id_professore: idProfessore } })).data!,
  });
