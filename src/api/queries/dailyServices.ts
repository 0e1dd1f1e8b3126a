import type { QueryClient } from '@tanstack/react-query';
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
async function refresh(queryClient: QueryClient, s: StudentScope, day: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: dailyServicesQuery(s, day).queryKey }),
    queryClient.invalidateQueries({ queryKey: dailyCreditQuery(s).queryKey }),
    queryClient.invalidateQueries({ queryKey: dailyBookingsQuery(s).queryKey }),
  ]);
}

/** POST prenotazioni_giornaliere: the answer's esito decides (docs/product.md#meals), not the status. */
export async function joinDailyService(queryClient: QueryClient, s: StudentScope, body: DailyRequest): Promise<DailyOutcome> {
  try {
    const { data } = await api.client.POST(`${BASE}/prenotazioni_giornaliere`, { ...scoped(s), body });
    return toDailyOutcome(data);
  } finally {
    await refresh(queryClient, s, body.data_adesione);
  }
}

/** DELETE prenotazioni_giornaliere with the same body. */
export async function leaveDailyService(queryClient: QueryClient, s: StudentScope, body: DailyRequest): Promise<DailyOutcome> {
  try {
    const { data } = await api.client.DELETE(`${BASE}/prenotazioni_giornaliere`, { ...scoped(s), body });
    return toDailyOutcome(data);
  } finally {
    await refresh(queryClient, s, body.data_adesione);
  }
}
