/**
 * The page's first script (docs/ARCHITECTURE.md "Speed"): index.html runs it as soon as it arrives,
 * while the boot file is still downloading. In a tab with a saved session that opens a signed-in
 * page (a reload, a shared link), it starts the session check (the client's own check takes its
 * answer: api/earlyCalls.ts) and asks now, in one wave, for the files that page will need: the
 * signed-in area, the session's and the first student's modules, the screens' messages and the
 * page's own chunks. The list is written into index.html by the build (vite.config.ts,
 * `signedInFiles`). Anything else (the sign-in page, a tab with no session) loads as before.
 *
 * It imports nothing at run time: a module it shared with the boot file would be one more file to
 * wait for. The few names it repeats are checked against the app's own in early.test.ts.
 */
import type { EarlyCall } from './api/earlyCalls';
import type { SignedInFiles } from './signedInFiles';

export const EARLY_NAMES = {
  session: 'portale-famiglie.session',
  locale: 'portale-famiglie.locale',
  files: 'signed-in-files',
  calls: Symbol.for('portale-famiglie.early-calls'),
};

/** The token and user of the tab's saved session (the session itself checks the rest of it). */
function savedSession(): { token: string; idUtente: number } | null {
  const saved = JSON.parse(sessionStorage.getItem(EARLY_NAMES.session) ?? 'null') as { token?: unknown; user?: { id_utente?: unknown } } | null;
  const token = saved?.token;
  const idUtente = saved?.user?.id_utente;
  return typeof token === 'string' && typeof idUtente === 'number' ? { token, idUtente } : null;
}

export function startEarly(): void {
  const saved = savedSession();
  const listed = document.getElementById(EARLY_NAMES.files)?.textContent;
  if (!saved || !listed) return;
  const files = JSON.parse(listed) as SignedInFiles;
  const own = files.routes[location.pathname.replace(/(.)\/+$/, '$1')];
  if (!own) return;

  const url = new URL(`/api/v4/utenti/${saved.idUtente}/`, location.origin).href;
  const body = JSON.stringify({ token: saved.token });
  const response = fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  // Whoever takes the answer sees a failure; until then it is nobody's error.
  response.catch(() => undefined);
  const calls: EarlyCall[] = [{ method: 'POST', url, body, response }];
  (globalThis as Record<symbol, unknown>)[EARLY_NAMES.calls] = calls;

  const screens = files.screens[localStorage.getItem(EARLY_NAMES.locale) ?? ''] ?? files.screens.it;
  for (const file of [...files.common, ...(screens ? [screens] : []), ...own]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `/${file}`;
    document.head.append(link);
  }
}

try {
  startEarly();
} catch {
  // Only a head start (storage blocked, say): the app does all of this itself when it runs.
}
