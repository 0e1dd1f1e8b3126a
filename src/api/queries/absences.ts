import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { isJustifiable, type BookingRequest, type JustificationRequest, type JustificationResult } from '../../domain/absences';
import { outcomeUnknown } from '../../domain/failure';
import type { StudentScope } from '../../domain/student';
import { failureOf } from '../failure';
import { updatesQuery } from './student';
import type { Absence } from '../../domain/records';
import { toAbsence, toAbsences } from '../boundary/absences';
import { toAbsenceBooking, toAbsenceBookings, toAbsenceReasons, type AbsenceBooking, type AbsenceBookings, type AbsenceReasons } from '../boundary/absenceOptions';
import { readQuery } from './read';
import { scoped, studentPath } from './scope';

export type { Absence };
export type { AbsenceReasons, AbsenceBooking, AbsenceBookings };

/** Addressed by school, student and year: the path parameters are part of every query key. */

export const absencesQuery = (s: StudentScope) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/assenze_plain', scoped(s), toAbsences);

export const justificationReasonsQuery = (s: StudentScope) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/giustificazioni', scoped(s), toAbsenceReasons, { staleTime: 10 * 60_000 });

export const entryExitBookingsQuery = (s: StudentScope) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/prenotazioni_entrate_uscite', scoped(s), toAbsenceBookings);

/**
 * One PUT giustificazioni/{id} per event, one after the other. Each justified event replaces its
 * copy in the cached list as soon as its answer is in (a long list shows its progress); the list is
 * then fetched again, refused or not. Rejects with the first refusal when none was justified.
 */
export const justifyAbsencesMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['giustificazioni', s],
    mutationFn: async ({ requests }: { requests: JustificationRequest[] }, { client }): Promise<JustificationResult> => {
      const result: JustificationResult = { justified: [], failed: [] };
      let firstError: unknown = null;
      for (const { id, ...body } of requests) {
        try {
          const { data } = await api.client.PUT('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/giustificazioni/{id}', {
            params: { path: { ...studentPath(s), id } },
            body,
          });
          const answer = toAbsence(data);
          // The list is fetched again once all are sent; the justified copy shows at once when the answer is usable.
          if (answer) {
            const justified: Absence = { ...answer, id: answer.id ?? id };
            client.setQueryData<Absence[]>(absencesQuery(s).queryKey, (old) => old?.map((a) => (a.id === justified.id ? justified : a)));
          }
          result.justified.push(id);
        } catch (e) {
          firstError ??= e;
          result.failed.push({ id, failure: failureOf(e) });
        }
      }
      // An event whose call got no answer: the list read again says whether it went through, and one
      // that did is shown justified, never sent again.
      const unknown = result.failed.filter((f) => outcomeUnknown(f.failure));
      if (unknown.length > 0) {
        const fresh = await client.fetchQuery({ ...absencesQuery(s), staleTime: 0 }).catch(() => null);
        const done = new Set(unknown.flatMap(({ id }) => (fresh?.some((a) => a.id === id && !isJustifiable(a)) ? [id] : [])));
        if (done.size > 0) {
          result.failed = result.failed.filter((f) => !done.has(f.id));
          result.justified = requests.flatMap(({ id }) => (result.justified.includes(id) || done.has(id) ? [id] : []));
          if (result.failed.length === 0) firstError = null;
        }
      }
      if (result.justified.length === 0) throw firstError;
      return result;
    },
    onSettled: (_result, _error, _vars, _r, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: absencesQuery(s).queryKey }),
        client.invalidateQueries({ queryKey: updatesQuery(s).queryKey }),
      ]),
  });

/**
 * A booking whose call got no answer is looked for in the list read again: an active booking of
 * that day, time, kind and reason that was not there before is the one just made.
 */
async function bookingMadeMeanwhile(client: QueryClient, s: StudentScope, body: BookingRequest, before: AbsenceBookings | undefined) {
  const known = new Set(before?.prenotazioni.map((b) => b.id) ?? []);
  const fresh = await client.fetchQuery({ ...entryExitBookingsQuery(s), staleTime: 0 }).catch(() => null);
  return (
    fresh?.prenotazioni.find(
      (b) => !known.has(b.id) && b.stato === 'attiva' && b.data === body.data && b.orario === body.orario && b.tipo === body.tipo_assenza && b.motivazione === body.motivazione,
    ) ?? null
  );
}

/** Refused or not, the list shows the server's truth afterwards (a refusal often means it changed meanwhile). */
const readBookingsAgain = (client: QueryClient, s: StudentScope) => client.invalidateQueries({ queryKey: entryExitBookingsQuery(s).queryKey });

export const createEntryExitBookingMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['prenotazioni_entrate_uscite', s],
    mutationFn: async (body: BookingRequest, { client }): Promise<AbsenceBooking> => {
      const before = client.getQueryData<AbsenceBookings>(entryExitBookingsQuery(s).queryKey);
      try {
        const { data } = await api.client.POST('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/prenotazioni_entrate_uscite', { ...scoped(s), body });
        const booking = toAbsenceBooking(data);
        if (!booking) throw new Error('booking answer without a booking');
        return booking;
      } catch (e) {
        const made = outcomeUnknown(failureOf(e)) ? await bookingMadeMeanwhile(client, s, body, before) : null;
        if (made) return made;
        throw e;
      }
    },
    onSuccess: (booking, _body, _r, { client }) =>
      client.setQueryData<AbsenceBookings>(entryExitBookingsQuery(s).queryKey, (old) =>
        old ? { ...old, prenotazioni: [booking, ...old.prenotazioni.filter((b) => b.id !== booking.id)] } : old,
      ),
    onSettled: (_booking, _error, _body, _r, { client }) => readBookingsAgain(client, s),
  });

export const cancelEntryExitBookingMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['prenotazioni_entrate_uscite', s, 'annulla'],
    mutationFn: async ({ id }: { id: number }, { client }): Promise<AbsenceBooking> => {
      try {
        const { data } = await api.client.PATCH('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/prenotazioni_entrate_uscite/{id}', {
          params: { path: { ...studentPath(s), id } },
        });
        const booking = toAbsenceBooking(data);
        if (!booking) throw new Error('booking answer without a booking');
        return booking;
      } catch (e) {
        // No answer: the list read again says whether the booking is cancelled after all.
        const fresh = outcomeUnknown(failureOf(e)) ? await client.fetchQuery({ ...entryExitBookingsQuery(s), staleTime: 0 }).catch(() => null) : null;
        const cancelled = fresh?.prenotazioni.find((b) => b.id === id && b.stato === 'annullata');
        if (cancelled) return cancelled;
        throw e;
      }
    },
    onSuccess: (booking, _vars, _r, { client }) =>
      client.setQueryData<AbsenceBookings>(entryExitBookingsQuery(s).queryKey, (old) =>
        old ? { ...old, prenotazioni: old.prenotazioni.map((b) => (b.id === booking.id ? booking : b)) } : old,
      ),
    onSettled: (_booking, _error, _vars, _r, { client }) => readBookingsAgain(client, s),
  });
