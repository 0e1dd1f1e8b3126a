import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();
const CODE = '/api/v4/utenti/mobile/codice';
const SESSION = '/api/v4/utenti/mobile/sessione';

describe('mobile', () => {
  const t = useTestServer();

  const issue = (payload: unknown, token: string | null = t.parent) =>
    t.server.app.inject({ method: 'POST', url: CODE, payload: payload as object, headers: token ? auth(token) : {} });
  const open = (payload: unknown) => t.server.app.inject({ method: 'POST', url: SESSION, payload: payload as object });

  it('issues a code whose url opens the page, and exchanges it once for a session', async () => {
    const issued = await issue({ id_studente: 501, pagina: 'estratto-conto' });
    expectConforms('createMobileCode', issued);
    const { codice, url, scadenza } = issued.json() as { codice: string; url: string; scadenza: string };
    expect(url).toBe(`/mobile/estratto-conto?codice=${codice}`);
    expect(codice.length).toBeGreaterThanOrEqual(32);
    expect(new Date(scadenza).getTime() - new Date('2026-11-21T09:15:00Z').getTime()).toBe(120_000);

    const session = await open({ codice });
    expectConforms('openMobileSession', session);
    const body = session.json();
    expect(body).toMatchObject({ pagina: 'estratto-conto', id_studente: 501, mastercom_id: '1001', id_utente: 1001, nome: 'Laura' });
    expect(body.studenti.map((s: { id: number }) => s.id)).toEqual([501]);
    const statement = await t.server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'estratto-conto'), headers: auth(body.token) });
    expect(statement.statusCode).toBe(200);

    const reused = await open({ codice });
    expectConforms('openMobileSession', reused, 401);
    expect(reused.json()).toEqual({ detail: 'Codice di accesso scaduto o già utilizzato', error: 'token_scaduto' });
  });

  it('tells missing, unknown and expired codes apart', async () => {
    const missing = await open({});
    expectConforms('openMobileSession', missing, 400);
    expect(missing.json().error).toBe('parametri_mancanti');
    expect((await open({ codice: '' })).json().error).toBe('parametri_mancanti');
    expect((await t.server.app.inject({ method: 'POST', url: SESSION })).json().error).toBe('parametri_mancanti');

    const unknown = await open({ codice: 'non-esiste-questo-codice' });
    expectConforms('openMobileSession', unknown, 401);
    expect(unknown.json()).toEqual({ detail: 'Codice di accesso non valido', error: 'token_non_valido' });

    const { codice } = (await issue({ id_studente: 502, pagina: 'negozio' })).json() as { codice: string };
    t.server.advance(121);
    try {
      const expired = await open({ codice });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toBe('token_scaduto');
    } finally {
      t.server.advance(-121);
    }
  });

  it('issues codes only for the user’s own students, with valid input', async () => {
    const own = await issue({ id_studente: 503, pagina: 'carrello' }, t.student);
    expect(own.statusCode).toBe(200);
    expect((await open({ codice: own.json().codice })).json()).toMatchObject({ pagina: 'carrello', id_studente: 503 });

    expectConforms('createMobileCode', await issue({ id_studente: 503, pagina: 'carrello' }), 403);
    expectConforms('createMobileCode', await issue({ id_studente: 501, pagina: 'voti' }), 400);
    expectConforms('createMobileCode', await issue({ id_studente: 'marco', pagina: 'negozio' }), 400);
    expectConforms('createMobileCode', await issue({ pagina: 'negozio' }), 400);
    expectConforms('createMobileCode', await issue({ id_studente: 501, pagina: 'negozio' }, null), 401);
  });

  it('covers every mobile operation', () => {
    expect(uncovered('mobile')).toEqual([]);
  });
});
