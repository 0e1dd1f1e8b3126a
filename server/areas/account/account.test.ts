import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { databasePath } from '../../db/database';
import { DEMO_PASSWORD } from '../../db/seed';
import { auth, startTestServer, type TestServer } from '../../testing';
import { ENROLMENT_INSECURE } from './enrolment';
import { PASSWORD_RULE_DETAIL, PASSWORD_SAME_DETAIL, WRONG_PASSWORD_DETAIL, WRONG_PASSWORD_LIMIT } from './password';
import { SPID_DEMO, SPID_EXTRA_USER } from './seed';
import { SPID_FAILED_DETAIL, SPID_NO_USER_DETAIL, SPID_SEVERAL_USERS_DETAIL } from './spid';

const { expectConforms, uncovered } = contractChecker();

const LOGIN = '/api/v4/utenti/login/';
const SPID_LOGIN = '/api/v4/utenti/spid/';
const ENROLMENT_CODE = '/api/v4/utenti/iscrizioni/codice';
const ENROLMENT_SESSION = '/api/v4/utenti/iscrizioni/sessione';
const changePath = (school: string) => `/api/v4/utenti/${school}/aggiorna_password`;

async function signIn(server: TestServer, username: string, password: string) {
  return server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: username, password } });
}

describe('changePassword', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ loginRateMax: 1000 });
  });
  afterAll(() => server.close());

  const change = (token: string, school: string, payload: unknown) =>
    server.app.inject({ method: 'PUT', url: changePath(school), headers: auth(token), payload: payload as object });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { token } = await server.login('studente.demo');
    const res = await change(token, 'DEMO01', { old_password: DEMO_PASSWORD, new_password: 'Nuova.Password7' });
    expectConforms('changePassword', res);
    expect(res.json()).toEqual({ success: true });
    expect((await signIn(server, 'studente.demo', 'Nuova.Password7')).statusCode).toBe(200);
    expect((await signIn(server, 'studente.demo', DEMO_PASSWORD)).statusCode).toBe(401);
    // And back, with the new one as the current password.
    const back = await change(token, 'DEMO01', { old_password: 'Nuova.Password7', new_password: DEMO_PASSWORD });
    expectConforms('changePassword', back);
    expect((await signIn(server, 'studente.demo', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(server, 'studente.demo', 'Nuova.Password7')).statusCode).toBe(401);
  });

  it('answers 409 to a wrong current password and leaves the password unchanged', async () => {
    const { token } = await server.login('genitore.demo');
    const res = await change(token, 'DEMO01', { old_password: 'Sbagliata.1', new_password: 'Nuova.Password7' });
    expectConforms('changePassword', res, 409);
    expect(res.json()).toEqual({ detail: WRONG_PASSWORD_DETAIL, error: 'password_errata' });
    expect((await signIn(server, 'genitore.demo', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(server, 'genitore.demo', 'Nuova.Password7')).statusCode).toBe(401);
  });

  it('answers 400 when the new password equals the current one', async () => {
    const { token } = await server.login('genitore.demo');
    const res = await change(token, 'DEMO01', { old_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD });
    expectConforms('changePassword', res, 400);
    expect(res.json()).toEqual({ detail: PASSWORD_SAME_DETAIL, error: 'password_uguale' });
  });

  it.each([
    ['shorter than 8 characters', 'Abc.123'],
    ['without a digit', 'Password.nuova'],
    ['without a letter', '12345678.90'],
  ])('answers 400 with the rule to a new password %s, and changes nothing', async (_case, newPassword) => {
    const { token } = await server.login('genitore.demo');
    const res = await change(token, 'DEMO01', { old_password: DEMO_PASSWORD, new_password: newPassword });
    expectConforms('changePassword', res, 400);
    expect(res.json()).toEqual({ detail: PASSWORD_RULE_DETAIL, error: 'password_non_valida' });
    expect((await signIn(server, 'genitore.demo', newPassword)).statusCode).toBe(401);
  });

  it('accepts exactly 8 characters with a letter and a digit, letters of any alphabet included', async () => {
    const { token } = await server.login('genitore.demo');
    const res = await change(token, 'DEMO02', { old_password: DEMO_PASSWORD, new_password: 'città123' });
    expectConforms('changePassword', res);
    expect((await signIn(server, 'genitore.demo', 'città123')).statusCode).toBe(200);
    expectConforms('changePassword', await change(token, 'DEMO02', { old_password: 'città123', new_password: DEMO_PASSWORD }));
  });

  it('answers 400 to a body that breaks the contract', async () => {
    const { token } = await server.login('genitore.demo');
    expectConforms('changePassword', await change(token, 'DEMO01', { old_password: DEMO_PASSWORD }), 400);
    expectConforms('changePassword', await change(token, 'DEMO01', { old_password: '', new_password: 'Nuova.Password7' }), 400);
  });

  it("answers 403 for a school that is not one of the user's students' schools", async () => {
    const { token } = await server.login('studente.demo');
    const res = await change(token, 'DEMO02', { old_password: DEMO_PASSWORD, new_password: 'Nuova.Password8' });
    expectConforms('changePassword', res, 403);
    expectConforms('changePassword', await change(token, 'ALTRA99', { old_password: DEMO_PASSWORD, new_password: 'Nuova.Password8' }), 403);
    expect((await signIn(server, 'studente.demo', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(server, 'studente.demo', 'Nuova.Password8')).statusCode).toBe(401);
  });

  it('answers 401 without a valid token', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: changePath('DEMO01'),
      payload: { old_password: DEMO_PASSWORD, new_password: 'Nuova.Password7' },
    });
    expectConforms('changePassword', res, 401);
  });

  it(`answers 429 after ${WRONG_PASSWORD_LIMIT} wrong current passwords, until 15 minutes have passed`, async () => {
    const { token } = await server.login(SPID_EXTRA_USER.username);
    const wrong = { old_password: 'Sbagliata.1', new_password: 'Nuova.Password7' };
    for (let i = 0; i < WRONG_PASSWORD_LIMIT; i++) expect((await change(token, 'DEMO01', wrong)).statusCode).toBe(409);
    const limited = await change(token, 'DEMO01', { old_password: DEMO_PASSWORD, new_password: 'Nuova.Password7' });
    expectConforms('changePassword', limited, 429);
    server.advance(15 * 60 + 1);
    const { token: fresh } = await server.login(SPID_EXTRA_USER.username);
    expectConforms('changePassword', await change(fresh, 'DEMO01', { old_password: DEMO_PASSWORD, new_password: 'Nuova.Password7' }));
  });
});

/** The tab's verifier and its challenge, as the app makes them (RFC 7636's example pair). */
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('sign-in with SPID', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Through the demo identity provider's form: the code in the redirect. */
  async function codeFor(taxCode: string, ritorno = '/login'): Promise<string> {
    const res = await server.app.inject({
      method: 'POST',
      url: '/spid/demo-idp',
      payload: new URLSearchParams({ ritorno, sfida: CHALLENGE, codice_fiscale: taxCode, azione: 'entra' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(303);
    const location = new URL(String(res.headers.location), 'http://x');
    expect(location.pathname).toBe(ritorno.split('?')[0]);
    const code = location.searchParams.get('spid');
    expect(code).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    return code as string;
  }

  const exchange = (codice: string, verificatore = VERIFIER) =>
    server.app.inject({ method: 'POST', url: SPID_LOGIN, payload: { codice, verificatore } });

  it('starts at the identity provider, carrying the return path', async () => {
    const res = await server.app.inject({ url: `/api/v4/utenti/spid/inizio?ritorno=/login&sfida=${CHALLENGE}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/spid/demo-idp?ritorno=%2Flogin&sfida=${CHALLENGE}`);
    const fallback = await server.app.inject({ url: `/api/v4/utenti/spid/inizio?sfida=${CHALLENGE}` });
    expect(fallback.statusCode).toBe(302);
    expect(fallback.headers.location).toBe(`/spid/demo-idp?ritorno=%2Flogin&sfida=${CHALLENGE}`);
    // No challenge, no start: the code could not be bound to this tab.
    expectConforms('startSpidLogin', await server.app.inject({ url: '/api/v4/utenti/spid/inizio?ritorno=/login' }), 400);
    expect((await server.app.inject({ url: '/spid/demo-idp?ritorno=/login' })).statusCode).toBe(400);
  });

  it.each(['//evil.example/login', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/login x', 'login'])(
    'refuses the return path %s',
    async (ritorno) => {
      const start = await server.app.inject({ url: `/api/v4/utenti/spid/inizio?ritorno=${encodeURIComponent(ritorno)}&sfida=${CHALLENGE}` });
      expectConforms('startSpidLogin', start, 400);
      const page = await server.app.inject({ url: `/spid/demo-idp?ritorno=${encodeURIComponent(ritorno)}&sfida=${CHALLENGE}` });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('indirizzo di ritorno non è valido');
      const post = await server.app.inject({
        method: 'POST',
        url: '/spid/demo-idp',
        payload: new URLSearchParams({ ritorno, codice_fiscale: SPID_DEMO.parent, azione: 'entra' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.statusCode).toBe(400);
      expect(post.headers.location).toBeUndefined();
    },
  );

  it('renders an accessible Italian page listing the demo tax codes', async () => {
    const res = await server.app.inject({ url: `/spid/demo-idp?ritorno=/login&sfida=${CHALLENGE}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    const html = res.body;
    expect(html).toContain('<html lang="it">');
    expect(html).toMatch(/<h1>Entra con SPID<\/h1>/);
    expect(html).toContain('<legend>Codice fiscale</legend>');
    expect(html).toContain('<form method="post" action="/spid/demo-idp">');
    expect(html).toContain('<input type="hidden" name="ritorno" value="/login">');
    expect(html).toContain(`<input type="hidden" name="sfida" value="${CHALLENGE}">`);
    for (const taxCode of Object.values(SPID_DEMO)) {
      const input = new RegExp(`<input type="radio" id="(cf-\\d)" name="codice_fiscale" value="${taxCode}" required>`).exec(html);
      expect(input, taxCode).not.toBeNull();
      expect(html).toContain(`<label for="${input?.[1]}"><span class="cf">${taxCode}</span>`);
    }
    expect(html).toMatch(/<button type="submit"[^>]*value="entra">Entra<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*value="annulla" formnovalidate>Annulla<\/button>/);
  });

  it('escapes the return path in the page', async () => {
    const res = await server.app.inject({ url: `/spid/demo-idp?ritorno=${encodeURIComponent('/login?a="><b>x</b>')}&sfida=${CHALLENGE}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<b>x</b>');
    expect(res.body).toContain('name="ritorno" value="/login?a=%22%3E%3Cb%3Ex%3C/b%3E"');
  });

  it('signs in once with the code of a tax code linked to one user', async () => {
    const code = await codeFor(SPID_DEMO.parent);
    const res = await exchange(code);
    expectConforms('loginSpid', res);
    const body = res.json<{ token: string; mastercom_id: string; id_utente: number; studenti: { id: number }[] }>();
    expect(body.id_utente).toBe(1001);
    expect(body.studenti.map((s) => s.id)).toEqual([501, 502]);
    const validate = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token: body.token } });
    expect(validate.statusCode).toBe(200);

    const again = await exchange(code);
    expectConforms('loginSpid', again, 401);
    expect(again.json()).toEqual({ detail: SPID_FAILED_DETAIL, error: 'spid_codice_non_valido' });
  });

  it('refuses a code presented by another browser (without the verifier of the tab that started), and spends it', async () => {
    const code = await codeFor(SPID_DEMO.parent);
    const elsewhere = await exchange(code, 'x'.repeat(43));
    expectConforms('loginSpid', elsewhere, 401);
    expect(elsewhere.json()).toEqual({ detail: SPID_FAILED_DETAIL, error: 'spid_codice_non_valido' });
    expectConforms('loginSpid', await exchange(code), 401);
    expectConforms('loginSpid', await server.app.inject({ method: 'POST', url: SPID_LOGIN, payload: { codice: await codeFor(SPID_DEMO.parent) } }), 400);
  });

  it('signs the student in with his tax code', async () => {
    const res = await exchange(await codeFor(SPID_DEMO.student));
    expectConforms('loginSpid', res);
    expect(res.json<{ id_utente: number }>().id_utente).toBe(1002);
  });

  it('keeps the return path and its query', async () => {
    const code = await codeFor(SPID_DEMO.parent, '/login?redirect=%2Fvoti');
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('answers 404 for a tax code linked to no user, and the code is spent', async () => {
    const code = await codeFor(SPID_DEMO.noUser);
    const res = await exchange(code);
    expectConforms('loginSpid', res, 404);
    expect(res.json()).toEqual({ detail: SPID_NO_USER_DETAIL, error: 'spid_nessun_utente' });
    expectConforms('loginSpid', await exchange(code), 401);
  });

  it('answers 409 for a tax code linked to several users', async () => {
    const res = await exchange(await codeFor(SPID_DEMO.severalUsers));
    expectConforms('loginSpid', res, 409);
    expect(res.json()).toEqual({ detail: SPID_SEVERAL_USERS_DETAIL, error: 'spid_utenti_multipli' });
  });

  it('answers 401 to an unknown code and to an expired one, 400 to a malformed one', async () => {
    const unknown = await exchange('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expectConforms('loginSpid', unknown, 401);
    expect(unknown.json()).toEqual({ detail: SPID_FAILED_DETAIL, error: 'spid_codice_non_valido' });

    const code = await codeFor(SPID_DEMO.parent);
    server.advance(121);
    expectConforms('loginSpid', await exchange(code), 401);

    const fresh = await codeFor(SPID_DEMO.parent);
    server.advance(119);
    expectConforms('loginSpid', await exchange(fresh));

    expectConforms('loginSpid', await exchange('corto'), 400);
    expectConforms('loginSpid', await server.app.inject({ method: 'POST', url: SPID_LOGIN, payload: {} }), 400);
  });

  it('cancels back to the portal with spid_errore=annullato', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/spid/demo-idp',
      payload: 'ritorno=%2Flogin&azione=annulla',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?spid_errore=annullato');
  });

  it('shows the page again with an alert when no tax code was chosen or it is not offered', async () => {
    for (const payload of [`ritorno=%2Flogin&sfida=${CHALLENGE}&azione=entra`, `ritorno=%2Flogin&sfida=${CHALLENGE}&azione=entra&codice_fiscale=XXXXXXXXXXXXXXXX`]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/spid/demo-idp',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert">Scegli un codice fiscale per entrare.</p>');
    }
  });

  it('refuses a form posted from another site', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/spid/demo-idp',
      payload: new URLSearchParams({ ritorno: '/login', codice_fiscale: SPID_DEMO.parent, azione: 'entra' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it('counts only users of a school that offers SPID sign-in', async () => {
    const db = new Database(databasePath(server.dataDir));
    try {
      db.prepare("UPDATE scuole SET login_spid = 0 WHERE id = 'DEMO01'").run();
      // Laura Rossi still has Giulia at DEMO02; Luca Bianchi's only school is DEMO01.
      expect((await exchange(await codeFor(SPID_DEMO.parent))).statusCode).toBe(200);
      const student = await exchange(await codeFor(SPID_DEMO.student));
      expectConforms('loginSpid', student, 404);
    } finally {
      db.prepare("UPDATE scuole SET login_spid = 1 WHERE id = 'DEMO01'").run();
      db.close();
    }
  });

  it('the extra demo user of the several-users case signs in with the demo password', async () => {
    const res = await signIn(server, SPID_EXTRA_USER.username, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ studenti: { id: number }[] }>().studenti.map((s) => s.id)).toEqual([503]);
  });

  it('hands the user over to the enrolment portal with a single-use code for that purpose only, never the token', async () => {
    const { token } = await server.login('genitore.demo');
    expectConforms('createEnrolmentCode', await server.app.inject({ method: 'POST', url: ENROLMENT_CODE }), 401);
    const issued = await server.app.inject({ method: 'POST', url: ENROLMENT_CODE, headers: auth(token) });
    expectConforms('createEnrolmentCode', issued, 201);
    const { codice, url } = issued.json<{ codice: string; url: string }>();
    expect(url).toBe('https://demo01.scuola.example/portale-iscrizioni/accesso');
    expect(codice).not.toBe(token);
    // Not a token of the portal: it opens no session here.
    expect((await server.app.inject({ url: '/api/v3/scuole/DEMO01/studenti/501/2026_2027/studente/info', headers: auth(codice) })).statusCode).toBe(401);
    const exchanged = await server.app.inject({ method: 'POST', url: ENROLMENT_SESSION, payload: { codice } });
    expectConforms('openEnrolmentSession', exchanged);
    expect(exchanged.json()).toEqual({ id_utente: 1001, nome: 'Laura', cognome: 'Rossi', studenti: [{ id: 501, id_scuola: 'DEMO01' }, { id: 502, id_scuola: 'DEMO02' }] });
    expect(JSON.stringify(exchanged.json())).not.toMatch(/token/);
    // Single use, and short-lived.
    expectConforms('openEnrolmentSession', await server.app.inject({ method: 'POST', url: ENROLMENT_SESSION, payload: { codice } }), 401);
    const late = (await server.app.inject({ method: 'POST', url: ENROLMENT_CODE, headers: auth(token) })).json<{ codice: string }>().codice;
    server.advance(121);
    try {
      expectConforms('openEnrolmentSession', await server.app.inject({ method: 'POST', url: ENROLMENT_SESSION, payload: { codice: late } }), 401);
    } finally {
      server.advance(-121);
    }
    expectConforms('openEnrolmentSession', await server.app.inject({ method: 'POST', url: ENROLMENT_SESSION, payload: { codice: 'corto' } }), 400);
  });

  it('gives no hand-over code for a school whose address is not https', async () => {
    const db = new Database(databasePath(server.dataDir));
    try {
      db.prepare("UPDATE scuole SET url = 'http://demo01.scuola.example' WHERE id = 'DEMO01'").run();
      const { token } = await server.login('studente.demo');
      const refused = await server.app.inject({ method: 'POST', url: ENROLMENT_CODE, headers: auth(token) });
      expectConforms('createEnrolmentCode', refused, 409);
      expect(refused.json<{ error: string }>().error).toBe(ENROLMENT_INSECURE);
    } finally {
      db.prepare("UPDATE scuole SET url = 'https://demo01.scuola.example' WHERE id = 'DEMO01'").run();
      db.close();
    }
  });

  it('covers every operation of the account tag', () => {
    expect(uncovered('account')).toEqual([]);
  });
});
