import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();

describe('elezioni', () => {
  const t = useTestServer();

  it('lists the elections with their state from the clock', async () => {
    for (const [token, id, year] of [
      [t.parent, 501, CURRENT_YEAR],
      [t.parent, 501, PREVIOUS_YEAR],
      [t.student, 503, CURRENT_YEAR],
    ] as const) {
      const res = await t.server.app.inject({ url: studentPath('DEMO01', id, year, 'elezioni'), headers: auth(token) });
      expectConforms('listElections', res);
      const elections: { stato: string; data_inizio: string; liste: unknown[] }[] = res.json();
      expect(elections.length).toBeGreaterThan(0);
      expect(elections.every((e) => e.liste.length > 0)).toBe(true);
      const starts = elections.map((e) => Date.parse(e.data_inizio));
      expect(starts).toEqual([...starts].sort((a, b) => b - a));
      if (year === CURRENT_YEAR) {
        expect(elections.map((e) => e.stato)).toContain('PROGRAMMATA');
        expect(elections.map((e) => e.stato)).toContain('CHIUSA');
      } else {
        expect(elections.every((e) => e.stato === 'CHIUSA')).toBe(true);
      }
    }
  });

  it('answers 403 when elections are off for the student (Giulia) or the student is another family’s', async () => {
    const giulia = await t.server.app.inject({ url: studentPath('DEMO02', 502, CURRENT_YEAR, 'elezioni'), headers: auth(t.parent) });
    expectConforms('listElections', giulia, 403);
    expect(giulia.json().detail).toBe('Servizio non attivo per lo studente');
    const other = await t.server.app.inject({ url: studentPath('DEMO01', 503, CURRENT_YEAR, 'elezioni'), headers: auth(t.parent) });
    expectConforms('listElections', other, 403);
    expect(other.json().detail).toBe('Accesso non consentito');
    expectConforms('listElections', await t.server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'elezioni') }), 401);
  });

  it('covers every operation of the tag', () => {
    expect(uncovered('elezioni')).toEqual([]);
  });
});
