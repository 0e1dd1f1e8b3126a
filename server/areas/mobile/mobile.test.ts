import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, studentPath, useTestServer } from '../../testing';
import { challengeOf } from './codes';

const { expectConforms, uncovered } = contractChecker();
const CODE = '/api/v4/utenti/mobile/codice';
const SESSION = '/api/v4/utenti/mobile/sessione';
/** The app's verifier for its codes, and the challenge it sends with each request. */
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const SFIDA = challengeOf(VERIFIER);

describe('mobile', () => {
  const t = useTestServer();

  const issue = (payload: unknown, token: string | null = t.parent) =>
    t.server.app.inject({ method: 'POST', url: CODE, payload: payload as object, headers: token ? auth(token) : {} });
  const open = (payload: unknown) => t.server.app.inject({ method: 'POST', url: SESSION, payload: payload as object });

  it('issues a code whose url opens the page, and exchanges it once for a session', async () => {
    const issued = await issue({ id_studente: 501, pagina: 'estratto-conto', sfida: SFIDA });
    expectConforms('createMobileCode', issued);
    const { codice, url, scadenza } = issued.json() as { codice: string; url: string; scadenza: string };
    expect(url).toBe(`/mobile/estratto-conto?codice=${codice}`);
    expect(codice.length).toBeGreaterThanOrEqual(32);
    expect(new Date(scadenza).getTime() - new Date('2026-11-21T09:15:00Z').getTime()).toBe(120_000);

    const session = await open({ codice, verificatore: VERIFIER });
    expectConforms('openMobileSession', session);
    const body = session.json();
    expect(body).toMatchObject({ pagina: 'estratto-conto', id_studente: 501, mastercom_id: '1001', id_utente: 1001, nome: 'Laura' });
    expect(body.studenti.map((s: { id: number }) => s.id)).toEqual([501]);
    const statement = await t.server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'estratto-conto'), headers: auth(body.token) });
    expect(statement.statusCode).toBe(200);

    const reused = await open({ codice, verificatore: VERIFIER });
    expectConforms('openMobileSession', reused, 401);
    expect(reused.json()).toEqual({ detail: 'Codice di accesso scaduto o già utilizzato', error: 'token_scaduto' });
  });

  it('tells missing, unknown and expired codes apart', async () => {
    const missing = await open({});
    expectConforms('openMobileSession', missing, 400);
    expect(missing.json().error).toBe('parametri_mancanti');
    expect((await open({ codice: '' })).json().error).toBe('parametri_mancanti');
    expect((await t.server.app.inject({ method: 'POST', url: SESSION })).json().error).toBe('parametri_mancanti');

    const unknown = await open({ codice: 'non-esiste-questo-codice', verificatore: VERIFIER });
    expectConforms('openMobileSession', unknown, 401);
    expect(unknown.json()).toEqual({ detail: 'Codice di accesso non valido', error: 'token_non_valido' });

    const { codice } = (await issue({ id_studente: 502, pagina: 'negozio', sfida: SFIDA })).json() as { codice: string };
    t.server.advance(121);
    try {
      const expired = await open({ codice, verificatore: VERIFIER });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toBe('token_scaduto');
    } finally {
      t.server.advance(-121);
    }
  });

  it('opens nothing for a forwarded link: the exchange needs the verifier of the app that asked, and spends the code either way', async () => {
    const { codice } = (await issue({ id_studente: 501, pagina: 'carrello', sfida: SFIDA })).json() as { codice: string };
    const forwarded = await open({ codice });
    expectConforms('openMobileSession', forwarded, 401);
    expect(forwarded.json()).toEqual({ detail: 'Accesso non autorizzato: il codice non è stato chiesto da questa app', error: 'accesso_non_autorizzato' });
    // Spent: not even the app's own verifier opens it now.
    expect((await open({ codice, verificatore: VERIFIER })).json().error).toBe('token_scaduto');

    const other = (await issue({ id_studente: 501, pagina: 'carrello', sfida: SFIDA })).json() as { codice: string };
    const guessed = await open({ codice: other.codice, verificatore: 'x'.repeat(43) });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().error).toBe('accesso_non_autorizzato');
    const malformed = (await issue({ id_studente: 501, pagina: 'carrello', sfida: SFIDA })).json() as { codice: string };
    expect((await open({ codice: malformed.codice, verificatore: 'corto' })).json().error).toBe('accesso_non_autorizzato');

    // A code is asked for only with a challenge of the right shape.
    expectConforms('createMobileCode', await issue({ id_studente: 501, pagina: 'carrello', sfida: 'troppo-corta' }), 400);
  });

  it('issues codes only for the user’s own students, with valid input', async () => {
    const own = await issue({ id_studente: 503, pagina: 'carrello', sfida: SFIDA }, t.student);
    expect(own.statusCode).toBe(200);
    expect((await open({ codice: own.json().codice, verificatore: VERIFIER })).json()).toMatchObject({ pagina: 'carrello', id_studente: 503 });

    expectConforms('createMobileCode', await issue({ id_studente: 503, pagina: 'carrello', sfida: SFIDA }), 403);
    expectConforms('createMobileCode', await issue({ id_studente: 501, pagina: 'voti', sfida: SFIDA }), 400);
    expectConforms('createMobileCode', await issue({ id_studente: 'marco', pagina: 'negozio', sfida: SFIDA }), 400);
    expectConforms('createMobileCode', await issue({ pagina: 'negozio', sfida: SFIDA }), 400);
    expectConforms('createMobileCode', await issue({ id_studente: 501, pagina: 'negozio', sfida: SFIDA }, null), 401);
  });

  it("limits a code's session to its student and never refreshes it into a full session", async () => {
    const { codice } = (await issue({ id_studente: 501, pagina: 'carrello', sfida: SFIDA })).json() as { codice: string };
    const { token } = (await open({ codice, verificatore: VERIFIER })).json() as { token: string };
    const get = (path: string) => t.server.app.inject({ url: path, headers: auth(token) });

    expect((await get(studentPath('DEMO01', 501, CURRENT_YEAR, 'pagamenti'))).statusCode).toBe(200);
    // Giulia is Laura's daughter too: the full session reads her, the code's session does not.
    const sister = studentPath('DEMO02', 502, CURRENT_YEAR, 'estratto-conto');
    expect((await t.server.app.inject({ url: sister, headers: auth(t.parent) })).statusCode).toBe(200);
    expect((await get(sister)).statusCode).toBe(403);
    // Nor the account: no new codes (for another student or the same), no password change.
    expect((await issue({ id_studente: 502, pagina: 'negozio', sfida: SFIDA }, token)).statusCode).toBe(403);
    expect((await issue({ id_studente: 501, pagina: 'negozio', sfida: SFIDA }, token)).statusCode).toBe(403);

    const refresh = await t.server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: { token } });
    expect(refresh.statusCode).toBe(401);
    // Validating the token again answers the same limited session, not the whole family.
    const validated = await t.server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token } });
    expect(validated.statusCode).toBe(200);
    const again = validated.json() as { token: string; studenti: { id: number }[] };
    expect(again.studenti.map((s) => s.id)).toEqual([501]);
    expect((await t.server.app.inject({ url: sister, headers: auth(again.token) })).statusCode).toBe(403);
    // A full session still refreshes.
    expect((await t.server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: { token: t.parent } })).statusCode).toBe(200);
  });

  it('covers every mobile operation', () => {
    expect(uncovered('mobile')).toEqual([]);
  });
});
