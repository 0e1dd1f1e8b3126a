import { afterEach, describe, expect, it } from 'vitest';
import { testHooks } from './index';
import { auth, CURRENT_YEAR, startTestServer, studentPath, type TestServer } from '../../server/testing';

const FAULTS = '/__test__/guasti';
const GRADES = studentPath('DEMO01', 501, CURRENT_YEAR, 'voti_plain');

/** A server built with the test hooks (as tests/server-hooks/main.ts builds it), or without (as the portal's own entry). */
const serverWithHooks = (hooks: boolean): Promise<TestServer> => startTestServer(hooks ? { extend: testHooks } : {});

describe('test fault injection', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('does not exist on a server built without them (the portal\'s own entry)', async () => {
    server = await serverWithHooks(false);
    const post = await server.app.inject({ method: 'POST', url: FAULTS, payload: { percorso: 'voti_plain', stato: 500 } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ detail: 'Contenuto non disponibile', error: 'not_found' });
    expect((await server.app.inject({ method: 'DELETE', url: FAULTS })).statusCode).toBe(404);
    const { token } = await server.login();
    expect((await server.app.inject({ url: GRADES, headers: auth(token) })).statusCode).toBe(200);
  });

  it('answers the next N matching requests with the fault, then lets them through', async () => {
    server = await serverWithHooks(true);
    const { token } = await server.login();
    const created = await server.app.inject({
      method: 'POST',
      url: FAULTS,
      payload: { metodo: 'GET', percorso: 'voti_plain$', stato: 500, volte: 2 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ percorso: 'voti_plain$', stato: 500, restanti: 2, detail: 'Errore interno', error: 'internal' });

    // Another path and another method are not affected.
    expect((await server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'materie_nextapi'), headers: auth(token) })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await server.app.inject({ url: `${GRADES}?t=${i}`, headers: auth(token) });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ detail: 'Errore interno', error: 'internal' });
    }
    expect((await server.app.inject({ url: GRADES, headers: auth(token) })).statusCode).toBe(200);
    expect((await server.app.inject({ url: FAULTS })).json()).toEqual([]);
  });

  it('uses the given detail and error, applies before authentication, and is cleared by DELETE', async () => {
    server = await serverWithHooks(true);
    await server.app.inject({
      method: 'POST',
      url: FAULTS,
      payload: { percorso: '/presa_visione_voti/\\d+$', metodo: 'PUT', stato: 409, detail: 'Conflict', error: 'Il voto è già stato visionato', volte: 5 },
    });
    await server.app.inject({ method: 'POST', url: FAULTS, payload: { percorso: '^/version\\.txt$', stato: 408 } });
    const put = await server.app.inject({ method: 'PUT', url: studentPath('DEMO01', 501, CURRENT_YEAR, 'presa_visione_voti/9001') });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ detail: 'Conflict', error: 'Il voto è già stato visionato' });
    const version = await server.app.inject({ url: '/version.txt?t=1' });
    expect(version.statusCode).toBe(408);
    expect(version.json()).toEqual({ detail: 'Il server non ha risposto in tempo, riprova tra qualche minuto', error: 'timeout' });

    const cleared = await server.app.inject({ method: 'DELETE', url: FAULTS });
    expect(cleared.json()).toEqual({ rimossi: 1 });
    expect((await server.app.inject({ method: 'PUT', url: studentPath('DEMO01', 501, CURRENT_YEAR, 'presa_visione_voti/9001') })).statusCode).toBe(401);
  });

  it('keeps a scoped fault to the test that asked for it, and clears only its own', async () => {
    server = await serverWithHooks(true);
    const { token } = await server.login();
    const scoped = (scope: string) => ({ ...auth(token), 'x-test-ambito': scope });
    await server.app.inject({ method: 'POST', url: FAULTS, headers: { 'x-test-ambito': 'a' }, payload: { percorso: 'voti_plain$', stato: 500, volte: 5 } });
    await server.app.inject({ method: 'POST', url: FAULTS, headers: { 'x-test-ambito': 'b' }, payload: { percorso: 'voti_plain$', stato: 404, volte: 5 } });
    expect((await server.app.inject({ url: GRADES, headers: auth(token) })).statusCode).toBe(200);
    expect((await server.app.inject({ url: GRADES, headers: scoped('a') })).statusCode).toBe(500);
    expect((await server.app.inject({ url: GRADES, headers: scoped('b') })).statusCode).toBe(404);
    const cleared = await server.app.inject({ method: 'DELETE', url: FAULTS, headers: { 'x-test-ambito': 'a' } });
    expect(cleared.json()).toEqual({ rimossi: 1 });
    expect((await server.app.inject({ url: GRADES, headers: scoped('a') })).statusCode).toBe(200);
    expect((await server.app.inject({ url: GRADES, headers: scoped('b') })).statusCode).toBe(404);
  });

  it('never faults its own routes, and refuses malformed faults', async () => {
    server = await serverWithHooks(true);
    await server.app.inject({ method: 'POST', url: FAULTS, payload: { percorso: '.*', stato: 500, volte: 100 } });
    expect((await server.app.inject({ url: FAULTS })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/version.txt' })).statusCode).toBe(500);
    expect((await server.app.inject({ method: 'DELETE', url: FAULTS })).json()).toEqual({ rimossi: 1 });

    for (const payload of [{ stato: 500 }, { percorso: '(', stato: 500 }, { percorso: 'x' }, { percorso: 'x', stato: 42 }]) {
      const res = await server.app.inject({ method: 'POST', url: FAULTS, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request' });
    }
  });

  it('delays a request without a status, which then runs normally', async () => {
    server = await serverWithHooks(true);
    await server.app.inject({ method: 'POST', url: FAULTS, payload: { percorso: '^/version\\.txt$', ritardo_ms: 150 } });
    const started = Date.now();
    const res = await server.app.inject({ url: '/version.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^VERSION=/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('sends status 901 with its message over real HTTP', async () => {
    server = await serverWithHooks(true);
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await server.login();
    const detail = 'La segreteria ha sospeso la funzione: riprova domani';
    const created = await fetch(`${base}${FAULTS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ percorso: 'voti_plain', stato: 901, detail }),
    });
    expect(created.status).toBe(201);

    const res = await fetch(`${base}${GRADES}`, { headers: auth(token) });
    expect(res.status).toBe(901);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ detail, error: 'school_message' });

    const after = await fetch(`${base}${GRADES}`, { headers: auth(token) });
    expect(after.status).toBe(200);
    await after.arrayBuffer();
  });

  it('places HTML in communications, notices, news and a thread, and removes only its own', async () => {
    server = await serverWithHooks(true);
    const { token } = await server.login();
    const marco = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);
    const get = async (rest: string) => (await server!.app.inject({ url: marco(rest), headers: auth(token) })).json();
    const count = async () => ({
      comunicazioni: (await get('comunicazioni_elenco?profile_update=0')).length as number,
      bacheca: (await get('bacheca?profile_update=0')).length as number,
      notizie: (await get('notizie?profile_update=0')).length as number,
      thread: (await get('thread?profile_update=0')).length as number,
    });
    const before = await count();
    const updates = await get('aggiornamenti_nextapi');
    const testi = ['<img src=x onerror="window.__xss=1">', '<svg onload=alert(1)>'];
    const place = (ambito: string) =>
      server!.app.inject({ method: 'POST', url: '/__test__/messaggi', headers: { 'x-test-ambito': ambito }, payload: { id_studente: 501, anno: CURRENT_YEAR, testi } });
    const mine = await place('a');
    expect(mine.statusCode).toBe(201);
    const placed = mine.json() as { comunicazioni: number[]; bacheca: number[]; notizie: number[]; thread: string };
    expect(placed.comunicazioni).toHaveLength(2);
    expect((await place('b')).statusCode).toBe(201);
    expect(await count()).toEqual({
      comunicazioni: before.comunicazioni + 4,
      bacheca: before.bacheca + 4,
      notizie: before.notizie + 4,
      thread: before.thread + 2,
    });
    // Read and not new: nothing the sidebar counts changes.
    expect(await get('aggiornamenti_nextapi')).toEqual(updates);
    const detail = await get(`comunicazioni/${placed.comunicazioni[0]}`);
    expect(detail.dettaglio).toBe(testi[0]);
    expect(detail.titolo).toBe(`Prova di sicurezza 001 ${testi[0]}`);
    const thread = await get(`thread/${placed.thread}`);
    expect(thread.messaggi.map((m: { testo: string }) => m.testo)).toEqual(testi);

    const removed = await server.app.inject({ method: 'DELETE', url: '/__test__/messaggi', headers: { 'x-test-ambito': 'a' } });
    expect(removed.json()).toEqual({ rimossi: 1 });
    expect(await count()).toEqual({
      comunicazioni: before.comunicazioni + 2,
      bacheca: before.bacheca + 2,
      notizie: before.notizie + 2,
      thread: before.thread + 1,
    });
    const unknown = await server.app.inject({ method: 'POST', url: '/__test__/messaggi', payload: { id_studente: 999, anno: CURRENT_YEAR, testi } });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('test clock', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const CLOCK = '/__test__/orologio';
  const MEALS = studentPath('DEMO01', 501, CURRENT_YEAR, 'mense');

  it("moves the clock of one test's requests only, and back", async () => {
    server = await serverWithHooks(true);
    const { token } = await server.login();
    const as = (scope?: string) => ({ ...auth(token), ...(scope ? { 'x-test-ambito': scope } : {}) });
    const current = async (scope?: string) =>
      (await server!.app.inject({ url: MEALS, headers: as(scope) })).json().pasto_corrente as { id: number; data: string; prenotabile: boolean };

    const before = await current('a');
    expect(before.prenotabile).toBe(true);
    const deadline = Date.parse(((await server.app.inject({ url: `${MEALS}/pasti/${before.id}`, headers: as() })).json() as { scadenza: string }).scadenza);
    const later = new Date(deadline + 60_000).toISOString();

    // Without the scope header nobody could tell whose clock it is.
    expect((await server.app.inject({ method: 'PUT', url: CLOCK, payload: { ora: later } })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'PUT', url: CLOCK, headers: { 'x-test-ambito': 'a' }, payload: { ora: 'domani' } })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'PUT', url: CLOCK, headers: { 'x-test-ambito': 'a' }, payload: { ora: later } })).statusCode).toBe(200);

    // For test a the day's deadline has passed: the day is not bookable, and booking is refused.
    const moved = (await server.app.inject({ url: `${MEALS}/pasti/${before.id}`, headers: as('a') })).json() as { prenotabile: boolean };
    expect(moved.prenotabile).toBe(false);
    const refused = await server.app.inject({ method: 'PUT', url: `${MEALS}/pasti/${before.id}`, headers: as('a'), payload: { servizi: ['PC'] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'Il termine per la prenotazione è scaduto' });
    // Another test, and requests without a scope, keep the server's clock.
    expect((await server.app.inject({ url: `${MEALS}/pasti/${before.id}`, headers: as('b') })).json()).toMatchObject({ prenotabile: true });
    expect((await server.app.inject({ url: `${MEALS}/pasti/${before.id}`, headers: as() })).json()).toMatchObject({ prenotabile: true });

    expect((await server.app.inject({ method: 'DELETE', url: CLOCK, headers: { 'x-test-ambito': 'a' } })).json()).toEqual({ rimossi: 1 });
    expect((await current('a')).prenotabile).toBe(true);
  });
});

describe('disposable accounts', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const USERS = '/__test__/utenti';
  const login = (username: string, password: string) =>
    server!.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: 'DEMO01', utente: username, password } });

  it("copies a demo account with its students under a fresh user code and password; its sign-out ends only the copy's sessions", async () => {
    server = await serverWithHooks(true);
    const original = await server.login('genitore.demo');
    const made = await server.app.inject({ method: 'POST', url: USERS, payload: { modello: 'genitore.demo' } });
    expect(made.statusCode).toBe(201);
    const copy = made.json<{ username: string; password: string; id_utente: number; mastercom_id: number }>();
    expect(copy.username).not.toBe('genitore.demo');
    const second = (await server.app.inject({ method: 'POST', url: USERS, payload: { modello: 'genitore.demo' } })).json<typeof copy>();
    expect(second.username).not.toBe(copy.username);
    expect(second.id_utente).not.toBe(copy.id_utente);

    expect((await login(copy.username, 'Demo.2026!')).statusCode).toBe(401);
    const signedIn = await login(copy.username, copy.password);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<{ token: string; id_utente: number; mastercom_id: string; nome: string; studenti: { id: number }[] }>();
    expect(body).toMatchObject({ id_utente: copy.id_utente, mastercom_id: String(copy.mastercom_id), nome: original.body.nome });
    expect(body.studenti.map((s) => s.id)).toEqual((original.body.studenti as { id: number }[]).map((s) => s.id));
    expect((await server.app.inject({ url: GRADES, headers: auth(body.token) })).statusCode).toBe(200);

    expect((await server.app.inject({ method: 'POST', url: '/api/v4/utenti/logout/', headers: auth(body.token) })).statusCode).toBe(204);
    expect((await server.app.inject({ url: GRADES, headers: auth(body.token) })).statusCode).toBe(401);
    expect((await server.app.inject({ url: GRADES, headers: auth(original.token) })).statusCode).toBe(200);

    expect((await server.app.inject({ method: 'POST', url: USERS, payload: { modello: 'nessuno' } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: USERS, payload: {} })).statusCode).toBe(400);
  });

  it('does not exist on a server built without the test hooks', async () => {
    server = await serverWithHooks(false);
    expect((await server.app.inject({ method: 'POST', url: USERS, payload: { modello: 'genitore.demo' } })).statusCode).toBe(404);
  });
});
