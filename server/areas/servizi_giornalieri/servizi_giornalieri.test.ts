import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, GIULIA, PINNED_NOW, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();

interface Service {
  id_marketplace: number;
  adesione: string;
  adesione_giornaliera: string;
  esito: string;
  messaggio: string;
}

const POST = 32;
const DOPOSCUOLA = 33;
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

describe('servizi_giornalieri', () => {
  const t = useTestServer();

  const url = (rest: string, s = GIULIA) => studentPath(s.school, s.id, s.year, rest);
  const get = (path: string, token = t.parent) => t.server.app.inject({ url: path, headers: auth(token) });
  const send = (method: 'POST' | 'DELETE', payload: unknown, s = GIULIA, token = t.parent) =>
    t.server.app.inject({ method, url: url('prenotazioni_giornaliere', s), payload: payload as object, headers: auth(token) });
  const credit = async (): Promise<number> => (await get(url('credito_servizi'))).json().credito_residuo;
  const day = async (date: string): Promise<Service[]> => (await get(url(`servizi_giornalieri?data_adesione=${date}`))).json().servizi;
  const service = async (date: string, id: number): Promise<Service> => {
    const found = (await day(date)).find((s) => s.id_marketplace === id);
    if (!found) throw new Error(`no service ${id}`);
    return found;
  };

  it('answers every read for every demo student and year', async () => {
    const cases = [
      { token: t.parent, s: { school: 'DEMO01', id: 501, year: CURRENT_YEAR } },
      { token: t.parent, s: { school: 'DEMO01', id: 501, year: PREVIOUS_YEAR } },
      { token: t.parent, s: GIULIA },
      { token: t.student, s: { school: 'DEMO01', id: 503, year: CURRENT_YEAR } },
    ];
    for (const { token, s } of cases) {
      expectConforms('getDailyServices', await get(url('servizi_giornalieri', s), token));
      expectConforms('getDailyServices', await get(url(`servizi_giornalieri?data_adesione=${TUESDAY}`, s), token));
      const movements = await get(url('credito_servizi', s), token);
      expectConforms('getDailyServiceCredit', movements);
      const bookings = await get(url('prenotazioni_giornaliere', s), token);
      expectConforms('getDailyBookings', bookings);
      expect((bookings.json() as unknown[]).length).toBeGreaterThan(0);
    }
    const saturday = (await get(url('servizi_giornalieri'))).json();
    expect(saturday.data_adesione).toBe('2026-11-21');
    expect(saturday.servizi.every((s: Service) => s.adesione_giornaliera === 'NON_ATTIVA' && s.esito === 'KO')).toBe(true);
  });

  it('books (SI, credit charged) and cancels (NO, credit back)', async () => {
    const start = await credit();
    expect(start).toBe(7);
    expect(await service(TUESDAY, POST)).toMatchObject({ adesione: 'NO', adesione_giornaliera: 'ATTIVA', esito: 'OK' });
    const booked = await send('POST', { data_adesione: TUESDAY, id_marketplace: POST });
    expectConforms('bookDailyService', booked);
    expect(booked.json()).toEqual({ esito: 'OK', messaggio: 'Prenotazione effettuata', adesione: 'SI', credito_residuo: 2.5 });
    expect((await service(TUESDAY, POST)).adesione).toBe('SI');
    expect(await credit()).toBe(2.5);
    expect(((await get(url('prenotazioni_giornaliere'))).json() as { data_adesione: string; id_marketplace: number }[])).toContainEqual(
      expect.objectContaining({ data_adesione: TUESDAY, id_marketplace: POST }),
    );

    const cancelled = await send('DELETE', { data_adesione: TUESDAY, id_marketplace: POST });
    expectConforms('cancelDailyBooking', cancelled);
    expect(cancelled.json()).toMatchObject({ esito: 'OK', adesione: 'NO', credito_residuo: 7 });
    expect((await service(TUESDAY, POST)).adesione).toBe('NO');
    expect(await credit()).toBe(7);
  });

  it('answers KO with an Italian reason and changes nothing', async () => {
    const bookingsBefore = (await get(url('prenotazioni_giornaliere'))).json();
    const creditBefore = await credit();
    const ko = async (method: 'POST' | 'DELETE', payload: unknown, message: string | RegExp) => {
      const res = await send(method, payload);
      expectConforms(method === 'POST' ? 'bookDailyService' : 'cancelDailyBooking', res);
      expect(res.json().esito).toBe('KO');
      expect(res.json().messaggio).toMatch(message);
    };
    await ko('POST', { data_adesione: TUESDAY, id_marketplace: DOPOSCUOLA }, 'Il servizio non è attivo nel giorno scelto');
    await ko('POST', { data_adesione: '2026-11-20', id_marketplace: POST }, 'data passata');
    await ko('POST', { data_adesione: '2027-09-20', id_marketplace: POST }, "anno scolastico");
    await ko('DELETE', { data_adesione: WEDNESDAY, id_marketplace: POST }, 'Nessuna prenotazione da annullare per il giorno scelto');
    const pastBooking = ((await get(url('prenotazioni_giornaliere'))).json() as { data_adesione: string; id_marketplace: number; annullabile: boolean }[]).find(
      (b) => !b.annullabile,
    );
    if (!pastBooking) throw new Error('no past booking');
    await ko('DELETE', { data_adesione: pastBooking.data_adesione, id_marketplace: pastBooking.id_marketplace }, /^Non è più possibile annullare/);
    expect((await get(url('prenotazioni_giornaliere'))).json()).toEqual(bookingsBefore);
    expect(await credit()).toBe(creditBefore);
  });

  it('refuses credit it does not have', async () => {
    expect((await send('POST', { data_adesione: WEDNESDAY, id_marketplace: POST })).json().esito).toBe('OK');
    const short = await send('POST', { data_adesione: WEDNESDAY, id_marketplace: DOPOSCUOLA });
    expect(short.json()).toEqual({
      esito: 'KO',
      messaggio: 'Credito insufficiente: servono 6,00 €, disponibili 2,50 €',
      adesione: 'NO',
      credito_residuo: 2.5,
    });
    const again = await send('POST', { data_adesione: WEDNESDAY, id_marketplace: POST });
    expect(again.json()).toMatchObject({ esito: 'KO', adesione: 'SI', messaggio: 'Il servizio è già prenotato per il giorno scelto' });
    expect((await send('DELETE', { data_adesione: WEDNESDAY, id_marketplace: POST })).json().esito).toBe('OK');
  });

  it('closes the day at the service deadline', async () => {
    try {
      t.server.setNow('2026-11-23T11:30:00Z'); // Monday 12:30 in Rome; post-scuola closes at 12:00
      t.parent = (await t.server.login('genitore.demo')).token;
      const late = await send('POST', { data_adesione: '2026-11-23', id_marketplace: POST });
      expect(late.json()).toMatchObject({ esito: 'KO', messaggio: 'Il termine per oggi è scaduto alle ore 12:00' });
      expect((await service('2026-11-23', POST)).adesione_giornaliera).toBe('CHIUSA');
      expect((await send('POST', { data_adesione: '2026-11-23', id_marketplace: DOPOSCUOLA })).json().esito).toBe('KO');
    } finally {
      t.server.setNow(PINNED_NOW);
      t.parent = (await t.server.login('genitore.demo')).token;
    }
  });

  it('rejects bad input with 4xx and a clear detail, changing nothing', async () => {
    const bookingsBefore = (await get(url('prenotazioni_giornaliere'))).json();
    const creditBefore = await credit();
    expectConforms('bookDailyService', await send('POST', { data_adesione: TUESDAY }), 400);
    expectConforms('bookDailyService', await send('POST', { data_adesione: 'domani', id_marketplace: POST }), 400);
    expectConforms('bookDailyService', await send('POST', { data_adesione: TUESDAY, id_marketplace: 'post' }), 400);
    expectConforms('cancelDailyBooking', await send('DELETE', {}), 400);
    const unknown = await send('POST', { data_adesione: TUESDAY, id_marketplace: 999 });
    expectConforms('bookDailyService', unknown, 404);
    expect(unknown.json().detail).toBe('Servizio giornaliero non trovato: 999');
    // A service of another school.
    expectConforms('cancelDailyBooking', await send('DELETE', { data_adesione: TUESDAY, id_marketplace: 21 }), 404);
    const other = await send('POST', { data_adesione: TUESDAY, id_marketplace: 21 }, { school: 'DEMO01', id: 503, year: CURRENT_YEAR });
    expectConforms('bookDailyService', other, 403);
    expectConforms('getDailyServices', await get(url('servizi_giornalieri?data_adesione=2026-13-45')), 400);
    expectConforms('getDailyBookings', await get(url('prenotazioni_giornaliere', { school: 'DEMO01', id: 503, year: CURRENT_YEAR })), 403);
    expectConforms('getDailyServiceCredit', await t.server.app.inject({ url: url('credito_servizi') }), 401);
    expect((await get(url('prenotazioni_giornaliere'))).json()).toEqual(bookingsBefore);
    expect(await credit()).toBe(creditBefore);
  });

  it('covers every servizi_giornalieri operation', () => {
    expect(uncovered('servizi_giornalieri')).toEqual([]);
  });
});
