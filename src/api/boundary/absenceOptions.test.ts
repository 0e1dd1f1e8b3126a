import { describe, expect, it } from 'vitest';
import { toAbsenceBooking, toAbsenceBookings, toAbsenceReasons } from './absenceOptions';

describe('justification reasons and entry/exit bookings', () => {
  it('keeps valid answers as they are', () => {
    const reasons = { normale: [{ codice: 'SAL', descrizione: 'Motivi di salute' }], dad: [] };
    expect(toAbsenceReasons(reasons)).toEqual(reasons);
    const booking = { id: 7, data: '2026-11-23', orario: '10:00', tipo: 'entrata', tipo_assenza: 'entrata', motivazione: 'Visita', stato: 'attiva', creata_il: '2026-11-20T09:00:00+01:00' };
    const bookings = { opzioni: { entrata: [{ orario: '09:00', descrizione: 'Seconda ora' }], uscita: [] }, prenotazioni: [booking] };
    expect(toAbsenceBookings(bookings)).toEqual(bookings);
  });

  it('reads missing lists as empty and drops what cannot be chosen or placed', () => {
    expect(toAbsenceReasons(null)).toEqual({ normale: [], dad: [] });
    expect(toAbsenceReasons({ normale: { 0: 'x' }, dad: [{ codice: null }, { codice: 'F', descrizione: '' }] })).toEqual({ normale: [], dad: [{ codice: 'F', descrizione: 'F' }] });
    expect(toAbsenceBookings({ opzioni: null, prenotazioni: [{ id: 1, data: 0, orario: '10:00' }, { id: 2, data: '2026-11-23', orario: '10:00:00', stato: 5 }] })).toEqual({
      opzioni: { entrata: [], uscita: [] },
      prenotazioni: [{ id: 2, data: '2026-11-23', orario: '10:00', tipo: 'entrata', tipo_assenza: 'entrata', motivazione: '', stato: 'attiva', creata_il: '2026-11-23T00:00:00+01:00' }],
    });
    expect(toAbsenceBooking({ id: 'x', data: '2026-11-23', orario: '10:00' })).toBeNull();
  });
});
