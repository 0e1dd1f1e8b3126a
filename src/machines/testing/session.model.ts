/**
 * Test model inputs of the session machine, shared by its unit model test and QA's browser
 * transition suite (tests/model): every event the session can see, and the two ways it starts.
 */
import type { ActionFailure } from '../../domain/failure';
import { StudentLoadError, type SavedSession, type sessionMachine, type SignIn, type StudentInfo } from '../session.machine';
import type { ModelEvent } from './model';

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
/** A backend answer the boundary could not find the user in (docs/product.md#sign-in-messages: student data configuration error). */
const NO_USER: SignIn = { ...LOGIN, user: null };
const INFO: StudentInfo = {
  classe: '3A',
  indirizzo: 'Liceo Scientifico',
  scuola: null,
  periodi_scolastici: [],
  periodo_corrente: null,
  voti_pesati: true,
  media_voti: true,
  presa_visione_voti: true,
  richiesta_colloqui_individuali: true,
  prenotazione_entrate_attiva: true,
  prenotazione_uscite_attiva: true,
  orario_limite_prenotazioni: null,
  servizi: { voti: true },
};
const SAVED: SavedSession = {
  token: 'saved-token',
  user: LOGIN.user!,
  mastercomId: '1001',
  urlScuola: LOGIN.urlScuola,
  students: [student],
  scope: { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' },
};
const CREDENTIALS = { kind: 'password', school: 'DEMO01', username: 'genitore.demo', password: 'Demo.2026!' } as const;
/** Back from the identity provider with the server's single-use code, exchanged with the tab's verifier. */
const SPID_CREDENTIALS = { kind: 'spid', codice: 'codice-spid', verificatore: 'verificatore' } as const;
const CIE_CREDENTIALS = { kind: 'cie', codice: 'codice-cie', verificatore: 'verificatore' } as const;
const SPID_START = { method: 'spid', idp: 'posteid' } as const;
const CIE_START = { method: 'cie' } as const;
/** A first-cycle pupil's own account: refused whatever the way in (law 182/2025, art. 51). */
const FIRST_CYCLE: ActionFailure = { status: 403, detail: 'Solo i genitori', error: 'accesso_primo_ciclo' };

export const sessionModel = {
  current: CURRENT,
  pastYear: PAST_YEAR,
  login: LOGIN,
  noStudents: NO_STUDENTS,
  noUser: NO_USER,
  info: INFO,
  saved: SAVED,
  credentials: CREDENTIALS,
  spidCredentials: SPID_CREDENTIALS,
  cieCredentials: CIE_CREDENTIALS,
  spidStart: SPID_START,
  cieStart: CIE_START,
  firstCycle: FIRST_CYCLE,
  /** A fresh tab, and a reload with a session saved in the tab. */
  inputs: { fresh: { saved: null }, restored: { saved: SAVED } },
  /** Every event the session can see: the user's, the client's, and each outcome of its calls. */
  events: [
    { type: 'session.signIn', credentials: CREDENTIALS },
    { type: 'session.signIn', credentials: SPID_CREDENTIALS },
    { type: 'session.signIn', credentials: CIE_CREDENTIALS },
    { type: 'session.providerStart', start: SPID_START },
    { type: 'session.providerStart', start: CIE_START },
    { type: 'session.providerReturned', method: 'spid', outcome: 'annullato' },
    { type: 'session.providerReturned', method: 'cie', outcome: 'fallito' },
    { type: 'xstate.error.actor.startProvider', error: new Error('Web Crypto non disponibile') },
    { type: 'session.signOut' },
    { type: 'session.tokenRefreshed', token: 'token-2' },
    { type: 'session.expired' },
    { type: 'session.scopeChanged', scope: PAST_YEAR },
    { type: 'xstate.done.actor.login', output: LOGIN },
    { type: 'xstate.done.actor.login', output: NO_STUDENTS },
    { type: 'xstate.done.actor.login', output: NO_USER },
    { type: 'xstate.done.actor.validate', output: NO_USER },
    { type: 'xstate.error.actor.login', error: { status: 401, detail: 'no', error: 'invalid_credentials' } },
    { type: 'xstate.error.actor.login', error: FIRST_CYCLE },
    { type: 'xstate.done.actor.validate', output: LOGIN },
    { type: 'xstate.error.actor.validate', error: { status: 401, detail: 'expired', error: 'unauthorized' } },
    { type: 'xstate.done.actor.loadStudent', output: INFO },
    { type: 'xstate.error.actor.loadStudent', error: new StudentLoadError('subjects', { status: 500, detail: null, error: null }) },
  ] satisfies ModelEvent<typeof sessionMachine>[],
};
