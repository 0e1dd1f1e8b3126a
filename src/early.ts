/**
 * The page's first script (docs/ARCHITECTURE.md "Speed"): index.html runs it as soon as it arrives,
 * while the boot file is still downloading. In a tab with a saved session that opens a signed-in
 * page (a reload, a shared link), it starts the session check and, with the token that check
 * renews, the first student's calls and those of the page's own loader (Home, Voti, Agenda: the
 * client's identical calls take their answers, api/earlyCalls.ts), so that they travel while the
 * app's code still downloads instead of after it has run; and it asks now, in one wave, for the
 * files that page will need: the signed-in area, the session's and the first student's modules,
 * the page's messages and its own chunks. The list is written into index.html by the build (vite.config.ts,
 * `signedInFiles`). Anything else (the sign-in page, a tab with no session) loads as before; the
 * sign-in page asks for the same files once a parent starts signing in (`preloadSignedInFiles`),
 * and has the page's own calls started with the new token once the sign-in answers
 * (`startSignedInPageCalls`). The token the check renews is kept until the app has saved it
 * (`EARLY_NAMES.renewed`).
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
  pageCalls: Symbol.for('portale-famiglie.start-page-calls'),
  /**
   * The token this script's check renewed, until the app saves it (`{from, to}`): a reload before
   * that presents `to`, not the spent `from` (which the server takes for a stolen token once its
   * grace is over, and ends the session). Private: forgotten at sign-out (domain/tabStorage.ts).
   */
  renewed: 'portale-famiglie.privato.rinnovo',
};

interface Saved {
  token: string;
  idUtente: number;
  scope: { id_scuola: string; id_studente: number; anno: string } | null;
  students: ({ id?: unknown; id_scuola?: unknown; anno_corrente?: unknown; anni?: ({ id?: unknown; servizi?: Record<string, unknown> } | null)[] } | null)[];
}

/**
 * A renewal the last page's check got and the app had not saved yet (it was reloaded or left
 * first) goes into the saved session now, before the app reads it. Any other is stale.
 */
function takeRenewal(): void {
  const renewed = JSON.parse(sessionStorage.getItem(EARLY_NAMES.renewed) ?? 'null') as { from?: unknown; to?: unknown } | null;
  if (!renewed) return;
  sessionStorage.removeItem(EARLY_NAMES.renewed);
  const saved = JSON.parse(sessionStorage.getItem(EARLY_NAMES.session) ?? 'null') as { token?: unknown } | null;
  if (saved && typeof renewed.to === 'string' && saved.token === renewed.from) {
    sessionStorage.setItem(EARLY_NAMES.session, JSON.stringify({ ...saved, token: renewed.to }));
  }
}

/** The token, user, open student and students' records of the tab's saved session (the session itself checks the rest of it). */
function savedSession(): Saved | null {
  const saved = JSON.parse(sessionStorage.getItem(EARLY_NAMES.session) ?? 'null') as {
    token?: unknown;
    user?: { id_utente?: unknown };
    scope?: { id_scuola?: unknown; id_studente?: unknown; anno?: unknown };
    students?: unknown;
  } | null;
  const token = saved?.token;
  const idUtente = saved?.user?.id_utente;
  if (typeof token !== 'string' || typeof idUtente !== 'number') return null;
  const { id_scuola, id_studente, anno } = saved?.scope ?? {};
  const scope = typeof id_scuola === 'string' && typeof id_studente === 'number' && typeof anno === 'string' ? { id_scuola, id_studente, anno } : null;
  return { token, idUtente, scope, students: Array.isArray(saved?.students) ? (saved.students as Saved['students']) : [] };
}

/**
 * The first student's calls, made by the session once the check has renewed the token
 * (api/queries/student.ts: its info, subjects and updates). Same addresses as the client's.
 */
const STUDENT_CALLS = ['studente/info', 'materie_nextapi', 'aggiornamenti_nextapi'];

/**
 * The calls the loader of a page makes for the open student, beside the session's: each one's
 * address after the student's (or from the site's root), and the service it needs in the saved
 * session's school year (or one of those named, space-separated). `{d+N}` is the day N days after
 * today in Rome, `{w+N}` the Nth day of this week from its Monday (a page whose address names
 * another week makes its own).
 * The student's info may still turn a service off (the answer is then not taken) or on (the page
 * calls it itself). early.test.ts runs each page's own loader against this list.
 */
const PAGE_CALLS: Record<string, [services: string, address: string][]> = {
  '/home': [
    ['voti', 'voti_plain'],
    ['orario', 'orario_plain?data_inizio={d+0}&data_fine={d+0}'],
    ['compiti', 'compiti_plain?data_inizio={d+0}&data_fine={d+1}'],
    ['note', 'note_plain'],
    ['verifiche', 'verifiche'],
    ['colloqui_individuali colloqui_generali', 'colloqui_plain?data_inizio={d+0}&data_fine={d+2}'],
    ['mense', 'mense'],
  ],
  '/voti': [
    ['voti', 'voti_plain'],
    ['voti', '/api/v4/utenti/preferenze'],
  ],
  '/agenda': [
    ['agenda', 'agenda_plain?data_inizio={w+0}&data_fine={w+6}'],
    ['agenda', 'calendario_scolastico'],
    ['orario', 'orario_plain?data_inizio={w+0}&data_fine={w+6}'],
  ],
};

/** A formatter of today's date in Rome (the one used where the browser has no Temporal). */
const romeDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' });

/**
 * Today's date in Rome, as [year, month, day] (this script imports nothing, so not `i18n/today.ts`'s).
 * The browser's own Temporal where it has one: a page's first `Intl` formatter costs 40-90 ms while
 * the browser loads its locale and time zone data, which held the page's calls back until then.
 * `startEarly` has that data loaded after the calls have left, while the boot file still downloads.
 */
function todayInRome(): number[] {
  const now = (globalThis as { Temporal?: { Now: { plainDateISO(zone: string): { year: number; month: number; day: number } } } }).Temporal?.Now;
  if (now) {
    const { year, month, day } = now.plainDateISO('Europe/Rome');
    return [year, month, day];
  }
  return romeDay().format(Date.now()).split('-').map(Number);
}

/** `{d+N}` and `{w+N}` of a PAGE_CALLS address, from `today` in Rome (`todayInRome`, read once for a page's calls). */
function withDays(address: string, [y, m, d]: number[]): string {
  return address.replace(/\{([dw])\+(\d+)\}/g, (_, from: string, n: string) => {
    const day = new Date(Date.UTC(y!, m! - 1, d!));
    const monday = from === 'w' ? (day.getUTCDay() + 6) % 7 : 0;
    day.setUTCDate(day.getUTCDate() - monday + Number(n));
    return day.toISOString().slice(0, 10);
  });
}

/**
 * The calls the family Home makes for each other child (docs/product.md, "Family Home": they start
 * with the open child's), before its day's (PAGE_CALLS['/home']): its info and its subjects, the
 * first two of the open student's.
 */
const FAMILY_CALLS = STUDENT_CALLS.slice(0, 2);

type SavedStudent = Saved['students'][number];

/** The services on in the saved session's record of `student`'s school year `year`. */
function savedServices(student: SavedStudent | undefined, year: unknown): Record<string, unknown> {
  const record = student?.anni?.find((y) => y?.id === year);
  return typeof record?.servizi === 'object' && record.servizi !== null ? record.servizi : {};
}

/** A student's base address: its school, itself and its school year. */
const studentAddress = (school: string, id: number, year: string) => `/api/v3/scuole/${encodeURIComponent(school)}/studenti/${id}/${encodeURIComponent(year)}/`;

/** The addresses of the calls of the page at `page` (its address) for the student at `student` (its base address), with `servizi` on. */
function pageCalls(page: URL, student: string, servizi: Record<string, unknown>, today: number[]): string[] {
  const otherWeek = page.searchParams.has('settimana');
  return (PAGE_CALLS[pageOf(page.pathname)] ?? [])
    .filter(([services, address]) => services.split(' ').some((s) => servizi[s] === true) && !(otherWeek && address.includes('{w')))
    .map(([, address]) => (address.startsWith('/') ? address : student + withDays(address, today)));
}

/** On Home, the calls of each other child of the family in its current year, by the services the saved session has on for it. */
function familyCalls(page: URL, saved: Saved, today: number[]): string[] {
  if (pageOf(page.pathname) !== '/home') return [];
  const { scope } = saved;
  return saved.students.flatMap((other) => {
    if (typeof other?.id !== 'number' || typeof other.id_scuola !== 'string' || typeof other.anno_corrente !== 'string') return [];
    if (other.id === scope?.id_studente && other.id_scuola === scope.id_scuola) return [];
    const address = studentAddress(other.id_scuola, other.id, other.anno_corrente);
    return [...FAMILY_CALLS.map((tail) => address + tail), ...pageCalls(page, address, savedServices(other, other.anno_corrente), today)];
  });
}

/** The calls this page has started, for the client to take (api/earlyCalls.ts). */
function startedCalls(): EarlyCall[] {
  const global = globalThis as Record<symbol, EarlyCall[] | undefined>;
  return (global[EARLY_NAMES.calls] ??= []);
}

/**
 * Starts, with `token`, the calls the loader of the signed-in page at `address` (with its query, if
 * any) makes for the open student of `saved` (and, first, `studentCalls`: the session makes them
 * next), then, with `family` and on Home, those of the family's other children, as `GET`s the client
 * takes when it makes the identical call.
 */
function startPageCalls(address: string, saved: Saved, token: string, { studentCalls = [] as readonly string[], family = false } = {}): void {
  const { scope, students } = saved;
  if (!scope) return;
  const student = studentAddress(scope.id_scuola, scope.id_studente, scope.anno);
  const open = students.find((s) => s?.id === scope.id_studente && s?.id_scuola === scope.id_scuola);
  const page = new URL(address, location.origin);
  const today = todayInRome();
  const paths = [
    ...studentCalls.map((tail) => student + tail),
    ...pageCalls(page, student, savedServices(open, scope.anno), today),
    ...(family ? familyCalls(page, saved, today) : []),
  ];
  for (const path of paths) call(startedCalls(), 'GET', path, '', `JWT ${token}`);
}

/**
 * For the sign-in page (api/earlyCalls.ts): once the sign-in has answered, the student's calls (the
 * session makes them next) and then the calls of the page it leads to start at once, as after a
 * reload's check. The student's go first: Home waits for the student's info, and the session would
 * otherwise ask for it only after its own work on the answer, behind the page's calls.
 */
function startSignedInPageCalls(address: string, session: { token: string; user: { id_utente: number }; scope: Saved['scope']; students: Saved['students'] }): void {
  if (navigator.onLine === false) return;
  // Not the family's other children's: here their calls would take the line's connections from the
  // open child's, which the parent waits for (docs/ARCHITECTURE.md "Speed"); Home's loader starts them.
  startPageCalls(address, { token: session.token, idUtente: session.user.id_utente, scope: session.scope, students: session.students }, session.token, { studentCalls: STUDENT_CALLS });
}

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
 * its messages in this device's language (the area's, and its feature group's if it has one), and
 * the page's own (none for an address that is not a signed-in page). Each file
 * is asked for once. Returns whether the page is a signed-in one.
 */
export function preloadSignedInFiles(path: string, files: SignedInFiles | null = fileList()): boolean {
  if (!files) return false;
  const page = pageOf(path);
  const own = files.routes[page];
  const messages = files.messages[localStorage.getItem(EARLY_NAMES.locale) ?? ''] ?? files.messages.it;
  const group = files.groups[page];
  const texts = messages ? [messages.area, ...(group ? [files.groupCatalogs, messages[group]] : [])].filter((file): file is string => !!file) : [];
  for (const file of [...files.common, ...texts, ...(own ?? [])]) {
    if (document.head.querySelector(`link[rel=modulepreload][href="/${file}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `/${file}`;
    document.head.append(link);
  }
  return !!own;
}

export function startEarly(): void {
  takeRenewal();
  const saved = savedSession();
  const files = fileList();
  if (!saved || !files) return;
  const path = pageOf(location.pathname);
  const address = location.pathname + location.search;
  // Offline, the client refuses the check without sending it (a write): so must this script.
  if (!files.routes[path] || navigator.onLine === false) return;

  const checked = call(startedCalls(), 'POST', `/api/v4/utenti/${saved.idUtente}/`, JSON.stringify({ token: saved.token }), null);
  void checked
    .then((r) => (r.ok ? (r.clone().json() as Promise<{ token?: unknown }>) : null))
    .then((answer) => {
      if (typeof answer?.token !== 'string' || answer.token.trim() === '') return;
      sessionStorage.setItem(EARLY_NAMES.renewed, JSON.stringify({ from: saved.token, to: answer.token }));
      // With the renewed token, the student's calls (the session makes them next) and the page's.
      // On Home, the family's other children's calls too, while the boot file is still on its way:
      // their blocks no longer wait for the app to run to ask (docs/ARCHITECTURE.md "Speed").
      startPageCalls(address, saved, answer.token, { studentCalls: STUDENT_CALLS, family: true });
      // Then, in a task of its own, the locale and time zone data the app's first formatter needs
      // (todayInRome): loaded now, while the boot file downloads, it is not on the page's path.
      setTimeout(() => romeDay().format(Date.now()), 0);
    })
    .catch(() => undefined);
  preloadSignedInFiles(path, files);
}

try {
  // The sign-in page asks for the files too, once a parent starts signing in (signedInFiles.ts),
  // and has the destination's calls started once the sign-in answers (api/earlyCalls.ts).
  (globalThis as Record<symbol, unknown>)[EARLY_NAMES.preload] = preloadSignedInFiles;
  (globalThis as Record<symbol, unknown>)[EARLY_NAMES.pageCalls] = startSignedInPageCalls;
  startEarly();
} catch {
  // Only a head start (storage blocked, say): the app does all of this itself when it runs.
}
