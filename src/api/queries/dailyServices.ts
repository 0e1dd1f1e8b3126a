import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { DailyOutcome, DailyRequest } from '../../domain/dailyServices';
import type { StudentScope } from '../../domain/student';
import { toDailyBookings, toDailyCredit, toDailyOutcome, toDailyServiceDay } from '../boundary/meals';
import { readQuery } from './read';
import { BASE, scoped, studentPath } from './scope';

/** Daily services (docs/product.md#meals): the services of a day, the prepaid credit, the year's bookings. */

export const dailyServicesQuery = (s: StudentScope, day: string) =>
  readQuery(`${BASE}/servizi_giornalieri`, { params: { path: studentPath(s), query: { data_adesione: day } } }, (raw) => toDailyServiceDay(raw, day));

export const dailyCreditQuery = (s: StudentScope) => readQuery(`${BASE}/credito_servizi`, scoped(s), toDailyCredit);

export const dailyBookingsQuery = (s: StudentScope) => readQuery(`${BASE}/prenotazioni_giornaliere`, scoped(s), toDailyBookings);

/** After a join or a leave, OK or not, every part of the screen shows the server's truth again. */
const refresh = (client: QueryClient, s: StudentScope, day: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: dailyServicesQuery(s, day).queryKey }),
    client.invalidateQueries({ queryKey: dailyCreditQuery(s).queryKey }),
    client.invalidateQueries({ queryKey: dailyBookingsQuery(s).queryKey }),
  ]);

/** POST prenotazioni_giornaliere: the answer's esito decides (docs/product.md#meals), not the status. */
export const joinDailyServiceMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['prenotazioni_giornaliere', s, 'adesione'],
    mutationFn: async (body: DailyRequest): Promise<DailyOutcome> => toDailyOutcome((await api.client.POST(`${BASE}/prenotazioni_giornaliere`, { ...scoped(s), body })).data),
    onSettled: (_outcome, _error, body, _r, { client }) => refresh(client, s, body.data_adesione),
  });

/** DELETE prenotazioni_giornaliere with the same body. */
export const leaveDailyServiceMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['prenotazioni_giornaliere', s, 'annullamento'],
    mutationFn: async (body: DailyRequest): Promise<DailyOutcome> => toDailyOutcome((await api.client.DELETE(`${BASE}/prenotazioni_giornaliere`, { ...scoped(s), body })).data),
    onSettled: (_outcome, _error, body, _r, { client }) => refresh(client, s, body.data_adesione),
  });
