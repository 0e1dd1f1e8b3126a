import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, MARCO, PINNED_NOW, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();

interface MealDay {
  id: number;
  data: string;
  scadenza: string;
  prenotabile: boolean;
  id_pasto_precedente: number | null;
  id_pasto_successivo: number | null;
  servizi: { codice: string; selezionato: boolean }[];
}


describe('mense', () => {
  const t = useTestServer();

  const url = (rest: string, s = MARCO) => studentPath(s.school, s.id, s.year, rest);
  const get = (path: string, token = t.parent) => t.server.app.inject({ url: path, headers: auth(token) });
  const put = (path: string, payload: unknown, token = t.parent) =>
    t.server.app.inject({ method: 'PUT', url: path, payload: payload as object, headers: auth(token) });
  const selected = (day: MealDay) => day.servizi.filter((s) => s.selezionato).map((s) => s.codice);

  it('answers the summary, credit, consumed meals and days for every student with meals', async () => {
    const cases = [
      { token: t.parent, s: MARCO },
      { token: t.parent, s: { ...MARCO, year: PREVIOUS_YEAR } },
      { token: t.student, s: { school: 'DEMO01', id: 503, year: CURRENT_YEAR } },
    ];
    for (const { token, s } of cases) {
      const summary = await get(url('mense', s), token);
      expectConforms('getMeals', summary);
      expectConforms('getMealCredit', await get(url('mense/credito', s), token));
      const consumed = await get(url('mense/pasti', s), token);
      expectConforms('getConsumedMeals', consumed);
      expect((consumed.json() as unknown[]).length).toBe(summary.json().pasti_consumati);
      const current = summary.json().pasto_corrente as MealDay;
      expectConforms('getMeal', await get(url(`mense/pasti/${current.id}`, s), token));
    }
  });

  it('shows Marco low credit with the alarm, Luca without', async () => {
    const marco = (await get(url('mense'))).json();
    expect(marco).toMatchObject({ credito_residuo: 3.8, allarme_credito_residuo: true, soglia_credito: 10 });
    const luca = (await get(url('mense', { school: 'DEMO01', id: 503, year: CURRENT_YEAR }), t.student)).json();
    expect(luca).toMatchObject({ credito_residuo: 37.4, allarme_credito_residuo: false });
    const credit = (await get(url('mense/credito'))).json() as { credito_residuo: number; movimenti: { importo: number; segno: string }[] };
    const sum = credit.movimenti.reduce((s, m) => s + (m.segno === 'A' ? m.importo * 100 : -m.importo * 100), 0);
    expect(Math.round(sum) / 100).toBe(credit.credito_residuo);
  });

  it('shows a week of menus around today, no meal selected by default', async () => {
    const current = (await get(url('mense'))).json().pasto_corrente as MealDay;
    // Saturday 21 November 2026: the current meal is Monday's.
    expect(current.data).toBe('2026-11-23');
    expect(current.prenotabile).toBe(true);
    expect(selected(current)).toEqual(['--']);
    expect(current.servizi.map((s) => s.codice)).toEqual(['--', 'PC', 'PB', 'VEG']);
    const next = (await get(url(`mense/pasti/${current.id_pasto_successivo}`))).json() as MealDay;
    expect(next.data).toBe('2026-11-24');
    expect(selected(next)).toEqual(['PC']);
    const previous = (await get(url(`mense/pasti/${current.id_pasto_precedente}`))).json() as MealDay;
    expect(previous.data).toBe('2026-11-20');
    expect(previous.prenotabile).toBe(false);
  });

  it('books exactly one service before the deadline, persistently', async () => {
    const current = (await get(url('mense'))).json().pasto_corrente as MealDay;
    const booked = await put(url(`mense/pasti/${current.id}`), { servizi: ['VEG'] });
    expectConforms('bookMeal', booked);
    expect(selected(booked.json())).toEqual(['VEG']);
    expect(selected((await get(url(`mense/pasti/${current.id}`))).json())).toEqual(['VEG']);
    const none = await put(url(`mense/pasti/${current.id}`), { servizi: ['--'] });
    expect(selected(none.json())).toEqual(['--']);
  });

  it('rejects bad bookings with a clear detail and changes nothing', async () => {
    const current = (await get(url('mense'))).json().pasto_corrente as MealDay;
    const path = url(`mense/pasti/${current.id_pasto_successivo}`);
    const before = (await get(path)).json();
    expectConforms('bookMeal', await put(path, {}), 400);
    expectConforms('bookMeal', await put(path, { servizi: [] }), 400);
    expectConforms('bookMeal', await put(path, { servizi: ['PC', 'VEG'] }), 400);
    expectConforms('bookMeal', await put(path, { servizi: [{ codice: 'PC' }] }), 400);
    const unknown = await put(path, { servizi: ['XYZ'] });
    expectConforms('bookMeal', unknown, 400);
    expect(unknown.json()).toEqual({ detail: 'Servizio mensa sconosciuto: XYZ', error: 'servizio_non_valido' });
    expectConforms('bookMeal', await put(url('mense/pasti/999999'), { servizi: ['PC'] }), 404);
    expectConforms('getMeal', await get(url('mense/pasti/999999')), 404);
    const other = await put(studentPath('DEMO01', 503, CURRENT_YEAR, `mense/pasti/${current.id}`), { servizi: ['PC'] });
    expectConforms('bookMeal', other, 403);
    // Another student's day through one's own student path is unknown.
    const lucaDay = (await get(url('mense', { school: 'DEMO01', id: 503, year: CURRENT_YEAR }), t.student)).json().pasto_corrente as MealDay;
    expectConforms('bookMeal', await put(url(`mense/pasti/${lucaDay.id}`), { servizi: ['PC'] }), 404);

    const past = await put(url(`mense/pasti/${current.id_pasto_precedente}`), { servizi: ['PC'] });
    expectConforms('bookMeal', past, 409);
    expect(past.json().error).toBe('Il termine per la prenotazione è scaduto');
    expect((await get(path)).json()).toEqual(before);
  });

  it('closes the booking when the clock passes scadenza', async () => {
    const current = (await get(url('mense'))).json().pasto_corrente as MealDay;
    try {
      t.server.setNow(new Date(new Date(current.scadenza).getTime() + 60_000));
      t.parent = (await t.server.login('genitore.demo')).token;
      const late = await put(url(`mense/pasti/${current.id}`), { servizi: ['PC'] });
      expect(late.statusCode).toBe(409);
      const day = (await get(url(`mense/pasti/${current.id}`))).json() as MealDay;
      expect(day.prenotabile).toBe(false);
      expect(selected(day)).toEqual(['--']);
    } finally {
      t.server.setNow(PINNED_NOW);
      t.parent = (await t.server.login('genitore.demo')).token;
    }
  });

  it('is off for Giulia and closed to other families', async () => {
    const giulia = await get(url('mense', { school: 'DEMO02', id: 502, year: CURRENT_YEAR }));
    expectConforms('getMeals', giulia, 403);
    expect(giulia.json()).toEqual({ detail: 'Servizio non attivo per lo studente', error: 'servizio_non_attivo' });
    expectConforms('getMealCredit', await get(url('mense/credito', { school: 'DEMO01', id: 503, year: CURRENT_YEAR })), 403);
    expectConforms('getConsumedMeals', await t.server.app.inject({ url: url('mense/pasti') }), 401);
  });

  it('covers every mense operation', () => {
    expect(uncovered('mense')).toEqual([]);
  });
});
