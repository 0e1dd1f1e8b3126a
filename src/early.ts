/**
 * The page's first script (docs/ARCHITECTURE.md "Speed"): index.html runs it as soon as it arrives,
 * while the boot file is still downloading. In a tab with a saved session that opens a signed-in
 * page (a reload, a shared link), it starts the session check and, with the token that check
 * renews, the first student's calls (the client's identical calls take their answers:
 * api/earlyCalls.ts); and it asks now, in one wave, for the files that page will need: the
 * signed-in area, the session's and the first student's modules, the screens' messages and the
 * page's own chunks. The list is written into index.html by the build (vite.config.ts,
 * `signedInFiles`). Anything else (the sign-in page, a tab with no session) loads as before; the
 * sign-in page asks for the same files once a parent starts signing in (`preloadSignedInFiles`).
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
  preload: Symbol.for('portale-famiglie.preload-signed-in'),
};

interface Saved {
  token: string;
  idUtente: number;
  scope: { id_scuola: string; id_studente: number; anno: string } | null;
}

/** The token, user and student of the tab's saved session (the session itself checks the rest of it). */
function savedSession(): Saved | null {
  const saved = JSON.parse(sessionStorage.getItem(EARLY_NAMES.session) ?? 'null') as {
    token?: unknown;
    user?: { id_utente?: unknown };
    scope?: { id_scuola?: unknown; id_studente?: unknown; anno?: unknown };
  } | null;
  const token = saved?.token;
  const idUtente = saved?.user?.id_utente;
  if (typeof token !== 'string' || typeof idUtente !== 'number') return null;
  const { id_scuola, id_studente, anno } = saved?.scope ?? {};
  const scope = typeof id_scuola === 'string' && typeof id_studente === 'number' && typeof anno === 'string' ? { id_scuola, id_studente, anno } : null;
  return { token, idUtente, scope };
}

/**
 * The first student's calls, made by the session once the check has renewed the token
 * (api/queries/student.ts: its info, subjects and updates). Same addresses as the client's.
 */
const STUDENT_CALLS = ['studente/info', 'materie_nextapi', 'aggiornamenti_nextapi'];

function call(calls: EarlyCall[], method: string, path: string, body: string, authorization: string | null): Promise<Response> {
  const url = new URL(path, location.origin).href;
  const headers: Record<string, string> = method === 'GET' ? {} : { 'Content-Type': 'application/json' };
  if (authorization) headers.Authorization = authorization;
  const response = fetch(url, method === 'GET' ? { headers } : { method, headers, body });
  // Whoever takes the answer sees a failure; until then it is nobody's error.
  response.catch(() => undefined);
  calls.push({ method, url, body, authorization, response });
  return response;
}

/** An address without its trailing slashes (`/home/` → `/home`), as the list names pages. */
const pageOf = (path: string) => path.replace(/(.)\/+$/, '$1');

/** The build's list of the signed-in files, or null (a page built without it, or a test). */
function fileList(): SignedInFiles | null {
  const listed = document.getElementById(EARLY_NAMES.files)?.textContent;
  return listed ? (JSON.parse(listed) as SignedInFiles) : null;
}

/**
 * Asks at once, in one wave, for the files a signed-in page at `path` needs: the signed-in area's,
 * the screens' messages in this device's language, and the page's own (none for an address that
 * is not a signed-in page). Each file is asked for once. Returns whether the page is a signed-in one.
 */
export function preloadSignedInFiles(path: string, files: SignedInFiles | null = fileList()): boolean {
  if (!files) return false;
  const own = files.routes[pageOf(path)];
  const screens = files.screens[localStorage.getItem(EARLY_NAMES.locale) ?? ''] ?? files.screens.it;
  for (const file of [...files.common, ...(screens ? [screens] : []), ...(own ?? [])]) {
    if (document.head.querySelector(`link[rel=modulepreload][href="/${file}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `/${file}`;
    document.head.append(link);
  }
  return !!own;
}

export function startEarly(): void {
  const saved = savedSession();
  const files = fileList();
  if (!saved || !files) return;
  const path = pageOf(location.pathname);
  // Offline, the client refuses the check without sending it (a write): so must this script.
  if (!files.routes[path] || navigator.onLine === false) return;

  const calls: EarlyCall[] = [];
  (globalThis as Record<symbol, unknown>)[EARLY_NAMES.calls] = calls;
  const checked = call(calls, 'POST', `/api/v4/utenti/${saved.idUtente}/`, JSON.stringify({ token: saved.token }), null);
  // With the renewed token, the student's calls: the session makes them next.
  const { scope } = saved;
  if (scope) {
    const student = `/api/v3/scuole/${encodeURIComponent(scope.id_scuola)}/studenti/${scope.id_studente}/${encodeURIComponent(scope.anno)}/`;
    void checked
      .then((r) => (r.ok ? (r.clone().json() as Promise<{ token?: unknown }>) : null))
      .then((answer) => {
        if (typeof answer?.token === 'string' && answer.token.trim() !== '') {
          for (const tail of STUDENT_CALLS) call(calls, 'GET', student + tail, '', `JWT ${answer.token}`);
        }
      })
      .catch(() => undefined);
  }
  preloadSignedInFiles(path, files);
}

try {
  // The sign-in page asks for them too, once a parent starts signing in (signedInFiles.ts).
  (globalThis as Record<symbol, unknown>)[EARLY_NAMES.preload] = preloadSignedInFiles;
  startEarly();
} catch {
  // Only a head start (storage blocked, say): the app does all of this itself when it runs.
}
