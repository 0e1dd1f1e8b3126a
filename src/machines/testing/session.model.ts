/**
 * Test model inputs of the session machine, shared by its unit model test and QA's browser
 * transition suite (tests/model): every event the session can see, and the two ways it starts.
 */
import { ApiError } from '../../api/client';
import { StudentLoadError, type SavedSession, type SessionEvent, type SignIn, type StudentInfo } from '../session.machine';

const student = {
  id: 501,
  id_scuola: 'DEMO01',
  nome: 'Marco',
  cognome: 'Rossi',
  anno_corrente: '2026_2027',
  versione_messenger: 'VERSIONE_2' as const,
  scuola: null,
  anni: [
    { id: '2026_2027', descrizione: '2026/2027', classe: '3A', indirizzo: 'Liceo Scientifico', servizi: { voti: true } },
    { id: '2025_2026', descrizione: '2025/2026', classe: '2A', indirizzo: 'Liceo Scientifico', servizi: { voti: true } },
  ],
};
const CURRENT = { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' };
/** A past school year of the same student: what the student menu offers besides the other students. */
const PAST_YEAR = { id_scuola: 'DEMO01', id_studente: 501, anno: '2025_2026' };
const LOGIN: SignIn = {
  token: 'token-1',
  mastercomId: '1001',
  user: { id_utente: 1001, nome: 'Laura', cognome: 'Rossi' },
  urlScuola: 'https://demo.scuola.example',
  students: [student],
};
const NO_STUDENTS: SignIn = { ...LOGIN, students: [] };
/** A backend answer the boundary could not find the user in (spec §8: student data configuration error). */
const NO_USER: SignIn = { ...LOGIN, user: null };
const INFO = { id: 501, nome: 'Marco', voti_pesati: 'SI' } as unknown as StudentInfo;
const SAVED: SavedSession = {
  token: 'saved-token',
  user: LOGIN.user!,
  mastercomId: '1001',
  urlScuola: LOGIN.urlScuola,
  students: [student],
  scope: { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' },
};
const CREDENTIALS = { kind: 'password', school: 'DEMO01', username: 'genitore.demo', password: 'Demo.2026!' } as const;

export const sessionModel = {
  current: CURRENT,
  pastYear: PAST_YEAR,
  login: LOGIN,
  noStudents: NO_STUDENTS,
  noUser: NO_USER,
  info: INFO,
  saved: SAVED,
  credentials: CREDENTIALS,
  /** A fresh tab, and a reload with a session saved in the tab. */
  inputs: { fresh: { saved: null }, restored: { saved: SAVED } },
  /** Every event the session can see: the user's, the client's, and each outcome of its calls. */
  events: [
    { type: 'session.signIn', credentials: CREDENTIALS },
    { type: 'session.signOut' },
    { type: 'session.tokenRefreshed', token: 'token-2' },
    { type: 'session.expired' },
    { type: 'session.scopeChanged', scope: PAST_YEAR },
    { type: 'xstate.done.actor.login', output: LOGIN },
    { type: 'xstate.done.actor.login', output: NO_STUDENTS },
    { type: 'xstate.done.actor.login', output: NO_USER },
    { type: 'xstate.done.actor.validate', output: NO_USER },
    { type: 'xstate.error.actor.login', error: new ApiError(401, 'no', 'invalid_credentials') },
    { type: 'xstate.done.actor.validate', output: LOGIN },
    { type: 'xstate.error.actor.validate', error: new ApiError(401, 'expired', 'unauthorized') },
    { type: 'xstate.done.actor.loadStudent', output: INFO },
    { type: 'xstate.error.actor.loadStudent', error: new StudentLoadError('subjects', new ApiError(500, null, null)) },
  ] as unknown as SessionEvent[],
};
