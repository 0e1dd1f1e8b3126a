import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './shared/enrolments';
import { auth, CURRENT_YEAR, startTestServer, studentPath, type TestServer } from './testing';

const LOGIN = '/api/v4/utenti/login/';
const INFO = studentPath('DEMO01', 501, CURRENT_YEAR, 'studente/info');

describe('authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ accessTokenTtlSeconds: 900 });
  });
  afterAll(() => server.close());

  it('signs a parent in with the user data, the students and a JWT', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The real backend's login shape: the user at the top level, the school's id as a string.
    expect(body).toMatchObject({ mastercom_id: '1001', id_utente: 1001, nome: 'Laura', cognome: 'Rossi', language: 'it' });
    expect(body.utente).toBeUndefined();
    expect(typeof body.mastercom_token).toBe('string');
    expect(body.studenti.map((s: { id: number }) => s.id)).toEqual([501, 502]);
    expect(body.studenti[0]).toMatchObject({
      nome: 'Marco Rossi',
      scuola: { mastercom_id: 'DEMO01', nome: 'Liceo Scientifico Galileo Galilei - Demo' },
      locale: 'it_IT',
      valuta: 'EUR',
    });
    expect(body.studenti[0].cognome).toBeUndefined();
    const [header, payload] = (body.token as string).split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: '1001', mcid: 1001 });
    expect(payload.exp - payload.iat).toBe(900);
    expect(typeof payload.jti).toBe('string');
  });

  it('accepts the user code in any case', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'Studente.Demo', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id_utente).toBe(1002);
  });

  it.each([
    ['a wrong password', { mastercom: 'DEMO01', utente: 'genitore.demo', password: 'Demo.2026?' }],
    ['an unknown user code', { mastercom: 'DEMO01', utente: 'nessuno', password: DEMO_PASSWORD }],
  ])('answers 401 to %s', async (_case, payload) => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Codice utente e/o password non validi', error: 'invalid_credentials' });
  });

  it('takes only the real backend\'s body: the old {username, password} is a 400 naming what is missing', async () => {
    const old = await server.app.inject({ method: 'POST', url: LOGIN, payload: { username: 'genitore.demo', password: DEMO_PASSWORD } });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ detail: "body must have required property 'mastercom'", error: 'bad_request' });
    const noSchool = await server.app.inject({ method: 'POST', url: LOGIN, payload: { utente: 'genitore.demo', password: DEMO_PASSWORD } });
    expect(noSchool.statusCode).toBe(400);
  });

  it('answers 401 to a school it does not know, as to a wrong password', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'NESSUNA', utente: 'genitore.demo', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_credentials');
  });

  it('refuses user code and password at a school that takes only SPID and CIE', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO02', utente: 'genitore.demo', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "La scuola consente l'accesso solo con SPID o CIE.", error: 'solo_spid_cie' });
  });

  it('refuses a first-cycle pupil with the rule, and lets the parent of the same pupil in', async () => {
    const pupil = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'studente.giulia', password: DEMO_PASSWORD } });
    expect(pupil.statusCode).toBe(403);
    expect(pupil.json().error).toBe('accesso_primo_ciclo');
    expect(pupil.json().detail).toMatch(/legge 182\/2025, art\. 51.*riservato ai genitori/);
    const parent = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } });
    expect(parent.statusCode).toBe(200);
    expect(parent.json().studenti.map((s: { id: number }) => s.id)).toEqual([501, 502]);
  });

  it('gives each school its own sign-in settings: the liceo all three ways, the comprehensive school SPID and CIE only', async () => {
    const liceo = (await server.app.inject({ method: 'GET', url: '/api/v3/mastercom_nextapi/?id_scuola=DEMO01' })).json();
    expect(liceo).toMatchObject({ id_scuola: 'DEMO01', login_spid: true, login_cie: true, login_username_password: true });
    const comprensivo = (await server.app.inject({ method: 'GET', url: '/api/v3/mastercom_nextapi/?id_scuola=DEMO02' })).json();
    expect(comprensivo).toMatchObject({ id_scuola: 'DEMO02', login_spid: true, login_cie: true, login_username_password: false, recupera_password: '' });
    const unknown = await server.app.inject({ method: 'GET', url: '/api/v3/mastercom_nextapi/?id_scuola=NESSUNA' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 400 with a readable detail when the password is missing', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'genitore.demo' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ detail: "body must have required property 'password'", error: 'bad_request' });
  });

  it('answers 400 in JSON to a body that is not JSON', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', detail: expect.any(String) });
  });

  it('lets a JWT-scheme token through and rejects the Bearer scheme, a missing header and a forged token', async () => {
    const { token } = await server.login();
    expect((await server.app.inject({ url: INFO, headers: auth(token) })).statusCode).toBe(200);
    for (const headers of [
      { authorization: `Bearer ${token}` },
      { authorization: `jwt ${token}` },
      {},
      auth(`${token.slice(0, -4)}AAAA`),
    ]) {
      const res = await server.app.inject({ url: INFO, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Sessione scaduta', error: 'unauthorized' });
    }
  });

  it('rejects an expired token, refreshes it within 12 hours and not after', async () => {
    const { token } = await server.login();
    server.advance(16 * 60);
    try {
      expect((await server.app.inject({ url: INFO, headers: auth(token) })).statusCode).toBe(401);

      const refreshed = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: { token } });
      expect(refreshed.statusCode).toBe(200);
      const fresh = refreshed.json().token as string;
      expect(fresh).not.toBe(token);
      expect((await server.app.inject({ url: INFO, headers: auth(fresh) })).statusCode).toBe(200);

      const wrongUser = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1002/refresh-token/', payload: { token } });
      expect(wrongUser.statusCode).toBe(401);

      server.advance(12 * 60 * 60);
      const late = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: { token } });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toEqual({ detail: 'Sessione scaduta', error: 'unauthorized' });
    } finally {
      server.setNow('2026-11-21T09:15:00Z');
    }
  });

  it('validates a token of the right user and answers with a new one', async () => {
    const { token } = await server.login();
    const res = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).not.toBe(token);
    expect(res.json().id_utente).toBe(1001);

    const other = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1002/', payload: { token } });
    expect(other.statusCode).toBe(401);
    const garbage = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token: 'x.y.z' } });
    expect(garbage.statusCode).toBe(401);

    server.advance(901);
    try {
      const expired = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token } });
      expect(expired.statusCode).toBe(401);
    } finally {
      server.setNow('2026-11-21T09:15:00Z');
    }
  });

  it('answers the default school login configuration, or the one of a user', async () => {
    const res = await server.app.inject({ url: '/api/v3/mastercom_nextapi/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nome_scuola: 'Liceo Scientifico Galileo Galilei - Demo', login_spid: true, parametri_spid: {} });
    expect(res.json().disclaimer_login_username_password).toContain('<strong>');
    const ofUser = await server.app.inject({ url: '/api/v3/mastercom_nextapi/?mastercom_id=1002' });
    expect(ofUser.json().nome_scuola).toBe('Liceo Scientifico Galileo Galilei - Demo');
    const bad = await server.app.inject({ url: '/api/v3/mastercom_nextapi/?mastercom_id=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('bad_request');
  });
});

describe('login rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ loginRateMax: 3 });
  });
  afterAll(() => server.close());

  it('answers 429 after loginRateMax attempts per IP and user code in a minute', async () => {
    const attempt = (username: string) =>
      server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: username, password: 'sbagliata' } });
    for (const username of ['genitore.demo', 'GENITORE.demo', 'genitore.DEMO']) {
      expect((await attempt(username)).statusCode).toBe(401);
    }
    const limited = await attempt('genitore.demo');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Troppi tentativi di accesso, riprova tra un minuto', error: 'rate_limited' });
    // Even the right password waits: the limit counts attempts, not failures.
    const right = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } });
    expect(right.statusCode).toBe(429);

    expect((await attempt('studente.demo')).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/version.txt' })).statusCode).toBe(200);
  });
});
