import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_NAMES, preloadSignedInFiles, startEarly } from './early';
import { QueryClient } from '@tanstack/react-query';
import { api, connectAuth } from './api/api';
import { studentInfoQuery, subjectsQuery, updatesQuery } from './api/queries/student';
import { EARLY_CALLS_KEY, START_PAGE_CALLS_KEY, startSignedInPageCalls, takeEarlyCall } from './api/earlyCalls';
import { LOCALE_STORAGE_KEY } from './i18n/locale';
import { SESSION_STORAGE_KEY } from './runtime';
import { PRIVATE_PREFIX } from './domain/tabStorage';
import { PRELOAD_SIGNED_IN_KEY, preloadSignedIn, SIGNED_IN_FILES_ID, type SignedInFiles } from './signedInFiles';
import type { StudentInfo } from './domain/records';
import { Route as HomeRoute } from './routes/_private/(home)/home';
import { Route as GradesRoute } from './routes/_private/(grades)/voti';
import { Route as AgendaRoute } from './routes/_private/(lessons)/agenda';

const FILES: SignedInFiles = {
  common: ['assets/_private-a.js', 'assets/shared-b.js'],
  messages: {
    it: { area: 'assets/area-it.js', grades: 'assets/grades-it.js', lessons: 'assets/lessons-it.js' },
    en: { area: 'assets/area-en.js', grades: 'assets/grades-en.js', lessons: 'assets/lessons-en.js' },
  },
  routes: { '/home': ['assets/home-c.js'], '/voti': ['assets/voti-d.js'] },
  groups: { '/voti': 'grades' },
  groupCatalogs: 'assets/groupCatalogs-e.js',
};
const SCOPE = { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' };
const SAVED = { token: 'tok-1', user: { id_utente: 1001 }, mastercomId: 'm1', scope: SCOPE };
const SIGN_IN = { token: 'tok-2' };

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname);

function page(path: string, { saved = SAVED as unknown, files = FILES as SignedInFiles | null } = {}) {
  window.history.replaceState(null, '', path);
  if (saved) sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(saved));
  if (files) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SIGNED_IN_FILES_ID;
    block.textContent = JSON.stringify(files);
    document.head.append(block);
  }
}

let network: ReturnType<typeof vi.fn>;
beforeEach(() => {
  network = vi.fn(async (url: string) =>
    new Response(JSON.stringify(String(url).includes('/utenti/') ? SIGN_IN : []), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', network);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
  delete (globalThis as Record<symbol, unknown>)[EARLY_CALLS_KEY];
  connectAuth({ getToken: () => null, refresh: async () => null });
  window.history.replaceState(null, '', '/');
});

describe('the page’s first script', () => {
  it('names what the app names: the saved session, the language, the file list, the hand-over', () => {
    expect(EARLY_NAMES.session).toBe(SESSION_STORAGE_KEY);
    expect(EARLY_NAMES.locale).toBe(LOCALE_STORAGE_KEY);
    expect(EARLY_NAMES.files).toBe(SIGNED_IN_FILES_ID);
    expect(EARLY_NAMES.calls).toBe(EARLY_CALLS_KEY);
    expect(EARLY_NAMES.preload).toBe(PRELOAD_SIGNED_IN_KEY);
    expect(EARLY_NAMES.pageCalls).toBe(START_PAGE_CALLS_KEY);
  });

  it('on a signed-in page with a saved session, starts the session check and asks for the page’s files at once', () => {
    page('/home/');
    startEarly();
    expect(network).toHaveBeenCalledTimes(1);
    const [url, init] = network.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${location.origin}/api/v4/utenti/1001/`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'tok-1' });
    // Home shows the area's messages only (i18n/locale.ts); a page of a feature group its group's too (below).
    expect(preloads()).toEqual(['/assets/_private-a.js', '/assets/shared-b.js', '/assets/area-it.js', '/assets/home-c.js']);
  });

  it('asks for the messages in the language chosen on this device', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    page('/voti');
    startEarly();
    expect(preloads()).toEqual(['/assets/_private-a.js', '/assets/shared-b.js', '/assets/area-en.js', '/assets/groupCatalogs-e.js', '/assets/grades-en.js', '/assets/voti-d.js']);
  });

  it.each([
    ['the sign-in page', '/login', {}],
    ['a tab with no saved session', '/home', { saved: null }],
    ['a saved session without its token', '/home', { saved: { user: { id_utente: 1001 } } }],
    ['a page the list does not name', '/mobile/voti', {}],
    ['a build without the list (development)', '/home', { files: null }],
  ])('does nothing on %s', (_, path, options) => {
    page(path, options as Parameters<typeof page>[1]);
    startEarly();
    expect(network).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
  });

  it('keeps the token its check renewed, so that a reload before the app has saved it presents the new one', async () => {
    page('/home');
    startEarly();
    await vi.waitFor(() => expect(JSON.parse(sessionStorage.getItem(EARLY_NAMES.renewed) ?? 'null')).toEqual({ from: 'tok-1', to: 'tok-2' }));
    // Reloaded before the app ran: the spent tok-1 is still the saved one.
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY)!).token).toBe('tok-1');
    network.mockClear();
    startEarly();
    expect(JSON.parse((network.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({ token: 'tok-2' });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ ...SAVED, token: 'tok-2' });
  });

  it('drops a renewal the app has already saved or gone past, and is forgotten at sign-out', () => {
    expect(EARLY_NAMES.renewed.startsWith(PRIVATE_PREFIX)).toBe(true);
    page('/home', { saved: { ...SAVED, token: 'tok-5' } });
    sessionStorage.setItem(EARLY_NAMES.renewed, JSON.stringify({ from: 'tok-1', to: 'tok-2' }));
    startEarly();
    expect(JSON.parse((network.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({ token: 'tok-5' });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY)!).token).toBe('tok-5');
  });

  it('sends nothing while the browser says it is offline (the client would not send the check)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    page('/home');
    startEarly();
    expect(network).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
  });
});

describe('the sign-in page asking for the signed-in files', () => {
  beforeEach(() => {
    (globalThis as Record<symbol, unknown>)[PRELOAD_SIGNED_IN_KEY] = preloadSignedInFiles;
  });
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[PRELOAD_SIGNED_IN_KEY];
  });

  it('asks for the destination’s files in one wave, each once, and calls nothing', () => {
    page('/login', { saved: null });
    preloadSignedIn('/voti?periodo=anno');
    preloadSignedIn('/voti');
    expect(preloads()).toEqual(['/assets/_private-a.js', '/assets/shared-b.js', '/assets/area-it.js', '/assets/groupCatalogs-e.js', '/assets/grades-it.js', '/assets/voti-d.js']);
    // Home next (another destination): only its own file is new.
    preloadSignedIn('/home');
    expect(preloads()).toHaveLength(7);
    expect(network).not.toHaveBeenCalled();
  });

  it('asks for the signed-in area alone when the destination is no signed-in page', () => {
    page('/login', { saved: null });
    preloadSignedIn('/mobile/voti');
    expect(preloads()).toEqual(['/assets/_private-a.js', '/assets/shared-b.js', '/assets/area-it.js']);
  });

  it('does nothing where the first script did not run', () => {
    delete (globalThis as Record<symbol, unknown>)[PRELOAD_SIGNED_IN_KEY];
    page('/login', { saved: null });
    preloadSignedIn('/home');
    expect(preloads()).toEqual([]);
  });
});

describe('the client taking an early call', () => {
  const validate = (token: string) => api.client.POST('/api/v4/utenti/{id_utente}/', { params: { path: { id_utente: 1001 } }, body: { token } });

  it('answers the session’s identical check with the early answer, once', async () => {
    page('/home');
    startEarly();
    const checks = () => network.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).includes('/utenti/'));
    const first = await validate('tok-1');
    expect(first.data).toEqual(SIGN_IN);
    expect(checks()).toHaveLength(1);
    // Taken once: the same call again is a new call.
    await validate('tok-1');
    expect(checks()).toHaveLength(2);
  });

  it('answers the first student’s calls, made with the renewed token, with the early answers', async () => {
    page('/home');
    startEarly();
    await validate('tok-1');
    await vi.waitFor(() => expect(network).toHaveBeenCalledTimes(4));
    const early = network.mock.calls.slice(1) as [string, RequestInit][];
    expect(early.map(([, init]) => new Headers(init.headers).get('Authorization'))).toEqual(['JWT tok-2', 'JWT tok-2', 'JWT tok-2']);
    connectAuth({ getToken: () => 'tok-2', refresh: async () => null });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await Promise.allSettled([client.fetchQuery(studentInfoQuery(SCOPE)), client.fetchQuery(subjectsQuery(SCOPE)), client.fetchQuery(updatesQuery(SCOPE))]);
    // The session's three calls went nowhere: the early answers were theirs.
    expect(network).toHaveBeenCalledTimes(4);
  });

  it('leaves a call with another token to the network', async () => {
    page('/home');
    startEarly();
    await validate('tok-1');
    await vi.waitFor(() => expect(network).toHaveBeenCalledTimes(4));
    connectAuth({ getToken: () => 'tok-other', refresh: async () => null });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await Promise.allSettled([client.fetchQuery(subjectsQuery(SCOPE))]);
    expect(network).toHaveBeenCalledTimes(5);
  });

  it('leaves a call with another body to the network', async () => {
    page('/home');
    startEarly();
    await validate('tok-other');
    expect(network.mock.calls.filter(([url]) => String(url).includes('/utenti/'))).toHaveLength(1);
    expect(network.mock.calls.filter(([request]) => request instanceof Request)).toHaveLength(1);
    // The early answer is still there for the call it was made for.
    expect(await takeEarlyCall(new Request(`${location.origin}/api/v4/utenti/1001/`, { method: 'POST', body: JSON.stringify({ token: 'tok-1' }) }))).not.toBeNull();
  });

  it('stops waiting for the early answer when the caller gives up', async () => {
    network.mockImplementationOnce(() => new Promise<Response>(() => {}));
    page('/home');
    startEarly();
    const controller = new AbortController();
    const waiting = takeEarlyCall(new Request(`${location.origin}/api/v4/utenti/1001/`, { method: 'POST', body: JSON.stringify({ token: 'tok-1' }) }), controller.signal);
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(waiting).rejects.toThrow('gone');
  });
});

describe('the page’s own calls, started beside the student’s', () => {
  const ALL_ON = { voti: true, orario: true, compiti: true, note: true, verifiche: true, colloqui_individuali: true, mense: true, agenda: true };
  const STUDENT = { id: 501, id_scuola: 'DEMO01', nome: 'Marco', cognome: 'Rossi', anni: [{ id: '2026_2027', servizi: ALL_ON }] };
  const withServices = (servizi: Record<string, boolean>) => ({ ...SAVED, students: [{ ...STUDENT, anni: [{ id: '2026_2027', servizi }] }] });
  const INFO = { periodi_scolastici: [], servizi: ALL_ON } as unknown as StudentInfo;
  const session = { getSnapshot: () => ({ context: { students: [STUDENT] } }) };
  const PAGES = { ...FILES, routes: { ...FILES.routes, '/agenda': ['assets/agenda-e.js'] } };
  type Loader = (args: unknown) => unknown;
  const LOADERS: [string, () => Promise<unknown>][] = [
    ['/home', async () => (HomeRoute.options.loader as Loader)({ context: { queryClient: client, scope: SCOPE, studentInfo: INFO, session } })],
    ['/voti', async () => (GradesRoute.options.loader as Loader)({ context: { queryClient: client, scope: SCOPE, studentInfo: INFO } })],
    ['/agenda', async () => (AgendaRoute.options.loader as Loader)({ context: { queryClient: client, scope: SCOPE, studentInfo: INFO }, deps: {} })],
  ];
  const addresses = () => network.mock.calls.map(([u]) => (u instanceof Request ? u.url : String(u)));
  const early = () => ((globalThis as Record<symbol, unknown>)[EARLY_CALLS_KEY] as { url: string }[]).map((c) => c.url);
  let client: QueryClient;

  beforeEach(() => {
    // Sunday 29 November, 23:30 UTC: already Monday 30 in Rome, the first day of a new week there.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T23:30:00Z') });
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => vi.useRealTimers());

  it.each(LOADERS)('%s: its loader’s calls are the ones already started, each taken once', async (path, load) => {
    page(path, { saved: withServices(ALL_ON), files: PAGES });
    startEarly();
    await vi.waitFor(() => expect(early().length).toBeGreaterThan(4));
    const started = network.mock.calls.length;
    connectAuth({ getToken: () => 'tok-2', refresh: async () => null });
    await Promise.allSettled([load()]);
    // Nothing of the page went to the network again, and every call started for it was taken.
    expect(addresses().slice(started)).toEqual([]);
    expect(early().filter((url) => !/\/utenti\/1001\/$|studente\/info|materie_nextapi|aggiornamenti_nextapi/.test(url))).toEqual([]);
  });

  it.each(LOADERS)('%s after a sign-in: the student’s calls, then the page’s, start with the sign-in’s token, and the session and the loader take each once', async (path, load) => {
    page('/login', { saved: null, files: PAGES });
    startSignedInPageCalls(path, { token: 'tok-9', user: { id_utente: 1001 }, scope: SCOPE, students: withServices(ALL_ON).students });
    // The student's calls first (the session's next ones, which Home waits for), then the page's.
    const student = `${location.origin}/api/v3/scuole/DEMO01/studenti/501/2026_2027/`;
    expect(early().slice(0, 3)).toEqual([`${student}studente/info`, `${student}materie_nextapi`, `${student}aggiornamenti_nextapi`]);
    expect(early().length).toBeGreaterThan(4);
    const started = network.mock.calls.length;
    connectAuth({ getToken: () => 'tok-9', refresh: async () => null });
    // The session's calls for the student, then the page's loader: each is taken, none asked again.
    await Promise.allSettled([client.fetchQuery(studentInfoQuery(SCOPE, null)), client.fetchQuery(subjectsQuery(SCOPE)), client.fetchQuery(updatesQuery(SCOPE))]);
    await Promise.allSettled([load()]);
    // A call the loader starts without waiting for it (Voti's preferences) is taken a moment later.
    await vi.waitFor(() => expect(early()).toEqual([]));
    expect(addresses().slice(started)).toEqual([]);
  });

  it('/home of a family: the other child’s calls start with the open one’s, and its block takes each once', async () => {
    const SISTER_SERVICES = { voti: true, orario: true };
    const SISTER = { id: 502, id_scuola: 'DEMO02', nome: 'Giulia', cognome: 'Rossi', anno_corrente: '2026_2027', anni: [{ id: '2026_2027', servizi: SISTER_SERVICES }] };
    const students = [{ ...STUDENT, anno_corrente: '2026_2027' }, SISTER];
    const sister = `${location.origin}/api/v3/scuole/DEMO02/studenti/502/2026_2027/`;
    network.mockImplementation(async (url: string) => {
      const body = String(url).includes('/utenti/') ? SIGN_IN : String(url) === `${sister}studente/info` ? { servizi: SISTER_SERVICES } : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    page('/home', { saved: { ...SAVED, students }, files: PAGES });
    startEarly();
    await vi.waitFor(() => expect(early().some((url) => url.startsWith(sister))).toBe(true));
    // Her info and subjects, then her day's parts by the services the saved session has on for her.
    expect(early().filter((url) => url.startsWith(sister)).map((url) => url.slice(sister.length))).toEqual([
      'studente/info',
      'materie_nextapi',
      'voti_plain',
      'orario_plain?data_inizio=2026-11-30&data_fine=2026-11-30',
    ]);
    const started = network.mock.calls.length;
    connectAuth({ getToken: () => 'tok-2', refresh: async () => null });
    const family = { getSnapshot: () => ({ context: { students } }) };
    await (HomeRoute.options.loader as Loader)({ context: { queryClient: client, scope: SCOPE, studentInfo: INFO, session: family } });
    // Her block's calls, which the loader starts and does not wait for, take the early answers too.
    await vi.waitFor(() => expect(early().filter((url) => url.startsWith(sister))).toEqual([]));
    expect(addresses().slice(started)).toEqual([]);

    // After a sign-in, only the open child's: the other children's would take the line from them.
    delete (globalThis as Record<symbol, unknown>)[EARLY_CALLS_KEY];
    startSignedInPageCalls('/home', { token: 'tok-9', user: { id_utente: 1001 }, scope: SCOPE, students });
    expect(early().length).toBeGreaterThan(4);
    expect(early().filter((url) => url.startsWith(sister))).toEqual([]);
  });

  it('after a sign-in, the destination’s query counts (another week’s Agenda makes its own calls)', () => {
    page('/login', { saved: null, files: PAGES });
    startSignedInPageCalls('/agenda?settimana=2026-11-02', { token: 'tok-9', user: { id_utente: 1001 }, scope: SCOPE, students: withServices(ALL_ON).students });
    expect(early().slice(3)).toEqual([`${location.origin}/api/v3/scuole/DEMO01/studenti/501/2026_2027/calendario_scolastico`]);
  });

  it('asks for the day in Rome: Home’s lessons today, Agenda’s week from its Monday', async () => {
    page('/agenda', { saved: withServices(ALL_ON), files: PAGES });
    startEarly();
    await vi.waitFor(() => expect(early().length).toBeGreaterThan(4));
    expect(early().some((url) => url.endsWith('/agenda_plain?data_inizio=2026-11-30&data_fine=2026-12-06'))).toBe(true);
    // A Thursday: the same week, from its Monday.
    delete (globalThis as Record<symbol, unknown>)[EARLY_CALLS_KEY];
    vi.setSystemTime(new Date('2026-12-03T10:00:00Z'));
    startEarly();
    await vi.waitFor(() => expect(early().length).toBeGreaterThan(4));
    expect(early().some((url) => url.endsWith('/agenda_plain?data_inizio=2026-11-30&data_fine=2026-12-06'))).toBe(true);
  });

  it('starts only the calls of services the saved session has on, and none for another week than this one', async () => {
    page('/home', { saved: withServices({ voti: true }), files: PAGES });
    startEarly();
    await vi.waitFor(() => expect(early().length).toBe(5));
    expect(early()[4]).toMatch(/\/voti_plain$/);

    document.head.innerHTML = '';
    delete (globalThis as Record<symbol, unknown>)[EARLY_CALLS_KEY];
    page('/agenda?settimana=2026-11-02', { saved: withServices(ALL_ON), files: PAGES });
    startEarly();
    await vi.waitFor(() => expect(early().length).toBe(5));
    expect(early()[4]).toMatch(/\/calendario_scolastico$/);
  });
});
