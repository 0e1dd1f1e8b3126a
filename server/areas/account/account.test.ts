import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { databasePath } from '../../db/database';
import { DEMO_PASSWORD } from '../../shared/enrolments';
import { auth, startTestServer, type TestServer } from '../../testing';
import { ENROLMENT_INSECURE } from './enrolment';
import { PASSWORD_RULE_DETAIL, PASSWORD_SAME_DETAIL, WRONG_PASSWORD_DETAIL, WRONG_PASSWORD_LIMIT } from './password';
import { loadExternalProviders, SPID_PROVIDERS } from '../../shared/identity';
import { SPID_DEMO, SPID_EXTRA_USER } from './seed';
import { CIE_FAILED_DETAIL, CODE_EXPIRED_DETAIL, SPID_FAILED_DETAIL, SPID_NO_USER_DETAIL, SPID_SEVERAL_USERS_DETAIL } from './spid';

const { expectConforms, uncovered, covered } = contractChecker();

const LOGIN = '/api/v4/utenti/login/';
const SPID_LOGIN = '/api/v4/utenti/spid/';
const CIE_LOGIN = '/api/v4/utenti/cie/';
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
/** The test servers' public origin (BuildAppOptions.identity's default). */
const ORIGIN = 'http://127.0.0.1:8080';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A browser's cookies for the test server's origin (paths ignored: every name is the provider's own). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || pair.slice(at + 1) === '') this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** One request of the browser: same-origin URLs only, as every redirect of the flow is. */
async function browse(server: TestServer, jar: CookieJar, url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
  const target = new URL(url, ORIGIN);
  expect(target.origin).toBe(ORIGIN);
  const res = await server.app.inject({
    method: form ? 'POST' : 'GET',
    url: target.pathname + target.search,
    headers: { host: target.host, cookie: jar.header(), ...(form ? FORM : {}) },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  jar.store(res);
  return res;
}

const locationOf = (res: LightMyRequestResponse): string => String(res.headers.location);

interface FlowSteps {
  /** The provider's authorization URL (the start's 302). */
  authorization: URL;
  /** Our interaction page at the provider. */
  page: LightMyRequestResponse;
  /** The provider's redirect to the callback, with code and state (or error). */
  callback: string;
  /** The callback's 303 back to the portal. */
  back: string;
}

/**
 * The browser's round trip: start, the provider's authorization endpoint, its page, the choice
 * ('annulla' cancels), the provider's resume, the callback. Stops before the callback when `stop`.
 */
async function flow(server: TestServer, start: string, choice: string, options: { stop?: boolean; jar?: CookieJar } = {}): Promise<FlowSteps> {
  const jar = options.jar ?? new CookieJar();
  const started = await browse(server, jar, start);
  expect(started.statusCode, started.body).toBe(302);
  const authorization = new URL(locationOf(started));
  let res = await browse(server, jar, authorization.href);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(302);
  const interaction = locationOf(res);
  const page = await browse(server, jar, interaction);
  expect(page.statusCode, page.body).toBe(200);
  res = await browse(server, jar, interaction, choice === 'annulla' ? { azione: 'annulla' } : { azione: 'entra', codice_fiscale: choice });
  expect(res.statusCode, res.body).toBe(303);
  res = await browse(server, jar, locationOf(res));
  expect(res.statusCode, res.body).toBe(303);
  const callback = locationOf(res);
  expect(new URL(callback, ORIGIN).pathname).toBe('/api/v4/utenti/oidc/ritorno');
  if (options.stop) return { authorization, page, callback, back: '' };
  const back = await browse(server, jar, callback);
  expect(back.statusCode).toBe(303);
  return { authorization, page, callback, back: locationOf(back) };
}

const spidStart = (idp = 'posteid', ritorno = '/login') =>
  `/api/v4/utenti/spid/inizio?idp=${idp}&ritorno=${encodeURIComponent(ritorno)}&sfida=${CHALLENGE}`;
const cieStart = (ritorno = '/login') => `/api/v4/utenti/cie/inizio?ritorno=${encodeURIComponent(ritorno)}&sfida=${CHALLENGE}`;

/** The outcome parameter of a URL back at the portal. */
const outcome = (back: string, name: string): string | null => new URL(back, ORIGIN).searchParams.get(name);

describe('sign-in with SPID and CIE (OpenID Connect, demo identity providers)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function codeFor(taxCode: string, method: 'spid' | 'cie' = 'spid', ritorno = '/login'): Promise<string> {
    const { back } = await flow(server, method === 'spid' ? spidStart('posteid', ritorno) : cieStart(ritorno), taxCode);
    expect(new URL(back, ORIGIN).pathname).toBe(ritorno.split('?')[0]);
    const code = outcome(back, method);
    expect(code, back).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    return code as string;
  }

  const exchange = (codice: string, verificatore = VERIFIER, method: 'spid' | 'cie' = 'spid') =>
    server.app.inject({ method: 'POST', url: method === 'spid' ? SPID_LOGIN : CIE_LOGIN, payload: { codice, verificatore } });

  it('signs the parent in with SPID through Poste ID: PKCE, state and nonce to the provider, a portal code back', async () => {
    const { authorization, page, back } = await flow(server, spidStart('posteid'), SPID_DEMO.parent);
    expect(authorization.origin + authorization.pathname).toBe(`${ORIGIN}/idp/posteid/auth`);
    const q = authorization.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge')).not.toBe(CHALLENGE);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('redirect_uri')).toBe(`${ORIGIN}/api/v4/utenti/oidc/ritorno`);
    expect(page.body).toContain('<h1>Poste ID – accesso demo</h1>');
    const url = new URL(back, ORIGIN);
    expect(url.pathname).toBe('/login');
    expect([...url.searchParams.keys()]).toEqual(['spid']);
    expect(back).not.toMatch(/eyJ/); // no token of the provider reaches the portal
    const res = await exchange(url.searchParams.get('spid') as string);
    expectConforms('loginSpid', res);
    const body = res.json<{ token: string; id_utente: number; studenti: { id: number }[] }>();
    expect(body.id_utente).toBe(1001);
    expect(body.studenti.map((s) => s.id)).toEqual([501, 502]);
    const again = await exchange(url.searchParams.get('spid') as string);
    expectConforms('loginSpid', again, 401);
    expect(again.json()).toEqual({ detail: SPID_FAILED_DETAIL, error: 'spid_codice_non_valido' });
  });

  it('signs the parent in with CIE', async () => {
    const { authorization, page, back } = await flow(server, cieStart(), SPID_DEMO.parent);
    expect(authorization.pathname).toBe('/idp/cie/auth');
    expect(page.body).toContain('<h1>CIE – accesso demo</h1>');
    const code = outcome(back, 'cie') as string;
    expect(code).toBeTruthy();
    const res = await exchange(code, VERIFIER, 'cie');
    expectConforms('loginCie', res);
    expect(res.json<{ id_utente: number }>().id_utente).toBe(1001);
    const again = await exchange(code, VERIFIER, 'cie');
    expectConforms('loginCie', again, 401);
    expect(again.json()).toEqual({ detail: CIE_FAILED_DETAIL, error: 'cie_codice_non_valido' });
  });

  it('knows exactly the SPID providers the contract names (the app lists the same ids)', async () => {
    const { parse } = await import('yaml');
    const contract = parse(readFileSync(new URL('../../../openapi/portal.yaml', import.meta.url), 'utf8')) as {
      components: { schemas: { SpidProvider: { enum: string[] } } };
    };
    expect(SPID_PROVIDERS.map((p) => p.id)).toEqual(contract.components.schemas.SpidProvider.enum);
  });

  it.each(SPID_PROVIDERS.map((p) => [p.id, p.name]))('offers every demo identity at %s (%s)', async (idp, name) => {
    const jar = new CookieJar();
    const started = await browse(server, jar, spidStart(idp));
    expectConformsRedirect('startSpidLogin', started, 302);
    const interaction = locationOf(await browse(server, jar, locationOf(started)));
    expect(interaction).toMatch(new RegExp(`^/idp/${idp}/interazione/`));
    const page = await browse(server, jar, interaction);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${name} – accesso demo</h1>`);
    for (const taxCode of Object.values(SPID_DEMO)) expect(page.body).toContain(`<span class="cf">${taxCode}</span>`);
  });

  it('renders an accessible Italian page, CSP-safe, with the identities as a radio group', async () => {
    const { page } = await flow(server, cieStart(), SPID_DEMO.parent, { stop: true });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    const html = page.body;
    expect(html).toContain('<html lang="it">');
    expect(html).not.toMatch(/<script|\sstyle="|\son[a-z]+=/i);
    expect(html).toContain('<legend>Codice fiscale</legend>');
    expect(html).toMatch(/<form method="post" action="\/idp\/cie\/interazione\/[^"]+">/);
    expect(html).toContain('<label for="cf-1">Laura Rossi – <span class="cf">RSSLRA80A41H501X</span> <span class="nota">(utente genitore.demo)</span></label>');
    expect(html).toContain('Giulia Rossi – <span class="cf">RSSGLI13C45H501Y</span> <span class="nota">(utente studente.giulia (scuola secondaria di primo grado))</span>');
    for (const taxCode of Object.values(SPID_DEMO)) {
      expect(html).toMatch(new RegExp(`<input type="radio" id="cf-\\d" name="codice_fiscale" value="${taxCode}">`));
    }
    expect(html).toMatch(/<button type="submit"[^>]*value="entra">Entra<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*value="annulla">Annulla<\/button>/);
  });

  it('shows the page again with an alert when Entra is pressed without a choice, or a tax code not offered', async () => {
    const jar = new CookieJar();
    const started = await browse(server, jar, spidStart('timid'));
    const interaction = locationOf(await browse(server, jar, locationOf(started)));
    for (const form of [{ azione: 'entra' }, { azione: 'entra', codice_fiscale: 'XXXXXXXXXXXXXXXX' }] as Record<string, string>[]) {
      const res = await browse(server, jar, interaction, form);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert">Scegli un codice fiscale per entrare.</p>');
      expect(res.body).toContain('<h1>TIM ID – accesso demo</h1>');
    }
  });

  it('refuses an interaction form posted from another site (login CSRF)', async () => {
    const jar = new CookieJar();
    const started = await browse(server, jar, spidStart());
    const interaction = locationOf(await browse(server, jar, locationOf(started)));
    const res = await server.app.inject({
      method: 'POST',
      url: interaction,
      headers: { host: '127.0.0.1:8080', cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: `azione=entra&codice_fiscale=${SPID_DEMO.parent}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it('cancels back to the portal with spid_errore=annullato (cie_errore for CIE), keeping the return path', async () => {
    const spid = await flow(server, spidStart('arubaid', '/login?redirect=%2Fvoti'), 'annulla');
    expect(spid.callback).toMatch(/[?&]error=access_denied/);
    expect(spid.back).toBe('/login?redirect=%2Fvoti&spid_errore=annullato');
    const cie = await flow(server, cieStart(), 'annulla');
    expect(cie.back).toBe('/login?cie_errore=annullato');
  });

  it('signs the student in; keeps the return path and its query', async () => {
    const res = await exchange(await codeFor(SPID_DEMO.student, 'spid', '/login?redirect=%2Fvoti'));
    expectConforms('loginSpid', res);
    expect(res.json<{ id_utente: number }>().id_utente).toBe(1002);
  });

  it('answers 404 for a tax code linked to no user, and the code is spent', async () => {
    const code = await codeFor(SPID_DEMO.noUser);
    const res = await exchange(code);
    expectConforms('loginSpid', res, 404);
    expect(res.json()).toEqual({ detail: SPID_NO_USER_DETAIL, error: 'spid_nessun_utente' });
    expectConforms('loginSpid', await exchange(code), 401);
    const cie = await exchange(await codeFor(SPID_DEMO.noUser, 'cie'), VERIFIER, 'cie');
    expectConforms('loginCie', cie, 404);
    expect(cie.json()).toEqual({ detail: SPID_NO_USER_DETAIL, error: 'cie_nessun_utente' });
  });

  it('answers 409 for a tax code linked to several users', async () => {
    const res = await exchange(await codeFor(SPID_DEMO.severalUsers));
    expectConforms('loginSpid', res, 409);
    expect(res.json()).toEqual({ detail: SPID_SEVERAL_USERS_DETAIL, error: 'spid_utenti_multipli' });
    const cie = await exchange(await codeFor(SPID_DEMO.severalUsers, 'cie'), VERIFIER, 'cie');
    expectConforms('loginCie', cie, 409);
    expect(cie.json()).toEqual({ detail: SPID_SEVERAL_USERS_DETAIL, error: 'cie_utenti_multipli' });
  });

  it('refuses the first-cycle pupil (403 accesso_primo_ciclo), with SPID and with CIE', async () => {
    const res = await exchange(await codeFor(SPID_DEMO.firstCycle));
    expectConforms('loginSpid', res, 403);
    expect(res.json<{ error: string }>().error).toBe('accesso_primo_ciclo');
    const cie = await exchange(await codeFor(SPID_DEMO.firstCycle, 'cie'), VERIFIER, 'cie');
    expectConforms('loginCie', cie, 403);
    expect(cie.json<{ error: string }>().error).toBe('accesso_primo_ciclo');
  });

  it('refuses a code presented by another browser (without the verifier of the tab that started), and spends it', async () => {
    const code = await codeFor(SPID_DEMO.parent);
    const elsewhere = await exchange(code, 'x'.repeat(43));
    expectConforms('loginSpid', elsewhere, 401);
    expect(elsewhere.json()).toEqual({ detail: SPID_FAILED_DETAIL, error: 'spid_codice_non_valido' });
    expectConforms('loginSpid', await exchange(code), 401);
    expectConforms('loginSpid', await server.app.inject({ method: 'POST', url: SPID_LOGIN, payload: { codice: code } }), 400);
  });

  it('refuses a CIE code at the SPID exchange and a SPID code at the CIE exchange', async () => {
    const cieCode = await codeFor(SPID_DEMO.parent, 'cie');
    const atSpid = await exchange(cieCode);
    expectConforms('loginSpid', atSpid, 401);
    expect(atSpid.json()).toEqual({ detail: SPID_FAILED_DETAIL, error: 'spid_codice_non_valido' });
    const spidCode = await codeFor(SPID_DEMO.parent);
    const atCie = await exchange(spidCode, VERIFIER, 'cie');
    expectConforms('loginCie', atCie, 401);
    expect(atCie.json()).toEqual({ detail: CIE_FAILED_DETAIL, error: 'cie_codice_non_valido' });
  });

  it('answers 401 codice_scaduto to an expired code, 401 to an unknown one, 400 to a malformed one', async () => {
    const unknown = await exchange('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expectConforms('loginSpid', unknown, 401);
    expect(unknown.json()).toEqual({ detail: SPID_FAILED_DETAIL, error: 'spid_codice_non_valido' });

    const code = await codeFor(SPID_DEMO.parent);
    const cieCode = await codeFor(SPID_DEMO.parent, 'cie');
    server.advance(121);
    const late = await exchange(code);
    expectConforms('loginSpid', late, 401);
    expect(late.json()).toEqual({ detail: CODE_EXPIRED_DETAIL, error: 'codice_scaduto' });
    const lateCie = await exchange(cieCode, VERIFIER, 'cie');
    expectConforms('loginCie', lateCie, 401);
    expect(lateCie.json()).toEqual({ detail: CODE_EXPIRED_DETAIL, error: 'codice_scaduto' });

    const fresh = await codeFor(SPID_DEMO.parent);
    server.advance(119);
    expectConforms('loginSpid', await exchange(fresh));

    expectConforms('loginSpid', await exchange('corto'), 400);
    expectConforms('loginCie', await exchange('corto', VERIFIER, 'cie'), 400);
    expectConforms('loginSpid', await server.app.inject({ method: 'POST', url: SPID_LOGIN, payload: {} }), 400);
  });

  it('starts: 400 without a challenge, for an unknown provider id or a foreign return path', async () => {
    expectConforms('startSpidLogin', await server.app.inject({ url: '/api/v4/utenti/spid/inizio?idp=posteid&ritorno=/login' }), 400);
    expectConforms('startSpidLogin', await server.app.inject({ url: `/api/v4/utenti/spid/inizio?ritorno=/login&sfida=${CHALLENGE}` }), 400);
    expectConforms('startSpidLogin', await server.app.inject({ url: `/api/v4/utenti/spid/inizio?idp=evilid&sfida=${CHALLENGE}` }), 400);
    expectConforms('startCieLogin', await server.app.inject({ url: '/api/v4/utenti/cie/inizio' }), 400);
    const fallback = await server.app.inject({ url: `/api/v4/utenti/cie/inizio?sfida=${CHALLENGE}` });
    expectConformsRedirect('startCieLogin', fallback, 302);
    expect(fallback.headers.location).toMatch(new RegExp(`^${ORIGIN}/idp/cie/auth\\?`));
  });

  it.each(['//evil.example/login', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/login x', 'login'])(
    'refuses the return path %s',
    async (ritorno) => {
      expectConforms('startSpidLogin', await server.app.inject({ url: spidStart('posteid', ritorno) }), 400);
      expectConforms('startCieLogin', await server.app.inject({ url: cieStart(ritorno) }), 400);
    },
  );

  it('counts only users of a school that offers the method', async () => {
    const db = new Database(databasePath(server.dataDir));
    try {
      db.prepare("UPDATE scuole SET login_spid = 0 WHERE id = 'DEMO01'").run();
      // Laura Rossi still has Giulia at DEMO02; Luca Bianchi's only school is DEMO01.
      expect((await exchange(await codeFor(SPID_DEMO.parent))).statusCode).toBe(200);
      expectConforms('loginSpid', await exchange(await codeFor(SPID_DEMO.student)), 404);
      // CIE looks at login_cie: still on.
      expectConforms('loginCie', await exchange(await codeFor(SPID_DEMO.student, 'cie'), VERIFIER, 'cie'));
      db.prepare("UPDATE scuole SET login_cie = 0 WHERE id = 'DEMO01'").run();
      expectConforms('loginCie', await exchange(await codeFor(SPID_DEMO.student, 'cie'), VERIFIER, 'cie'), 404);
    } finally {
      db.prepare("UPDATE scuole SET login_spid = 1, login_cie = 1 WHERE id = 'DEMO01'").run();
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
});

describe('the relying party refuses what it cannot trust: back with …_errore=fallito, nothing signed in', () => {
  let server: TestServer;
  /** What the fake provider side does to the next token answer (none: the real one). */
  let forge: ((claims: JWTPayload) => Promise<string>) | undefined;
  let forgedKey: SigningKey;
  let strangerKey: SigningKey;
  let forgedJwks: { keys: JWK[] };

  beforeAll(async () => {
    const mine = await generateKeyPair('ES256', { extractable: true });
    forgedKey = mine.privateKey;
    strangerKey = (await generateKeyPair('ES256')).privateKey;
    forgedJwks = { keys: [{ ...(await exportJWK(mine.publicKey)), kid: 'prova', alg: 'ES256', use: 'sig' }] };
    server = await startTestServer({
      identity: {
        // In front of the relying party's fetch: Sielte ID's keys and token answers are the test's.
        fetchHook: async (url, init, next) => {
          if (!url.startsWith(`${ORIGIN}/idp/sielteid/`)) return next(url, init);
          if (url.endsWith('/jwks')) return Response.json(forgedJwks);
          const real = await next(url, init);
          if (!url.endsWith('/token') || !forge || real.status !== 200) return real;
          const body = (await real.json()) as { id_token: string };
          const claims = decodeJwt(body.id_token);
          return Response.json({ ...body, id_token: await forge(claims) });
        },
      },
    });
  });
  afterAll(() => server.close());
  afterEach(() => {
    forge = undefined;
  });

  const sign = (claims: JWTPayload, key: SigningKey = forgedKey) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'prova' }).sign(key);

  const codesIssued = (): number => {
    const db = new Database(databasePath(server.dataDir));
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM spid_codici').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  /** The whole flow at Sielte ID with the forged token; expects the failure and no new code. */
  async function expectRefused(options: { jar?: CookieJar } = {}) {
    const before = codesIssued();
    const { back } = await flow(server, spidStart('sielteid'), SPID_DEMO.parent, options);
    expect(back).toBe('/login?spid_errore=fallito');
    expect(codesIssued()).toBe(before);
  }

  it('accepts a token signed with the published key, the right nonce and in time (the forging itself is sound)', async () => {
    forge = (claims) => sign(claims);
    const { back } = await flow(server, spidStart('sielteid'), SPID_DEMO.parent);
    expect(outcome(back, 'spid')).toBeTruthy();
  });

  it('an ID token signed by a key the provider does not publish', async () => {
    forge = (claims) => sign(claims, strangerKey);
    await expectRefused();
  });

  it('an ID token whose nonce is not the sign-in\'s (replayed from another sign-in)', async () => {
    forge = (claims) => sign({ ...claims, nonce: 'un-altro-nonce-di-un-accesso-precedente' });
    await expectRefused();
  });

  it('an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    forge = (claims) => sign({ ...claims, iat: now - 3600, exp: now - 600 });
    await expectRefused();
  });

  it('an unknown state, and the same callback twice (state and code single use)', async () => {
    const unknown = await server.app.inject({ url: '/api/v4/utenti/oidc/ritorno?code=abc&state=nessuno' });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/login?spid_errore=fallito');
    expect((await server.app.inject({ url: '/api/v4/utenti/oidc/ritorno' })).headers.location).toBe('/login?spid_errore=fallito');

    const jar = new CookieJar();
    const { callback, back } = await flow(server, cieStart('/login?redirect=%2Fvoti'), SPID_DEMO.parent, { jar });
    expect(outcome(back, 'cie')).toBeTruthy();
    const before = codesIssued();
    const replay = await browse(server, jar, callback);
    expect(replay.headers.location).toBe('/login?spid_errore=fallito');
    // The same code with the state of a new sign-in: the provider refuses a code it has already redeemed.
    const second = await flow(server, cieStart('/voti'), SPID_DEMO.parent, { jar, stop: true });
    const reused = new URL(second.callback, ORIGIN);
    reused.searchParams.set('code', new URL(callback, ORIGIN).searchParams.get('code') as string);
    const res = await browse(server, jar, reused.href);
    expectCallback(res, '/voti?cie_errore=fallito');
    expect(codesIssued()).toBe(before);
  });

  it('a PKCE verifier missing or not the one of the challenge: the token endpoint refuses the code', async () => {
    for (const verifier of [null, 'un-verificatore-diverso-da-quello-della-sfida-inviata-al-provider']) {
      const before = codesIssued();
      const jar = new CookieJar();
      const { callback } = await flow(server, spidStart('posteid'), SPID_DEMO.parent, { jar, stop: true });
      const db = new Database(databasePath(server.dataDir));
      try {
        db.prepare('UPDATE oidc_accessi SET verificatore = ?').run(verifier ?? '');
      } finally {
        db.close();
      }
      expectCallback(await browse(server, jar, callback), '/login?spid_errore=fallito');
      expect(codesIssued()).toBe(before);
    }
  });

  it('a pending sign-in older than 10 minutes', async () => {
    const jar = new CookieJar();
    const { callback } = await flow(server, spidStart('posteid'), SPID_DEMO.parent, { jar, stop: true });
    server.advance(601);
    try {
      expectCallback(await browse(server, jar, callback), '/login?spid_errore=fallito');
    } finally {
      server.advance(-601);
    }
  });

  it('covers the callback and the CIE operations (contract)', () => {
    expect(uncovered('account').filter((id) => ['completeOidcLogin'].includes(id))).toEqual([]);
  });
});

describe('without demo mode', () => {
  it('has no demo provider: /idp/* and the starts answer 404', async () => {
    const server = await startTestServer({ demo: false });
    try {
      for (const url of ['/idp/posteid/.well-known/openid-configuration', '/idp/cie/auth', `/idp/posteid/interazione/abc`]) {
        expect((await server.app.inject({ url })).statusCode, url).toBe(404);
      }
      const spid = await server.app.inject({ url: spidStart() });
      expectConforms('startSpidLogin', spid, 404);
      expectConforms('startCieLogin', await server.app.inject({ url: cieStart() }), 404);
    } finally {
      await server.close();
    }
  });
});

describe('real providers (OIDC_PROVIDERS)', () => {
  it('sends the browser to a configured provider, over https only, and 404s the ones not configured', async () => {
    const issuer = 'https://posteid.provider.example';
    const asked: string[] = [];
    const server = await startTestServer({
      demo: false,
      identity: {
        publicOrigin: 'https://famiglie.scuola.example',
        providers: { spid: { posteid: { issuer, client_id: 'portale', client_secret: 'segreto' } } },
        // The provider's metadata, without the network.
        fetchHook: async (url) => {
          asked.push(url);
          return Response.json({ issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
        },
      },
    });
    try {
      const res = await server.app.inject({ url: spidStart('posteid') });
      expectConformsRedirect('startSpidLogin', res, 302);
      const location = new URL(String(res.headers.location));
      expect(location.origin + location.pathname).toBe(`${issuer}/authorize`);
      expect(location.searchParams.get('client_id')).toBe('portale');
      expect(location.searchParams.get('redirect_uri')).toBe('https://famiglie.scuola.example/api/v4/utenti/oidc/ritorno');
      expect(asked).toEqual([`${issuer}/.well-known/openid-configuration`]);
      expectConforms('startSpidLogin', await server.app.inject({ url: spidStart('arubaid') }), 404);
      expectConforms('startCieLogin', await server.app.inject({ url: cieStart() }), 404);
    } finally {
      await server.close();
    }
  });

  it('reads and checks the providers file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portale-oidc-'));
    try {
      const file = join(dir, 'providers.json');
      const provider = { issuer: 'https://cie.example', client_id: 'c', client_secret: 's' };
      writeFileSync(file, JSON.stringify({ cie: provider, spid: { timid: provider } }));
      expect(loadExternalProviders(file)).toEqual({ cie: provider, spid: { timid: provider } });
      writeFileSync(file, JSON.stringify({ spid: { nonesiste: provider } }));
      expect(() => loadExternalProviders(file)).toThrow(/spid\.nonesiste/);
      writeFileSync(file, JSON.stringify({ cie: { ...provider, issuer: 'http://cie.example' } }));
      expect(() => loadExternalProviders(file)).toThrow(/https/);
      writeFileSync(file, JSON.stringify({ cie: { ...provider, client_secret: '' } }));
      expect(() => loadExternalProviders(file)).toThrow(/cie\.client_secret/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A redirect of an operation: the status, a Location, and the operation counted as exercised. */
function expectConformsRedirect(operationId: string, res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers.location).toBeTruthy();
  covered.add(operationId);
}

function expectCallback(res: LightMyRequestResponse, location: string) {
  expectConformsRedirect('completeOidcLogin', res, 303);
  expect(res.headers.location).toBe(location);
}

describe('contract coverage', () => {
  it('covers every operation of the account tag', () => {
    expect(uncovered('account')).toEqual([]);
  });
});
