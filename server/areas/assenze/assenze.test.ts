import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, PINNED_NOW, PREVIOUS_YEAR, startTestServer, studentPath, useTestServer } from '../../testing';
import { weekday } from '../../shared/time';

const { expectConforms, uncovered } = contractChecker();
const TODAY = '2026-11-21';
const NEXT_MONDAY = '2026-11-23';

/** The real backend's shape: `data` a date-time, the time only inside `titolo`. */
interface Absence {
  id: number;
  data: string;
  titolo: string;
  simbolo: string;
  colore_simbolo: string;
  tipo_assenza: string;
  giustificata: 'SI' | 'NO' | '';
  giustificabile: boolean;
  motivazione: string;
  tipo_giustificazione: string | null;
  data_giustificazione: string | null;
  prenotazione: boolean;
}
interface Booking { id: number; data: string; orario: string; tipo: string; tipo_assenza: string; motivazione: string; stato: string; creata_il: string }
interface Bookings { opzioni: { entrata: { orario: string }[]; uscita: { orario: string }[] }; prenotazioni: Booking[] }

describe('area assenze', () => {
  const t = useTestServer();

  const get = (url: string, token?: string) => t.server.app.inject({ url, headers: token ? auth(token) : {} });
  const send = (method: 'PUT' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    t.server.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const setService = (id: number, anno: string, servizio: string, on: boolean) =>
    t.db().prepare('UPDATE servizi_iscrizione SET attivo = ? WHERE id_studente = ? AND anno = ? AND servizio = ?').run(Number(on), id, anno, servizio);
  const setBooking = (school: string, column: 'prenotazione_entrate_attiva' | 'prenotazione_uscite_attiva', on: boolean) =>
    t.db().prepare(`UPDATE anni_scolastici SET ${column} = ? WHERE id_scuola = ? AND anno = ?`).run(Number(on), school, CURRENT_YEAR);
  const marco = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);
  const luca = (rest: string) => studentPath('DEMO01', 503, CURRENT_YEAR, rest);
  const giulia = (rest: string) => studentPath('DEMO02', 502, CURRENT_YEAR, rest);
  const absencesOf = async (url: string, token: string) => (await get(url, token)).json<Absence[]>();

  it.each([
    { who: 'Marco 3A', token: () => t.parent, school: 'DEMO01', id: 501, year: CURRENT_YEAR },
    { who: 'Marco 2A (last year)', token: () => t.parent, school: 'DEMO01', id: 501, year: PREVIOUS_YEAR },
    { who: 'Giulia 2B', token: () => t.parent, school: 'DEMO02', id: 502, year: CURRENT_YEAR },
    { who: 'Luca 4C', token: () => t.student, school: 'DEMO01', id: 503, year: CURRENT_YEAR },
  ])('lists 12-20 register events of every kind for $who, coloured by their justification', async ({ token, school, id, year }) => {
    const current = year === CURRENT_YEAR;
    const res = await get(studentPath(school, id, year, 'assenze_plain'), token());
    expectConforms('getAbsences', res);
    const list = res.json<Absence[]>();
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.length).toBeLessThanOrEqual(20);
    expect(new Set(list.map((a) => a.tipo_assenza))).toEqual(new Set(['assenza', 'ritardo', 'uscita', 'dad', 'corso']));
    const symbols: Record<string, string> = { assenza: 'A', ritardo: 'R', uscita: 'U', dad: 'AD', corso: 'C' };
    const colours = { NO: '#C62828', SI: '#1E7B34', '': '#1565C0' };
    for (const a of list) {
      expect(a.simbolo).toBe(symbols[a.tipo_assenza]);
      expect(a.colore_simbolo).toBe(colours[a.giustificata]);
      expect(a.data).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+0[12]:00$/);
      expect(weekday(a.data.slice(0, 10))).not.toBe(0);
      if (current) expect(a.data.slice(0, 10) < TODAY).toBe(true);
      expect(a).not.toHaveProperty('orario');
      expect(/ ore \d{2}:\d{2}\b/.test(a.titolo)).toBe(a.tipo_assenza !== 'assenza' && a.tipo_assenza !== 'dad');
      if (a.tipo_assenza === 'corso') expect(a.giustificata).toBe('');
      if (a.giustificabile) expect(a.giustificata).toBe('NO');
      if (a.giustificata === 'SI') expect(a.motivazione).not.toBe('');
    }
    expect(list.some((a) => a.prenotazione && a.giustificata === 'SI')).toBe(true);
    expect(list.filter((a) => a.giustificabile).length).toBe(current ? 4 : 0);
    expect(list.some((a) => a.giustificata === 'NO')).toBe(true);
    expect(list.map((a) => a.data)).toEqual([...list.map((a) => a.data)].sort().reverse());

    const reasons = await get(studentPath(school, id, year, 'giustificazioni'), token());
    expectConforms('getJustificationReasons', reasons);
    expect(reasons.json<{ normale: unknown[]; dad: unknown[] }>().dad.length).toBeGreaterThan(0);
  });

  it('seeds the same data for the same clock', async () => {
    const twin = await startTestServer({ freshSeed: true });
    try {
      const token = (await twin.login('genitore.demo')).token;
      for (const url of [giulia('assenze_plain'), giulia('prenotazioni_entrate_uscite'), studentPath('DEMO01', 501, PREVIOUS_YEAR, 'assenze_plain')]) {
        const mine = await twin.app.inject({ url, headers: auth(token) });
        expect(mine.statusCode).toBe(200);
        expect(mine.body).toBe((await get(url, t.parent)).body);
      }
    } finally {
      await twin.close();
    }
  });

  it('takes profile_update 0 or 1 and nothing else', async () => {
    const plain = (await get(marco('assenze_plain'), t.parent)).json();
    const zero = await get(marco('assenze_plain?profile_update=0'), t.parent);
    expectConforms('getAbsences', zero);
    expect(zero.json()).toEqual(plain);
    const bad = await get(marco('assenze_plain?profile_update=2'), t.parent);
    expectConforms('getAbsences', bad, 400);
    expect(bad.json<{ detail: string }>().detail).toContain('profile_update');
  });

  it('keeps each family to its own students and the section to its services', async () => {
    for (const [op, rest] of [['getAbsences', 'assenze_plain'], ['getJustificationReasons', 'giustificazioni'], ['getEntryExitBookings', 'prenotazioni_entrate_uscite']] as const) {
      const res = await get(luca(rest), t.parent);
      expectConforms(op, res, 403);
      expect(res.json()).toEqual({ detail: 'Accesso non consentito', error: 'forbidden' });
      expectConforms(op, await get(luca(rest)), 401);
    }
    setService(502, CURRENT_YEAR, 'assenze', false);
    try {
      const off = await get(giulia('assenze_plain'), t.parent);
      expectConforms('getAbsences', off, 403);
      expect(off.json()).toEqual({ detail: 'Servizio non attivo per lo studente', error: 'servizio_non_attivo' });
    } finally {
      setService(502, CURRENT_YEAR, 'assenze', true);
    }
    const dad = (await absencesOf(giulia('assenze_plain'), t.parent)).find((a) => a.tipo_assenza === 'dad');
    setService(502, CURRENT_YEAR, 'assenze_dad', false);
    try {
      expect((await absencesOf(giulia('assenze_plain'), t.parent)).some((a) => a.tipo_assenza === 'dad')).toBe(false);
      expect((await get(giulia('giustificazioni'), t.parent)).json()).toMatchObject({ dad: [] });
      const hidden = await send('PUT', giulia(`giustificazioni/${dad?.id}`), t.parent, { tipo_assenza: 'CON', motivazione: 'Rete assente.' });
      expectConforms('justifyAbsence', hidden, 404);
    } finally {
      setService(502, CURRENT_YEAR, 'assenze_dad', true);
    }
    expect((await absencesOf(giulia('assenze_plain'), t.parent)).find((a) => a.id === dad?.id)).toEqual(dad);
  });

  describe('justifying', () => {
    it('turns NO into SI with the reason, once', async () => {
      const target = (await absencesOf(marco('assenze_plain'), t.parent)).find((a) => a.giustificabile && a.tipo_assenza !== 'dad');
      if (!target) throw new Error('Marco has a justifiable absence');
      const res = await send('PUT', marco(`giustificazioni/${target.id}`), t.parent, { tipo_assenza: 'SAL', motivazione: '  Febbre e mal di gola.  ' });
      expectConforms('justifyAbsence', res);
      const justified = { ...target, giustificata: 'SI', giustificabile: false, colore_simbolo: '#1E7B34', motivazione: 'Febbre e mal di gola.', tipo_giustificazione: 'SAL', data_giustificazione: '2026-11-21T10:15:00+01:00' };
      expect(res.json()).toEqual(justified);
      expect((await absencesOf(marco('assenze_plain'), t.parent)).find((a) => a.id === target.id)).toEqual(justified);
      // The same justification sent again (its answer was lost): the success it was, nothing changed.
      const retried = await send('PUT', marco(`giustificazioni/${target.id}`), t.parent, { tipo_assenza: 'SAL', motivazione: 'Febbre e mal di gola.' });
      expectConforms('justifyAbsence', retried);
      expect(retried.json()).toEqual(justified);
      const again = await send('PUT', marco(`giustificazioni/${target.id}`), t.parent, { tipo_assenza: 'FAM', motivazione: 'Altro motivo.' });
      expectConforms('justifyAbsence', again, 409);
      expect(again.json()).toEqual({ detail: 'Conflict', error: "L'assenza è già stata giustificata" });
      expect((await absencesOf(marco('assenze_plain'), t.parent)).find((a) => a.id === target.id)).toEqual(justified);
    });

    it('takes a distance-learning absence only with a reason of the dad list', async () => {
      const dad = (await absencesOf(marco('assenze_plain'), t.parent)).find((a) => a.tipo_assenza === 'dad' && a.giustificabile);
      if (!dad) throw new Error('Marco has a distance-learning absence to justify');
      const wrong = await send('PUT', marco(`giustificazioni/${dad.id}`), t.parent, { tipo_assenza: 'FAM', motivazione: 'Motivi familiari.' });
      expectConforms('justifyAbsence', wrong, 400);
      expect(wrong.json<{ detail: string }>().detail).toBe('tipo_assenza "FAM" non valido: usare un codice dell\'elenco dad (CON, DIS, SAL, ALT)');
      expect((await absencesOf(marco('assenze_plain'), t.parent)).find((a) => a.id === dad.id)).toEqual(dad);
      const ok = await send('PUT', marco(`giustificazioni/${dad.id}`), t.parent, { tipo_assenza: 'CON', motivazione: 'Connessione assente.' });
      expectConforms('justifyAbsence', ok);
      expect(ok.json()).toMatchObject({ giustificata: 'SI', tipo_giustificazione: 'CON' });
    });

    it('refuses bad input, events needing no justification and other families, changing nothing', async () => {
      const before = await absencesOf(marco('assenze_plain'), t.parent);
      const target = before.find((a) => a.giustificabile && a.tipo_assenza !== 'dad');
      const course = before.find((a) => a.tipo_assenza === 'corso');
      if (!target || !course) throw new Error('Marco has a justifiable absence and a course presence');
      const url = marco(`giustificazioni/${target.id}`);
      for (const [payload, detail] of [
        [{ motivazione: 'Febbre.' }, "body must have required property 'tipo_assenza'"],
        [{ tipo_assenza: 'SAL' }, "body must have required property 'motivazione'"],
        [{ tipo_assenza: 'SAL', motivazione: '' }, 'body/motivazione must NOT have fewer than 1 characters'],
        [{ tipo_assenza: 'SAL', motivazione: '   ' }, 'La motivazione è obbligatoria'],
        [{ tipo_assenza: 'SAL', motivazione: { testo: 'Febbre.' } }, 'body/motivazione must be string'],
        [{ tipo_assenza: 'CON', motivazione: 'Febbre.' }, 'tipo_assenza "CON" non valido: usare un codice dell\'elenco normale (SAL, VIS, FAM, TRA, SPO, ALT)'],
        [{ tipo_assenza: 'X'.repeat(11), motivazione: 'Febbre.' }, 'body/tipo_assenza must NOT have more than 10 characters'],
        [[], 'body must be object'],
      ] as const) {
        const res = await send('PUT', url, t.parent, payload);
        expectConforms('justifyAbsence', res, 400);
        expect(res.json<{ detail: string }>().detail).toBe(detail);
      }
      expectConforms('justifyAbsence', await send('PUT', url, t.parent), 400);
      expectConforms('justifyAbsence', await send('PUT', marco('giustificazioni/abc'), t.parent, { tipo_assenza: 'SAL', motivazione: 'x' }), 400);

      const none = await send('PUT', marco(`giustificazioni/${course.id}`), t.parent, { tipo_assenza: 'SAL', motivazione: 'Febbre.' });
      expectConforms('justifyAbsence', none, 409);
      expect(none.json()).toMatchObject({ error: 'Questo evento non richiede giustificazione' });
      const expired = (await absencesOf(studentPath('DEMO01', 501, PREVIOUS_YEAR, 'assenze_plain'), t.parent)).find((a) => a.giustificata === 'NO');
      const late = await send('PUT', studentPath('DEMO01', 501, PREVIOUS_YEAR, `giustificazioni/${expired?.id}`), t.parent, { tipo_assenza: 'SAL', motivazione: 'Febbre.' });
      expectConforms('justifyAbsence', late, 409);
      expect(late.json<{ error: string }>().error).toMatch(/termini/);

      const lucaBefore = await absencesOf(luca('assenze_plain'), t.student);
      const lucaOpen = lucaBefore.find((a) => a.giustificabile);
      if (!lucaOpen) throw new Error('Luca has a justifiable absence');
      expectConforms('justifyAbsence', await send('PUT', marco(`giustificazioni/${lucaOpen.id}`), t.parent, { tipo_assenza: 'SAL', motivazione: 'Febbre.' }), 404);
      expectConforms('justifyAbsence', await send('PUT', marco('giustificazioni/999999'), t.parent, { tipo_assenza: 'SAL', motivazione: 'Febbre.' }), 404);
      const other = await send('PUT', luca(`giustificazioni/${lucaOpen.id}`), t.parent, { tipo_assenza: 'SAL', motivazione: 'Febbre.' });
      expectConforms('justifyAbsence', other, 403);
      expect(other.json<{ detail: string }>().detail).toBe('Accesso non consentito');

      expect(await absencesOf(marco('assenze_plain'), t.parent)).toEqual(before);
      expect(await absencesOf(luca('assenze_plain'), t.student)).toEqual(lucaBefore);
    });
  });

  describe('booking entries and exits', () => {
    const bookings = async (url = marco('prenotazioni_entrate_uscite'), token = t.parent) => (await get(url, token)).json<Bookings>();
    const book = (payload: unknown, url = marco('prenotazioni_entrate_uscite'), token = t.parent) => send('POST', url, token, payload);

    it('lists the options and the seeded bookings, all or of one day', async () => {
      const res = await get(marco('prenotazioni_entrate_uscite'), t.parent);
      expectConforms('getEntryExitBookings', res);
      const { opzioni, prenotazioni } = res.json<Bookings>();
      expect(opzioni.entrata.map((o) => o.orario)).toEqual(['09:00', '10:00', '11:00']);
      expect(opzioni.uscita.map((o) => o.orario)).toEqual(['10:00', '11:00', '12:00']);
      expect(prenotazioni.some((b) => b.stato === 'attiva' && b.data > TODAY)).toBe(true);
      expect(prenotazioni.some((b) => b.stato === 'annullata')).toBe(true);
      expect(prenotazioni.every((b) => b.tipo === b.tipo_assenza)).toBe(true);
      const day = prenotazioni[0]?.data as string;
      const oneDay = await get(marco(`prenotazioni_entrate_uscite?data=${day}`), t.parent);
      expectConforms('getEntryExitBookings', oneDay);
      expect(oneDay.json<Bookings>().prenotazioni.every((b) => b.data === day)).toBe(true);
      expectConforms('getEntryExitBookings', await get(marco('prenotazioni_entrate_uscite?data=domani'), t.parent), 400);
    });

    it('books, refuses what the rules forbid, and cancels once', async () => {
      const before = await bookings();
      const created = await book({ data: NEXT_MONDAY, orario: '11:00', tipo_assenza: 'uscita', motivazione: ' Visita dal dentista. ' });
      expectConforms('createEntryExitBooking', created, 201);
      const booking = created.json<Booking>();
      expect(booking).toMatchObject({ data: NEXT_MONDAY, orario: '11:00', tipo: 'uscita', tipo_assenza: 'uscita', motivazione: 'Visita dal dentista.', stato: 'attiva', creata_il: '2026-11-21T10:15:00+01:00' });

      const conflicts: Array<[unknown, RegExp]> = [
        [{ data: NEXT_MONDAY, orario: '12:00', tipo_assenza: 'uscita', motivazione: 'Di nuovo.' }, /Esiste già una prenotazione di uscita attiva per il 23-11-2026/],
        [{ data: NEXT_MONDAY, orario: '11:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, /uscita deve essere successivo/],
        [{ data: TODAY, orario: '10:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, /si chiudono alle 08:00/],
        [{ data: '2026-11-20', orario: '10:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, /data passata/],
        [{ data: '2026-11-22', orario: '10:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, /22-11-2026 non è un giorno di lezione/],
        [{ data: '2026-12-08', orario: '10:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, /non è un giorno di lezione/],
        [{ data: '2027-09-15', orario: '10:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, /non appartiene all'anno scolastico 2026\/2027/],
      ];
      for (const [payload, error] of conflicts) {
        const res = await book(payload);
        expectConforms('createEntryExitBooking', res, 409);
        expect(res.json<{ error: string }>().error).toMatch(error);
      }
      const bad: Array<[unknown, string]> = [
        [{ data: NEXT_MONDAY, orario: '09:30', tipo_assenza: 'entrata', motivazione: 'Visita.' }, 'Orario 09:30 non previsto per le entrate: scegliere tra 09:00, 10:00, 11:00'],
        [{ data: NEXT_MONDAY, orario: '9', tipo_assenza: 'entrata', motivazione: 'Visita.' }, 'body/orario must match pattern "^\\d{2}:\\d{2}$"'],
        [{ data: NEXT_MONDAY, orario: '09:00', tipo_assenza: 'ritardo', motivazione: 'Visita.' }, 'body/tipo_assenza must be equal to one of the allowed values'],
        [{ data: 'lunedì', orario: '09:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, 'body/data must match format "date"'],
        [{ data: NEXT_MONDAY, orario: '09:00', tipo_assenza: 'entrata' }, "body must have required property 'motivazione'"],
        [{ data: NEXT_MONDAY, orario: '09:00', tipo_assenza: 'entrata', motivazione: '  ' }, 'La motivazione è obbligatoria'],
        [{ data: NEXT_MONDAY, tipo_assenza: 'entrata', motivazione: 'Visita.' }, "body must have required property 'orario'"],
        [{ data: 20261123, orario: '09:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, 'body/data must be string'],
      ];
      for (const [payload, detail] of bad) {
        const res = await book(payload);
        expectConforms('createEntryExitBooking', res, 400);
        expect(res.json<{ detail: string }>().detail).toBe(detail);
      }
      expectConforms('createEntryExitBooking', await send('POST', marco('prenotazioni_entrate_uscite'), t.parent), 400);
      const other = await book({ data: NEXT_MONDAY, orario: '09:00', tipo_assenza: 'entrata', motivazione: 'Visita.' }, luca('prenotazioni_entrate_uscite'));
      expectConforms('createEntryExitBooking', other, 403);
      const anonymous = { data: NEXT_MONDAY, orario: '09:00', tipo_assenza: 'entrata', motivazione: 'Visita.' };
      expectConforms('createEntryExitBooking', await t.server.app.inject({ method: 'POST', url: marco('prenotazioni_entrate_uscite'), payload: anonymous }), 401);
      expect((await bookings()).prenotazioni).toEqual([...before.prenotazioni, booking].sort((a, b) => b.data.localeCompare(a.data) || a.orario.localeCompare(b.orario) || b.id - a.id));

      const cancel = await send('PATCH', marco(`prenotazioni_entrate_uscite/${booking.id}`), t.parent);
      expectConforms('cancelEntryExitBooking', cancel);
      expect(cancel.json()).toEqual({ ...booking, stato: 'annullata' });
      const twice = await send('PATCH', marco(`prenotazioni_entrate_uscite/${booking.id}`), t.parent);
      expectConforms('cancelEntryExitBooking', twice, 409);
      expect(twice.json()).toEqual({ detail: 'Conflict', error: 'La prenotazione è già stata annullata' });
      // Once cancelled, the day is free again.
      expectConforms('createEntryExitBooking', await book({ data: NEXT_MONDAY, orario: '12:00', tipo_assenza: 'uscita', motivazione: 'Visita.' }), 201);
    });

    it('books today only before the cut-off', async () => {
      t.server.setNow('2026-11-21T06:45:00Z'); // 07:45 in Rome
      try {
        const res = await book({ data: TODAY, orario: '09:00', tipo_assenza: 'entrata', motivazione: 'Sciopero dei treni.' });
        expectConforms('createEntryExitBooking', res, 201);
      } finally {
        t.server.setNow(PINNED_NOW);
      }
    });

    it('cancels only its own future, active bookings', async () => {
      const { prenotazioni } = await bookings();
      const past = prenotazioni.find((b) => b.data < TODAY && b.stato === 'attiva');
      const lucaBefore = await bookings(luca('prenotazioni_entrate_uscite'), t.student);
      const lucaActive = lucaBefore.prenotazioni.find((b) => b.stato === 'attiva' && b.data > TODAY);
      if (!past || !lucaActive) throw new Error('seeded bookings');
      const old = await send('PATCH', marco(`prenotazioni_entrate_uscite/${past.id}`), t.parent);
      expectConforms('cancelEntryExitBooking', old, 409);
      expect(old.json<{ error: string }>().error).toMatch(/giorno passato/);
      expectConforms('cancelEntryExitBooking', await send('PATCH', marco(`prenotazioni_entrate_uscite/${lucaActive.id}`), t.parent), 404);
      expectConforms('cancelEntryExitBooking', await send('PATCH', marco('prenotazioni_entrate_uscite/999999'), t.parent), 404);
      expectConforms('cancelEntryExitBooking', await send('PATCH', marco('prenotazioni_entrate_uscite/uno'), t.parent), 400);
      expectConforms('cancelEntryExitBooking', await send('PATCH', luca(`prenotazioni_entrate_uscite/${lucaActive.id}`), t.parent), 403);
      expect(await bookings(luca('prenotazioni_entrate_uscite'), t.student)).toEqual(lucaBefore);
      expect((await bookings()).prenotazioni.find((b) => b.id === past.id)).toEqual(past);
    });

    it('follows the school switches for entries and exits', async () => {
      const before = await bookings(giulia('prenotazioni_entrate_uscite'));
      setBooking('DEMO02', 'prenotazione_uscite_attiva', false);
      try {
        expect((await bookings(giulia('prenotazioni_entrate_uscite'))).opzioni.uscita).toEqual([]);
        const exit = await book({ data: NEXT_MONDAY, orario: '12:00', tipo_assenza: 'uscita', motivazione: 'Visita.' }, giulia('prenotazioni_entrate_uscite'));
        expectConforms('createEntryExitBooking', exit, 403);
        expect(exit.json()).toEqual({ detail: 'Prenotazione delle uscite non attiva per la scuola', error: 'servizio_non_attivo' });
        setBooking('DEMO02', 'prenotazione_entrate_attiva', false);
        const both = await get(giulia('prenotazioni_entrate_uscite'), t.parent);
        expectConforms('getEntryExitBookings', both, 403);
        expect(both.json<{ detail: string }>().detail).toBe('Prenotazione di entrate e uscite non attiva per la scuola');
      } finally {
        setBooking('DEMO02', 'prenotazione_uscite_attiva', true);
        setBooking('DEMO02', 'prenotazione_entrate_attiva', true);
      }
      expect(await bookings(giulia('prenotazioni_entrate_uscite'))).toEqual(before);
    });
  });

  it('exercised every assenze operation', () => {
    expect(uncovered('assenze')).toEqual([]);
  });
});
