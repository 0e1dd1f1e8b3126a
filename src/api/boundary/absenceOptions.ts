import type { components } from '../schema';
import { asArray, asRecord, rawString, schoolDate, schoolDateTime, integer, text } from './read';

type Schemas = components['schemas'];
export type AbsenceReasons = Schemas['AbsenceReasons'];
export type AbsenceBooking = Schemas['AbsenceBooking'];
export type AbsenceBookings = Schemas['AbsenceBookings'];
type AbsenceReason = Schemas['AbsenceReason'];
type AbsenceBookingOption = Schemas['AbsenceBookingOption'];

/**
 * The justification reasons and the entry/exit bookings, in the contract's shapes, made safe for
 * the absences screen: a list that is not one is empty, a reason without a code and an option
 * without a time are dropped (nothing could be chosen with them), a booking without an id or a day too.
 */

const reasons = (v: unknown): AbsenceReason[] =>
  asArray(v).flatMap((r) => {
    const x = asRecord(r);
    const codice = rawString(x.codice);
    return codice ? [{ codice, descrizione: text(x.descrizione) || codice }] : [];
  });

export function toAbsenceReasons(raw: unknown): AbsenceReasons {
  const r = asRecord(raw);
  return { normale: reasons(r.normale), dad: reasons(r.dad) };
}

const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

const options = (v: unknown): AbsenceBookingOption[] =>
  asArray(v).flatMap((o) => {
    const x = asRecord(o);
    const orario = rawString(x.orario)?.trim() ?? '';
    return TIME.test(orario) ? [{ orario: orario.slice(0, 5), descrizione: text(x.descrizione) || orario.slice(0, 5) }] : [];
  });

/** One booking, or null when it has no id, no day or no time. */
export function toAbsenceBooking(raw: unknown): AbsenceBooking | null {
  const b = asRecord(raw);
  const id = integer(b.id);
  const data = schoolDate(b.data);
  const orario = rawString(b.orario)?.trim() ?? '';
  if (id === null || data === null || !TIME.test(orario)) return null;
  const tipo = b.tipo === 'uscita' ? 'uscita' : 'entrata';
  return {
    id,
    data,
    orario: orario.slice(0, 5),
    tipo,
    tipo_assenza: b.tipo_assenza === 'uscita' || b.tipo_assenza === 'entrata' ? b.tipo_assenza : tipo,
    motivazione: text(b.motivazione) ?? '',
    stato: b.stato === 'annullata' ? 'annullata' : 'attiva',
    creata_il: schoolDateTime(b.creata_il) ?? schoolDateTime(data)!,
  };
}

export function toAbsenceBookings(raw: unknown): AbsenceBookings {
  const r = asRecord(raw);
  const o = asRecord(r.opzioni);
  return {
    opzioni: { entrata: options(o.entrata), uscita: options(o.uscita) },
    prenotazioni: asArray(r.prenotazioni).flatMap((b) => toAbsenceBooking(b) ?? []),
  };
}
