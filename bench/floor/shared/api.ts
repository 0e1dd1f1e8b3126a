/**
 * The floors' calls: the same endpoints, bodies and session the portal's boot and Home use, with
 * nothing around them (no boundary, no timeouts, no refresh). A signed-in tab keeps its session in
 * sessionStorage, as the portal does; a cold load first checks the token (which renews it), then
 * reads the student, then the page's data: three dependent calls.
 */

export interface Scope {
  idScuola: string;
  idStudente: number;
  anno: string;
}

export interface FloorSession {
  token: string;
  idUtente: number;
  studentName: string;
  scope: Scope;
}

export interface StudentInfo {
  scuola: string | null;
  indirizzo: string | null;
}

/** One row of a floor's list. */
export interface Row {
  key: string;
  day: string;
  title: string;
  detail: string;
}

/** The pages a floor has: Home, and the two screens opened cold besides it. */
export const PAGE_PATHS = ['/home', '/voti', '/agenda'] as const;
export type PagePath = (typeof PAGE_PATHS)[number];
export const ROWS = 20;

const STORAGE_KEY = 'floor.session';

export function readSession(): FloorSession | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as FloorSession | null;
    return saved && typeof saved.token === 'string' ? saved : null;
  } catch {
    return null;
  }
}

export function saveSession(session: FloorSession): FloorSession {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  return session;
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, init);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const postJson = <T>(path: string, body: unknown) =>
  call<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface SignInAnswer {
  token: string;
  id_utente: number;
  studenti: { id: number; id_scuola: string; nome: string; anno_corrente: string }[];
}

const sessionOf = (answer: SignInAnswer): FloorSession => {
  const student = answer.studenti[0];
  if (!student) throw new Error('no student in the sign-in answer');
  return {
    token: answer.token,
    idUtente: answer.id_utente,
    studentName: student.nome,
    scope: { idScuola: student.id_scuola, idStudente: student.id, anno: student.anno_corrente },
  };
};

/** The school's login settings (the sign-in page shows its name and names it in the sign-in). */
export const schoolSettings = () => call<{ id_scuola: string; nome_scuola: string }>('/api/v3/mastercom_nextapi/');

/** The portal's password sign-in. */
export const signIn = async (school: string, username: string, password: string) =>
  sessionOf(await postJson<SignInAnswer>('/api/v4/utenti/login/', { mastercom: school, utente: username, password }));

/** The token check of a cold load, which renews the token. */
export async function validate(session: FloorSession): Promise<FloorSession> {
  const answer = await postJson<SignInAnswer>(`/api/v4/utenti/${session.idUtente}/`, { token: session.token });
  return { ...session, token: answer.token };
}

const studentGet = <T>(session: FloorSession, path: string) => {
  const { idScuola, idStudente, anno } = session.scope;
  return call<T>(`/api/v3/scuole/${idScuola}/studenti/${idStudente}/${anno}${path}`, { headers: { Authorization: `JWT ${session.token}` } });
};

export const studentInfo = async (session: FloorSession): Promise<StudentInfo> => {
  const info = await studentGet<{ scuola?: string; indirizzo?: string }>(session, '/studente/info');
  return { scuola: info.scuola ?? null, indirizzo: info.indirizzo ?? null };
};

interface GradeAnswer {
  id_voto: number;
  data: string;
  simbolo: string;
  titolo: string;
  sottotitolo: string;
}
interface AgendaAnswer {
  data: string;
  titolo: string;
  sottotitolo: string;
}

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Monday to Sunday of today's week, as the portal's agenda opens. */
function thisWeek(): { from: string; to: string } {
  const monday = new Date();
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const sunday = new Date(monday);
  sunday.setDate(monday.getDate() + 6);
  return { from: isoDay(monday), to: isoDay(sunday) };
}

/** A page's data: Home and /voti the grades (as Home's latest grades), /agenda this week's agenda. */
export async function pageRows(path: PagePath, session: FloorSession): Promise<Row[]> {
  if (path === '/agenda') {
    const { from, to } = thisWeek();
    const items = await studentGet<AgendaAnswer[]>(session, `/agenda_plain?data_inizio=${from}&data_fine=${to}`);
    return items.slice(0, ROWS).map((a, i) => ({ key: `${a.data}-${i}`, day: a.data.slice(0, 10), title: a.titolo, detail: a.sottotitolo }));
  }
  const grades = await studentGet<GradeAnswer[]>(session, '/voti_plain');
  return grades
    .slice(0, ROWS)
    .map((g) => ({ key: String(g.id_voto), day: g.data.slice(0, 10), title: `${g.simbolo} · ${g.titolo}`, detail: g.sottotitolo }));
}
