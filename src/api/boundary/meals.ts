import type { ConsumedMeal, MealCredit, MealCreditMovement, MealDay, MealService, MealSummary } from '../../domain/meals';
import type { DailyBooking, DailyCredit, DailyCreditMovement, DailyOutcome, DailyService, DailyServiceDay } from '../../domain/dailyServices';
import { asArray, asRecord, decimal, firstOfEachId, firstText, flag, integer, rawString, schoolDate, schoolDateTime, text } from './read';

/**
 * Meals (`mense…`) and daily services (`servizi_giornalieri`, `credito_servizi`,
 * `prenotazioni_giornaliere`). Amounts may come as numbers or decimal strings ("3,80"), flags as
 * booleans or SI/NO; a row without what identifies it (an id, a day) is left out rather than shown
 * half.
 */

const sign = (v: unknown): 'A' | 'D' => ((text(v) ?? '').trim().toUpperCase() === 'A' ? 'A' : 'D');

function toMealService(raw: unknown): MealService | null {
  const s = asRecord(raw);
  const codice = rawString(s.codice)?.trim();
  if (!codice) return null;
  return { codice, descrizione: firstText(s.descrizione, codice) ?? codice, selezionato: flag(s.selezionato) ?? false };
}

export function toMealDay(raw: unknown): MealDay | null {
  const d = asRecord(raw);
  const id = integer(d.id);
  const scadenza = schoolDateTime(d.scadenza);
  const data = schoolDate(d.data) ?? schoolDate(d.scadenza);
  if (id === null || !scadenza || !data) return null;
  return {
    id,
    data,
    scadenza,
    // A backend that does not say is read from the deadline alone (docs/product.md#meals).
    prenotabile: flag(d.prenotabile) ?? true,
    descrizione: text(d.descrizione) ?? '',
    id_pasto_precedente: integer(d.id_pasto_precedente),
    id_pasto_successivo: integer(d.id_pasto_successivo),
    // One radio per choice: a code sent twice is one choice.
    servizi: firstOfEachId(
      asArray(d.servizi).flatMap((s) => toMealService(s) ?? []),
      (s) => s.codice,
    ),
  };
}

export function toMealSummary(raw: unknown): MealSummary {
  const m = asRecord(raw);
  return {
    pasti_consumati: integer(m.pasti_consumati) ?? 0,
    credito_residuo: decimal(m.credito_residuo) ?? 0,
    soglia_credito: decimal(m.soglia_credito),
    allarme_credito_residuo: flag(m.allarme_credito_residuo) ?? false,
    pasto_corrente: toMealDay(m.pasto_corrente),
  };
}

function toMealMovement(raw: unknown): MealCreditMovement | null {
  const r = asRecord(raw);
  const data = schoolDate(r.data);
  const importo = decimal(r.importo);
  if (!data || importo === null) return null;
  return { data, descrizione: text(r.descrizione) ?? '', importo: Math.abs(importo), segno: sign(r.segno) };
}

export function toMealCredit(raw: unknown): MealCredit {
  const c = asRecord(raw);
  return {
    credito_residuo: decimal(c.credito_residuo) ?? 0,
    soglia_credito: decimal(c.soglia_credito),
    allarme_credito_residuo: flag(c.allarme_credito_residuo) ?? false,
    costo_pasto: decimal(c.costo_pasto),
    movimenti: asArray(c.movimenti).flatMap((m) => toMealMovement(m) ?? []),
  };
}

export function toConsumedMeals(raw: unknown): ConsumedMeal[] {
  const meals = asArray(raw).flatMap((r): ConsumedMeal[] => {
    const m = asRecord(r);
    const id = integer(m.id);
    const data = schoolDate(m.data);
    if (id === null || !data) return [];
    const codice = rawString(m.codice) ?? '';
    return [{ id, data, descrizione: text(m.descrizione) ?? '', codice, servizio: firstText(m.servizio, codice) ?? codice, costo: decimal(m.costo) ?? 0 }];
  });
  return firstOfEachId(meals, (m) => m.id);
}

const AVAILABILITY = ['ATTIVA', 'CHIUSA', 'NON_ATTIVA'] as const;

function toDailyService(raw: unknown, day: string): DailyService | null {
  const s = asRecord(raw);
  const id = integer(s.id_marketplace);
  if (id === null) return null;
  const sent = (text(s.adesione_giornaliera) ?? '').trim().toUpperCase();
  return {
    id_marketplace: id,
    descrizione: text(s.descrizione) ?? '',
    costo_unitario_prenotazione: decimal(s.costo_unitario_prenotazione) ?? 0,
    joined: flag(s.adesione) ?? false,
    // Anything the portal does not know is not a day to change.
    adesione_giornaliera: (AVAILABILITY as readonly string[]).includes(sent) ? (sent as DailyService['adesione_giornaliera']) : 'NON_ATTIVA',
    data_adesione: schoolDate(s.data_adesione) ?? day,
    orario_limite: rawString(s.orario_limite),
    adesioni: integer(s.adesioni) ?? 0,
    messaggio: text(s.messaggio) ?? '',
  };
}

export function toDailyServiceDay(raw: unknown, asked: string): DailyServiceDay {
  const d = asRecord(raw);
  const day = schoolDate(d.data_adesione) ?? asked;
  return {
    data_adesione: day,
    credito_residuo: decimal(d.credito_residuo) ?? 0,
    servizi: firstOfEachId(
      asArray(d.servizi).flatMap((s) => toDailyService(s, day) ?? []),
      (s) => s.id_marketplace,
    ),
  };
}

function toDailyMovement(raw: unknown, i: number): DailyCreditMovement | null {
  const r = asRecord(raw);
  const data = schoolDate(r.data);
  const importo = decimal(r.importo);
  if (!data || importo === null) return null;
  return { id: integer(r.id) ?? -(i + 1), data, descrizione: text(r.descrizione) ?? '', importo: Math.abs(importo), segno: sign(r.segno) };
}

export function toDailyCredit(raw: unknown): DailyCredit {
  const c = asRecord(raw);
  return {
    credito_residuo: decimal(c.credito_residuo) ?? 0,
    movimenti: firstOfEachId(
      asArray(c.movimenti).flatMap((m, i) => toDailyMovement(m, i) ?? []),
      (m) => m.id,
    ),
  };
}

export function toDailyBookings(raw: unknown): DailyBooking[] {
  const bookings = asArray(raw).flatMap((r): DailyBooking[] => {
    const b = asRecord(r);
    const id = integer(b.id);
    const id_marketplace = integer(b.id_marketplace);
    const data = schoolDate(b.data_adesione);
    if (id === null || id_marketplace === null || !data) return [];
    return [{ id, id_marketplace, descrizione: text(b.descrizione) ?? '', data_adesione: data, costo: decimal(b.costo) ?? 0, annullabile: flag(b.annullabile) ?? false }];
  });
  return firstOfEachId(bookings, (b) => b.id);
}

/** Only an explicit OK is a success (docs/product.md#meals): an answer the portal cannot read changes nothing. */
export function toDailyOutcome(raw: unknown): DailyOutcome {
  const o = asRecord(raw);
  return {
    ok: (text(o.esito) ?? '').trim().toUpperCase() === 'OK',
    messaggio: text(o.messaggio) ?? '',
    joined: flag(o.adesione) ?? false,
    credito_residuo: decimal(o.credito_residuo),
  };
}
