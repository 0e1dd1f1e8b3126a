import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_NAMES, startEarly } from './early';
import { api } from './api/api';
import { EARLY_CALLS_KEY, takeEarlyCall } from './api/earlyCalls';
import { LOCALE_STORAGE_KEY } from './i18n/locale';
import { SESSION_STORAGE_KEY } from './runtime';
import { SIGNED_IN_FILES_ID, type SignedInFiles } from './signedInFiles';

const FILES: SignedInFiles = {
  common: ['assets/_private-a.js', 'assets/shared-b.js'],
  screens: { it: 'assets/screens-it.js', en: 'assets/screens-en.js' },
  routes: { '/home': ['assets/home-c.js'], '/voti': ['assets/voti-d.js'] },
};
const SAVED = { token: 'tok-1', user: { id_utente: 1001 }, mastercomId: 'm1', scope: { id_scuola: 'DEMO01', id_studente: 501 } };
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
  network = vi.fn(async () => new Response(JSON.stringify(SIGN_IN), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', network);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
  delete (globalThis as Record<symbol, unknown>)[EARLY_CALLS_KEY];
  window.history.replaceState(null, '', '/');
});

describe('the page’s first script', () => {
  it('names what the app names: the saved session, the language, the file list, the hand-over', () => {
    expect(EARLY_NAMES.session).toBe(SESSION_STORAGE_KEY);
    expect(EARLY_NAMES.locale).toBe(LOCALE_STORAGE_KEY);
    expect(EARLY_NAMES.files).toBe(SIGNED_IN_FILES_ID);
    expect(EARLY_NAMES.calls).toBe(EARLY_CALLS_KEY);
  });

  it('on a signed-in page with a saved session, starts the session check and asks for the page’s files at once', () => {
    page('/home/');
    startEarly();
    expect(network).toHaveBeenCalledTimes(1);
    const [url, init] = network.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${location.origin}/api/v4/utenti/1001/`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'tok-1' });
    expect(preloads()).toEqual(['/assets/_private-a.js', '/assets/shared-b.js', '/assets/screens-it.js', '/assets/home-c.js']);
  });

  it('asks for the screens’ messages in the language chosen on this device', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    page('/voti');
    startEarly();
    expect(preloads()).toEqual(['/assets/_private-a.js', '/assets/shared-b.js', '/assets/screens-en.js', '/assets/voti-d.js']);
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
});

describe('the client taking an early call', () => {
  const validate = (token: string) => api.client.POST('/api/v4/utenti/{id_utente}/', { params: { path: { id_utente: 1001 } }, body: { token } });

  it('answers the session’s identical check with the early answer, once', async () => {
    page('/home');
    startEarly();
    const first = await validate('tok-1');
    expect(first.data).toEqual(SIGN_IN);
    expect(network).toHaveBeenCalledTimes(1);
    // Taken once: the same call again is a new call.
    await validate('tok-1');
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('leaves a call with another body to the network', async () => {
    page('/home');
    startEarly();
    await validate('tok-other');
    expect(network).toHaveBeenCalledTimes(2);
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
