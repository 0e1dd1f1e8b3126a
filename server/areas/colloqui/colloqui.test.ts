import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { databasePath } from '../../db/database';
import { auth, CURRENT_YEAR, PINNED_NOW, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();

interface Meeting {
  id: number;
  tipo: string;
  data: string;
  inizio: string;
  id_professore: number;
  prenotabile: boolean;
  slot: { numero: number; orario: string; libero: boolean }[];
  prenotato: { slot: number; orario: string; data_prenotazione: string } | null;
}

describe('colloqui', () => {
  const t = useTestServer();

  const marco = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);
  const get = (url: string, token = t.parent) => t.server.app.inject({ url, headers: auth(token) });
  const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown, token = t.parent) =>
    t.server.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const individual = async (): Promise<Meeting[]> => (await get(marco('colloqui-individuali'))).json();

  it('lists meetings for every seeded student and year', async () => {
    const cases = [
      { token: t.parent, school: 'DEMO01', id: 501, years: [CURRENT_YEAR, PREVIOUS_YEAR] },
      { token: t.parent, school: 'DEMO02', id: 502, years: [CURRENT_YEAR] },
      { token: t.student, school: 'DEMO01', id: 503, years: [CURRENT_YEAR] },
    ];
    for (const { token, school, id, years } of cases) {
      for (const year of years) {
        const ind = await get(studentPath(school, id, year, 'colloqui-individuali'), token);
        expectConforms('listIndividualMeetings', ind);
        expect(ind.json().length).toBeGreaterThan(0);
        const gen = await get(studentPath(school, id, year, 'colloqui-generali'), token);
        expectConforms('listGeneralMeetings', gen);
        expect(gen.json().length).toBeGreaterThan(0);
        const start = `${year.slice(0, 4)}-09-01`;
        const end = `${year.slice(5)}-08-31`;
        const plain = await get(studentPath(school, id, year, `colloqui_plain?data_inizio=${start}&data_fine=${end}`), token);
        expectConforms('listMeetings', plain);
        expect(plain.json().length).toBe(ind.json().length + gen.json().length);
        if (year === CURRENT_YEAR) {
          // A booked meeting less than 36 hours away (the client's alert).
          const soon = (ind.json() as Meeting[]).filter(
            (m) => m.prenotato && Date.parse(m.inizio) > Date.parse(PINNED_NOW) && Date.parse(m.inizio) - Date.parse(PINNED_NOW) < 36 * 3_600_000,
          );
          expect(soon.length).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });

  it("gives meetings in presence the school's address and online ones their link", async () => {
    const all: (Meeting & { modalita: string; indirizzo: string | null; link: string | null })[] = (await individual()).concat(
      (await get(marco('colloqui-generali'))).json(),
    ) as never;
    const presence = all.filter((m) => m.modalita === 'presenza');
    const online = all.filter((m) => m.modalita === 'online');
    expect(presence.length).toBeGreaterThan(0);
    expect(online.length).toBeGreaterThan(0);
    expect(presence.every((m) => m.indirizzo === 'Via Roma 12, 20121 Milano' && m.link === null)).toBe(true);
    expect(online.every((m) => m.indirizzo === null && m.link?.startsWith('https://'))).toBe(true);
    const giulia: { indirizzo: string | null }[] = (await get(studentPath('DEMO02', 502, CURRENT_YEAR, 'colloqui-generali'))).json();
    expect(giulia[0]?.indirizzo).toBe('Via Garibaldi 5, 10122 Torino');
  });

  it('colloqui_plain needs the date range', async () => {
    for (const q of ['', '?data_inizio=2026-11-01', '?data_fine=2026-11-30']) {
      const res = await get(marco(`colloqui_plain${q}`));
      expectConforms('listMeetings', res, 400);
      expect(res.json()).toEqual({ detail: 'Intervallo di date obbligatorio', error: 'bad_request' });
    }
    const reversed = await get(marco('colloqui_plain?data_inizio=2026-12-01&data_fine=2026-11-01'));
    expectConforms('listMeetings', reversed, 400);
    const week: Meeting[] = (await get(marco('colloqui_plain?data_inizio=2026-11-23&data_fine=2026-11-29'))).json();
    expect(week.every((m) => m.data >= '2026-11-23' && m.data <= '2026-11-29')).toBe(true);
    expectConforms('listIndividualMeetings', await get(marco('colloqui-individuali?data_inizio=ieri')), 400);
    expectConforms('listGeneralMeetings', await t.server.app.inject({ url: marco('colloqui-generali') }), 401);
  });

  it('books a free slot once per meeting, persistently, and cancels it', async () => {
    const meeting = (await individual()).find((m) => m.prenotabile && !m.prenotato && m.slot.some((s) => s.libero));
    if (!meeting) throw new Error('no bookable meeting');
    const free = meeting.slot.find((s) => s.libero) as { numero: number; orario: string };
    const booked = await send('PUT', marco(`colloqui/${meeting.id}?slot=${free.numero}`));
    expectConforms('bookMeeting', booked);
    expect(booked.json().prenotato).toEqual({ slot: free.numero, orario: free.orario, data_prenotazione: '2026-11-21T10:15:00+01:00' });
    expect(booked.json().slot[free.numero - 1].libero).toBe(false);

    const other = meeting.slot.find((s) => s.libero && s.numero !== free.numero) as { numero: number };
    const second = await send('PUT', marco(`colloqui/${meeting.id}?slot=${other.numero}`));
    expectConforms('bookMeeting', second, 409);
    expect(second.json().error).toMatch(/Hai già prenotato questo colloquio/);
    expect((await individual()).find((m) => m.id === meeting.id)?.prenotato?.slot).toBe(free.numero);

    const cancelled = await send('DELETE', marco(`colloqui/${meeting.id}`));
    expectConforms('cancelMeetingBooking', cancelled);
    expect(cancelled.json().prenotato).toBeNull();
    const again = await send('DELETE', marco(`colloqui/${meeting.id}`));
    expectConforms('cancelMeetingBooking', again, 409);
    expect(again.json().error).toBe('Non hai prenotazioni per questo colloquio');
    expect((await individual()).find((m) => m.id === meeting.id)?.prenotato).toBeNull();
  });

  it('refuses taken slots, unknown slots and meetings, past meetings and other families', async () => {
    const before = await individual();
    const open = before.find((m) => m.prenotabile && !m.prenotato && m.slot.some((s) => !s.libero)) as Meeting;
    const taken = open.slot.find((s) => !s.libero) as { numero: number };
    const res = await send('PUT', marco(`colloqui/${open.id}?slot=${taken.numero}`));
    expectConforms('bookMeeting', res, 409);
    expect(res.json().error).toMatch(/già stato prenotato/);

    const bad: [string, number, RegExp][] = [
      [`colloqui/${open.id}?slot=99`, 400, /Lo slot 99 non esiste/],
      [`colloqui/${open.id}?slot=0`, 400, /slot/],
      [`colloqui/${open.id}?slot=primo`, 400, /slot/],
      [`colloqui/${open.id}`, 400, /slot/],
      ['colloqui/999999?slot=1', 404, /Contenuto non disponibile/],
    ];
    for (const [rest, status, detail] of bad) {
      const r = await send('PUT', marco(rest));
      expectConforms('bookMeeting', r, status);
      expect(r.json().detail).toMatch(detail);
    }
    const past = before.find((m) => !m.prenotabile && m.slot.some((s) => s.libero)) as Meeting;
    const late = await send('PUT', marco(`colloqui/${past.id}?slot=${(past.slot.find((s) => s.libero) as { numero: number }).numero}`));
    expectConforms('bookMeeting', late, 409);
    expect(late.json().error).toMatch(/già iniziato/);
    const pastBooked = before.find((m) => !m.prenotabile && m.prenotato);
    if (pastBooked) expectConforms('cancelMeetingBooking', await send('DELETE', marco(`colloqui/${pastBooked.id}`)), 409);

    expectConforms('bookMeeting', await send('PUT', studentPath('DEMO01', 503, CURRENT_YEAR, `colloqui/${open.id}?slot=2`)), 403);
    expectConforms('cancelMeetingBooking', await send('DELETE', marco('colloqui/999999')), 404);
    expect(await individual()).toEqual(before);
  });

  it('sends an individual meeting request to a teacher of the class, once', async () => {
    const subjects: { professori: { id: number; nome: string }[] }[] = (await get(marco('materie_nextapi'))).json();
    const teacher = subjects[0]?.professori[0];
    if (!teacher) throw new Error('no teacher');
    const res = await send('POST', marco('richiesta_colloquio_individuale'), { id_professore: teacher.id });
    expectConforms('requestIndividualMeeting', res, 201);
    expect(res.json()).toMatchObject({ ok: true, id_professore: teacher.id, docente: teacher.nome, stato: 'INVIATA', data_richiesta: '2026-11-21T10:15:00+01:00' });
    const twice = await send('POST', marco('richiesta_colloquio_individuale'), { id_professore: teacher.id });
    expectConforms('requestIndividualMeeting', twice, 409);
    expect(twice.json().error).toBe(`Hai già inviato una richiesta di colloquio a ${teacher.nome}`);

    const bad: [unknown, number, RegExp][] = [
      [{}, 400, /id_professore/],
      [{ id_professore: 'Bianchi' }, 400, /id_professore/],
      [{ id_professore: 1 }, 400, /Il docente 1 non insegna nella classe/],
    ];
    for (const [payload, status, detail] of bad) {
      const r = await send('POST', marco('richiesta_colloquio_individuale'), payload);
      expectConforms('requestIndividualMeeting', r, status);
      expect(r.json().detail).toMatch(detail);
    }
    expectConforms('requestIndividualMeeting', await send('POST', studentPath('DEMO01', 503, CURRENT_YEAR, 'richiesta_colloquio_individuale'), { id_professore: teacher.id }), 403);
  });

  it('answers 409 when the school takes no requests and 403 when the service is off', async () => {
    const db = new Database(databasePath(t.server.dataDir));
    db.prepare("UPDATE anni_scolastici SET richiesta_colloqui_individuali = 'NO' WHERE id_scuola = 'DEMO02'").run();
    db.prepare("UPDATE servizi_iscrizione SET attivo = 0 WHERE id_studente = 502 AND anno = ? AND servizio = 'colloqui_generali'").run(CURRENT_YEAR);
    db.close();
    const giulia = (rest: string) => studentPath('DEMO02', 502, CURRENT_YEAR, rest);
    const subjects: { professori: { id: number }[] }[] = (await get(giulia('materie_nextapi'))).json();
    const res = await send('POST', giulia('richiesta_colloquio_individuale'), { id_professore: subjects[0]?.professori[0]?.id });
    expectConforms('requestIndividualMeeting', res, 409);
    expect(res.json().error).toBe('La scuola non accetta richieste di colloquio individuale');
    const off = await get(giulia('colloqui-generali'));
    expectConforms('listGeneralMeetings', off, 403);
    expect(off.json().detail).toBe('Servizio non attivo per lo studente');
    const plain: Meeting[] = (await get(giulia('colloqui_plain?data_inizio=2026-09-01&data_fine=2027-08-31'))).json();
    expect(plain.every((m) => m.tipo === 'individuale')).toBe(true);
  });

  it('covers every operation of the tag', () => {
    expect(uncovered('colloqui')).toEqual([]);
  });
});
