import type { Meeting, MeetingSlot } from '../../domain/records';
import { asArray, asRecord, clockTime, firstOfEachId, flag, integer, schoolDate, schoolDateTime, text } from './read';

/**
 * Parent-teacher meetings (colloqui_plain, colloqui-individuali, colloqui-generali and the answers
 * of booking and cancelling). A meeting without id, day or start cannot be booked nor shown on a
 * calendar, so it is left out; slots without a number likewise.
 */

const HHMM = /^(\d{1,2})[:.](\d{2})/;

function time(v: unknown): string | null {
  const m = HHMM.exec(text(v)?.trim() ?? '');
  return m ? clockTime(m[1]!, m[2]!) : null;
}

function toSlot(raw: unknown): MeetingSlot | null {
  const s = asRecord(raw);
  const numero = integer(s.numero);
  const orario = time(s.orario);
  if (numero === null || orario === null) return null;
  return { numero, orario, libero: flag(s.libero) ?? false };
}

const blankToNull = (v: string | null) => (v && v.trim() !== '' ? v : null);

export function toMeeting(raw: unknown): Meeting | null {
  const m = asRecord(raw);
  const id = integer(m.id);
  const data = schoolDate(m.data);
  const ora_inizio = time(m.ora_inizio);
  if (id === null || data === null || ora_inizio === null) return null;
  const slot = firstOfEachId(
    asArray(m.slot).flatMap((s) => toSlot(s) ?? []),
    (s) => s.numero,
  );
  const booked = asRecord(m.prenotato);
  const bookedSlot = integer(booked.slot);
  const link = blankToNull(text(m.link));
  return {
    id,
    tipo: text(m.tipo) === 'generale' ? 'generale' : 'individuale',
    data,
    ora_inizio,
    ora_fine: time(m.ora_fine) ?? ora_inizio,
    inizio: schoolDateTime(m.inizio) ?? schoolDateTime(`${data}T${ora_inizio}`)!,
    docente: text(m.docente) ?? '',
    id_professore: integer(m.id_professore),
    materia: text(m.materia) ?? '',
    modalita: text(m.modalita) === 'online' || (link !== null && text(m.modalita) !== 'presenza') ? 'online' : 'presenza',
    luogo: blankToNull(text(m.luogo)),
    indirizzo: blankToNull(text(m.indirizzo)),
    link,
    prenotabile: flag(m.prenotabile) ?? false,
    slot,
    prenotato:
      bookedSlot === null
        ? null
        : {
            slot: bookedSlot,
            orario: time(booked.orario) ?? slot.find((s) => s.numero === bookedSlot)?.orario ?? ora_inizio,
            data_prenotazione: schoolDateTime(booked.data_prenotazione),
          },
  };
}

export const toMeetings = (raw: unknown): Meeting[] =>
  firstOfEachId(
    asArray(raw).flatMap((m) => toMeeting(m) ?? []),
    (m) => m.id,
  );
