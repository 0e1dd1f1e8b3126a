/**
 * Daily services (docs/product.md#meals): the school's services for one day, joined (SI) or not (NO), paid from
 * a prepaid credit. Pure rules, no fetch, no React.
 */

export type DailyAvailability = 'ATTIVA' | 'CHIUSA' | 'NON_ATTIVA';

export interface DailyService {
  id_marketplace: number;
  descrizione: string;
  costo_unitario_prenotazione: number;
  /** adesione SI */
  joined: boolean;
  adesione_giornaliera: DailyAvailability;
  data_adesione: string;
  orario_limite: string | null;
  adesioni: number;
  /** Why the day cannot be changed (empty when it can). */
  messaggio: string;
}

export interface DailyServiceDay {
  data_adesione: string;
  credito_residuo: number;
  servizi: DailyService[];
}

export interface DailyCreditMovement {
  id: number;
  data: string;
  descrizione: string;
  importo: number;
  segno: 'A' | 'D';
}

export interface DailyCredit {
  credito_residuo: number;
  movimenti: DailyCreditMovement[];
}

export interface DailyBooking {
  id: number;
  id_marketplace: number;
  descrizione: string;
  data_adesione: string;
  costo: number;
  annullabile: boolean;
}

/** The answer to a join or a leave: only esito OK changes anything (docs/product.md#meals). */
export interface DailyOutcome {
  ok: boolean;
  messaggio: string;
  joined: boolean;
  credito_residuo: number | null;
}

export interface DailyRequest {
  data_adesione: string;
  id_marketplace: number;
}

/** Whether the day can be joined or left now (the server decides; ATTIVA is its yes). */
export const isDayOpen = (s: Pick<DailyService, 'adesione_giornaliera'>): boolean => s.adesione_giornaliera === 'ATTIVA';

/** The year's bookings, newest day first. */
export function sortDailyBookings(bookings: readonly DailyBooking[]): DailyBooking[] {
  return [...bookings].sort((a, b) => b.data_adesione.localeCompare(a.data_adesione) || a.id_marketplace - b.id_marketplace);
}
