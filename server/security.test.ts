import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './app';
import { BUSY_TIMEOUT_MS, openDatabase } from './bootstrap/database';
import { LOCK_FILE } from './bootstrap/lock';
import { DATABASE_FILE, databasePath } from './db/database';
import { DEMO_PASSWORD } from './shared/enrolments';
import { multipart } from './areas/messaggi/multipartPayload';
import { operations, spec } from './contractTesting';
import { JWT_KEY_FILE, REFRESH_GRACE_SECONDS } from './security';
import { contentSecurityPolicy } from './shared/securityHeaders';
import { auth, LUCA, MARCO, pathOf, PINNED_NOW, startTestServer, type TestServer } from './testing';

const LOGIN = '/api/v4/utenti/login/';
const LOGOUT = '/api/v4/utenti/logout/';
const INFO = pathOf('studente/info');
const refreshOf = (server: TestServer, token: string) =>
  server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: { token } });
const read = (server: TestServer, token: string) => server.app.inject({ url: INFO, headers: auth(token) });

describe('sessions end (ASVS V7)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ sessionMaxSeconds: 4 * 60 * 60 });
  });
  afterAll(() => server.close());

  it('sign-out ends every session of the user, for reads, validation and refresh; other users go on', async () => {
    const here = (await server.login()).token;
    const refreshed = (await refreshOf(server, here)).json<{ token: string }>().token;
    // Another sign-in of the same user (another device), one refreshed there, and one never used.
    const elsewhere = (await server.login()).token;
    const elsewhereRefreshed = (await refreshOf(server, elsewhere)).json<{ token: string }>().token;
    const idle = (await server.login()).token;
    const otherUser = (await server.login('studente.demo')).token;
    expect((await server.app.inject({ method: 'POST', url: LOGOUT, headers: auth(refreshed) })).statusCode).toBe(204);
    for (const token of [here, refreshed, elsewhere, elsewhereRefreshed, idle]) {
      expect((await read(server, token)).statusCode).toBe(401);
      expect((await refreshOf(server, token)).statusCode).toBe(401);
      expect((await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token } })).statusCode).toBe(401);
    }
    expect((await server.app.inject({ url: pathOf('studente/info', LUCA), headers: auth(otherUser) })).statusCode).toBe(200);
    // Signing in again after it starts afresh.
    const again = (await server.login()).token;
    expect((await read(server, again)).statusCode).toBe(200);
    expect((await refreshOf(server, again)).statusCode).toBe(200);
  });

  it('a password change ends every other session; the one that changed it goes on', async () => {
    const changer = (await server.login()).token;
    const other = (await server.login()).token;
    const change = (token: string, from: string, to: string) =>
      server.app.inject({ method: 'PUT', url: '/api/v4/utenti/DEMO01/aggiorna_password', headers: auth(token), payload: { old_password: from, new_password: to } });
    expect((await change(changer, DEMO_PASSWORD, 'Nuova.Password9')).statusCode).toBe(200);
    expect((await read(server, other)).statusCode).toBe(401);
    expect((await refreshOf(server, other)).statusCode).toBe(401);
    expect((await read(server, changer)).statusCode).toBe(200);
    const renewed = await refreshOf(server, changer);
    expect(renewed.statusCode).toBe(200);
    expect((await change(renewed.json<{ token: string }>().token, 'Nuova.Password9', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refresh rotates: a token already exchanged ends the session', async () => {
    const first = (await server.login()).token;
    const second = (await refreshOf(server, first)).json<{ token: string }>().token;
    const third = await refreshOf(server, second);
    expect(third.statusCode).toBe(200);
    // `first` again: a replay (or a thief holding it). The session ends for both holders.
    expect((await refreshOf(server, first)).statusCode).toBe(401);
    expect((await read(server, third.json<{ token: string }>().token)).statusCode).toBe(401);
    expect((await refreshOf(server, third.json<{ token: string }>().token)).statusCode).toBe(401);
  });

  it('two tabs of one session refreshing with the same token: the second waits, the session goes on', async () => {
    const shared = (await server.login()).token;
    const first = await refreshOf(server, shared);
    expect(first.statusCode).toBe(200);
    const second = await refreshOf(server, shared);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ error: 'token_in_rinnovo' });
    expect(Number(second.headers['retry-after'])).toBe(REFRESH_GRACE_SECONDS);
    // The same through a reload's validation; the token the first tab got still works and refreshes.
    const validated = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token: shared } });
    expect(validated.statusCode).toBe(401);
    expect(validated.json()).toMatchObject({ error: 'token_in_rinnovo' });
    const renewed = first.json<{ token: string }>().token;
    expect((await read(server, renewed)).statusCode).toBe(200);
    server.advance(2);
    const retryLater = await refreshOf(server, shared);
    expect(retryLater.json()).toMatchObject({ error: 'token_in_rinnovo' });
    expect(Number(retryLater.headers['retry-after'])).toBe(REFRESH_GRACE_SECONDS - 2);
    const next = await refreshOf(server, renewed);
    expect(next.statusCode).toBe(200);
    // Only the token spent by the last refresh has the grace: the one before it is a replay.
    const replay = await refreshOf(server, shared);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'unauthorized' });
    expect((await read(server, next.json<{ token: string }>().token)).statusCode).toBe(401);
  });

  it('the spent token presented again after the grace is a replay: the session ends for every holder', async () => {
    const stolen = (await server.login()).token;
    const renewed = (await refreshOf(server, stolen)).json<{ token: string }>().token;
    server.advance(REFRESH_GRACE_SECONDS);
    const late = await refreshOf(server, stolen);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: 'unauthorized' });
    expect(late.headers['retry-after']).toBeUndefined();
    expect((await read(server, renewed)).statusCode).toBe(401);
    expect((await refreshOf(server, renewed)).statusCode).toBe(401);
  });

  it('no session outlives the absolute cap from sign-in, however often it is refreshed', async () => {
    let token = (await server.login()).token;
    try {
      // Refreshed every 14 minutes, as the app does: it lives until the cap (4 h here) and not after.
      for (let minutes = 14; minutes < 4 * 60; minutes += 14) {
        server.advance(14 * 60);
        const res = await refreshOf(server, token);
        expect(res.statusCode, `refresh after ${minutes} minutes`).toBe(200);
        token = res.json<{ token: string }>().token;
      }
      expect((await read(server, token)).statusCode).toBe(200);
      server.advance(14 * 60);
      expect((await read(server, token)).statusCode).toBe(401);
      expect((await refreshOf(server, token)).statusCode).toBe(401);
    } finally {
      server.setNow('2026-11-21T09:15:00Z');
    }
  });
});

describe('headers of every answer (ASVS V3, V14)', () => {
  let server: TestServer;
  let dist: string;
  let token: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portale-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portale Famiglie</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer({ serveStaticFrom: dist, securityHeaders: { mobileFrameAncestors: 'https://app.scuola.example' } });
    token = (await server.login()).token;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const directives = (policy: unknown) =>
    new Map(
      String(policy)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values] as const),
    );

  it('a policy with no inline script, no eval, no plugins, no base, no framing and only the payment providers', () => {
    const csp = directives(contentSecurityPolicy());
    expect(String(contentSecurityPolicy())).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://online.satispay.com', 'https://staging.online.satispay.com']);
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
  });

  it.each([
    ['an API answer', '/api/v3/mastercom_nextapi/'],
    ['an error', '/api/v3/non-esiste'],
    ['a file of the build', '/assets/app.js'],
    ['a page of the app', '/voti'],
    ['the version file', '/version.txt'],
  ])('%s carries the policy, nosniff and no-referrer', async (_what, url) => {
    const res = await server.app.inject({ url });
    // The demo schools' enrolment portals are where the hand-over form may post, besides the portal.
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ formActionOrigins: ['https://demo01.scuola.example', 'https://demo02.scuola.example'] }));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('every API answer with private data is not stored', async () => {
    for (const res of [await read(server, token), await server.app.inject({ url: INFO }), await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } })]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the mobile pages may be framed only by the configured app origin', async () => {
    const res = await server.app.inject({ url: '/mobile/estratto-conto?codice=x' });
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(['https://app.scuola.example']);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it("a page with a stricter policy of its own keeps it (a demo identity provider's)", async () => {
    const res = await server.app.inject({ url: '/idp/posteid/interazione/scaduta' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('logs, limits and bodies (ASVS V2, V7, V13)', () => {
  it('request logs never hold a code or a client secret of the query string', () => {
    expect(redactUrl('/mobile/negozio?codice=abc123&x=1')).toBe('/mobile/negozio?codice=%5Bredacted%5D&x=1');
    expect(redactUrl('/login?spid=Zm9v')).toBe('/login?spid=%5Bredacted%5D');
    expect(redactUrl('/carrello?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2')).not.toContain('secret_2');
    expect(redactUrl('/voti?periodo=1')).toBe('/voti?periodo=1');
    expect(redactUrl('/voti')).toBe('/voti');
  });

  it('sign-in is limited per address whatever the user code, and the proxy hop is trusted only when configured', { timeout: 60_000 }, async () => {
    const [direct, proxied] = await Promise.all([
      startTestServer({ loginRateMax: 100, loginRateMaxPerAddress: 3 }),
      startTestServer({ loginRateMax: 100, loginRateMaxPerAddress: 3, trustProxy: 1 }),
    ]);
    try {
      const attempt = (server: TestServer, username: string, forwardedFor?: string) =>
        server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: username, password: 'sbagliata' }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
      for (const username of ['a.uno', 'b.due', 'c.tre']) expect((await attempt(direct, username, '203.0.113.1')).statusCode).toBe(401);
      // A forged X-Forwarded-For does not buy a new allowance from a server that trusts no proxy.
      expect((await attempt(direct, 'd.quattro', '203.0.113.2')).statusCode).toBe(429);

      for (const username of ['a.uno', 'b.due', 'c.tre']) expect((await attempt(proxied, username, '203.0.113.1')).statusCode).toBe(401);
      expect((await attempt(proxied, 'd.quattro', '203.0.113.1')).statusCode).toBe(429);
      expect((await attempt(proxied, 'd.quattro', '203.0.113.9')).statusCode).toBe(401);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it('parallel wrong current passwords cannot slip past the attempt limit', async () => {
    const server = await startTestServer();
    try {
      const { token } = await server.login('studente.demo');
      const answers = await Promise.all(
        Array.from({ length: 16 }, () =>
          server.app.inject({
            method: 'PUT',
            url: '/api/v4/utenti/DEMO01/aggiorna_password',
            headers: auth(token),
            payload: { old_password: 'Sbagliata.1', new_password: 'Nuova.Password7' },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 409)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    } finally {
      await server.close();
    }
  });

  it('every authenticated operation refuses an anonymous request before reading its body', async () => {
    const server = await startTestServer();
    try {
      // 6 MB: more than any body limit, so an operation reading it first would answer 413 (or 400, 415).
      const big = multipart([{ name: 'file', filename: 'grande.pdf', type: 'application/pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 0x20)]) }]);
      const upload = await server.app.inject({ method: 'POST', url: pathOf('messaggi/add_attachment'), ...big });
      expect(upload.statusCode).toBe(401);
      expect(upload.json()).toEqual({ detail: 'Sessione scaduta', error: 'unauthorized' });

      const globalSecurity = (spec as unknown as { security?: unknown[] }).security ?? [];
      let checked = 0;
      for (const [path, methods] of Object.entries(spec.paths)) {
        for (const [method, op] of Object.entries(methods as Record<string, { security?: unknown[]; operationId?: string }>)) {
          const security = op.security ?? globalSecurity;
          if (!op.operationId || security.length === 0 || !operations.has(op.operationId)) continue;
          const url = path.replace(/\{[^}]+\}/g, (name) => (/anno/.test(name) ? MARCO.year : /scuola/.test(name) ? 'DEMO01' : '1'));
          const res = await server.app.inject({ method: method.toUpperCase() as 'GET', url, payload: Buffer.alloc(2 * 1024 * 1024, 0x7b), headers: { 'content-type': 'application/json' } });
          expect(res.statusCode, `${method.toUpperCase()} ${path}`).toBe(401);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(40);
    } finally {
      await server.close();
    }
  });
});

describe('a busy database, one server per data folder, private files (ASVS V11, V12)', () => {
  it('a database locked by another connection answers 503 with Retry-After at once, then recovers', async () => {
    const server = await startTestServer();
    const other = new Database(databasePath(server.dataDir));
    try {
      other.exec('BEGIN EXCLUSIVE');
      const busy = await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toEqual({ detail: 'Servizio momentaneamente occupato, riprova tra qualche istante', error: 'unavailable' });
      other.exec('ROLLBACK');
      expect((await server.app.inject({ method: 'POST', url: LOGIN, payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } })).statusCode).toBe(200);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await server.close();
    }
  });

  it('gives up on a lock within a fraction of a second, not the 5 s the driver waits by default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portale-busy-'));
    try {
      await (await startTestServer({ dataDir: dir })).close();
      const db = await openDatabase(dir, new Date(PINNED_NOW));
      expect(db.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
      db.close();
      expect(BUSY_TIMEOUT_MS).toBeLessThanOrEqual(250);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a second server cannot open the same data folder, and db:reset refuses while one runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portale-lock-'));
    const server = await startTestServer({ dataDir });
    try {
      await expect(startTestServer({ dataDir })).rejects.toThrow(/in use by the server with process id/);
      const reset = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/reset.ts'], { env: { ...process.env, DATA_DIR: dataDir } });
      await expect(reset).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('stop it before resetting') });
      expect(readdirSync(dataDir)).toContain(DATABASE_FILE);
      await server.close();
      // Closed: the lock is gone and the folder opens again.
      expect(readdirSync(dataDir)).not.toContain(LOCK_FILE);
      await (await startTestServer({ dataDir })).close();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the key, the database and uploads are readable by the server user only, and written whole', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portale-perm-'));
    const server = await startTestServer({ dataDir });
    try {
      const { token } = await server.login();
      const upload = await server.app.inject({
        method: 'POST',
        url: pathOf('messaggi/add_attachment'),
        ...(() => {
          const form = multipart([{ name: 'file', filename: 'nota.txt', type: 'text/plain', data: Buffer.from('Nota per la classe') }]);
          return { payload: form.payload, headers: { ...form.headers, ...auth(token) } };
        })(),
      });
      expect(upload.statusCode).toBe(201);
      const stored = readdirSync(join(dataDir, 'allegati'));
      expect(stored).toHaveLength(1);
      expect(stored.some((name) => name.endsWith('.tmp'))).toBe(false);
      for (const file of [join(dataDir, JWT_KEY_FILE), join(dataDir, DATABASE_FILE), join(dataDir, 'allegati', stored[0] as string)]) {
        expect(statSync(file).mode & 0o077, file).toBe(0);
      }
      expect(statSync(dataDir).mode & 0o077).toBe(0);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
