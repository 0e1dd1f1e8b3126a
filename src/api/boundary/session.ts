import type { MessengerVersion, ServiceFlags } from '../../domain/services';
import type { SchoolPeriod, SchoolYear, SignIn, Student, StudentInfo, User } from '../../domain/records';
import { asArray, asRecord, clockTime, firstOfEachId, flag, integer, isRecord, rawString, schoolDate, text, type Raw } from './read';

/** A token as sent, or null when there is none a header could carry (blank counts as none). */
const usableToken = (v: unknown): string | null => {
  const token = rawString(v);
  return token && token.trim() !== '' ? token : null;
};

/**
 * Sign-in and school configuration, as the reference server or a school's real backend send them.
 * The real login answer puts the user at the top level (`nome`, `cognome`, `id_utente`), gives
 * `mastercom_id` as a string, the student's whole name in `nome` and may omit
 * `versione_messenger`; the reference one nests the user in `utente`. Both become a SignIn.
 */

const YEAR = /^\d{4}_\d{4}$/;

/** Service flags as booleans; keys with a value that is not a yes/no are left out (off). */
export function toServices(raw: unknown): ServiceFlags {
  const out: ServiceFlags = {};
  for (const [key, value] of Object.entries(asRecord(raw))) {
    const on = flag(value);
    if (on !== null) out[key] = on;
  }
  return out;
}

/**
 * docs/product.md#navigation: communications (VERSIONE_1) or messenger threads (VERSIONE_2). When the login answer
 * does not say, the school's services decide: a school offering the messenger (`messenger`,
 * `messaggi_inviati`, `thread`) or the notice board (`notizie`, `bacheca`) is on VERSIONE_2; one
 * offering only `comunicazioni` is on VERSIONE_1; with no hint at all VERSIONE_2, the version of
 * the backend's current web client (which signs in at utenti/login-web/ and lists `thread`).
 */
export function pickMessengerVersion(declared: unknown, servizi: ServiceFlags): MessengerVersion {
  if (declared === 'VERSIONE_1' || declared === 'VERSIONE_2') return declared;
  if (['messenger', 'messaggi_inviati', 'thread', 'notizie', 'bacheca'].some((k) => servizi[k] === true)) return 'VERSIONE_2';
  if (servizi.comunicazioni === true) return 'VERSIONE_1';
  return 'VERSIONE_2';
}

function toYear(raw: unknown): SchoolYear | null {
  const y = asRecord(raw);
  const id = rawString(y.id);
  if (!id || !YEAR.test(id)) return null;
  return {
    id,
    descrizione: text(y.descrizione) ?? id.replace('_', '/'),
    classe: text(y.classe),
    indirizzo: text(y.indirizzo),
    servizi: toServices(y.servizi),
  };
}

/** A student of the login answer, or null when it cannot be addressed (no id, school or year). */
export function toStudent(raw: unknown): Student | null {
  const s = asRecord(raw);
  const id = integer(s.id);
  const idScuola = rawString(s.id_scuola);
  const anni = firstOfEachId(
    asArray(s.anni).map(toYear).filter((y): y is SchoolYear => y !== null),
    (y) => y.id,
  );
  const annoCorrente = rawString(s.anno_corrente) ?? anni.at(-1)?.id ?? null;
  if (id === null || !idScuola || !annoCorrente || !YEAR.test(annoCorrente)) return null;
  // A year the student is in must be openable even when `anni` forgets it.
  if (!anni.some((a) => a.id === annoCorrente)) {
    anni.push({ id: annoCorrente, descrizione: annoCorrente.replace('_', '/'), classe: null, indirizzo: null, servizi: {} });
  }
  const current = anni.find((a) => a.id === annoCorrente)!;
  const scuola = s.scuola;
  return {
    id,
    id_scuola: idScuola,
    nome: text(s.nome)?.trim() ?? '',
    cognome: text(s.cognome)?.trim() ?? '',
    anno_corrente: annoCorrente,
    anni,
    versione_messenger: pickMessengerVersion(s.versione_messenger, current.servizi),
    scuola: isRecord(scuola) ? text(scuola.nome) : text(scuola),
  };
}

function toUser(res: Raw): User | null {
  // Reference shape: `utente{...}`; real shape: the same fields at the top level.
  const u = isRecord(res.utente) ? res.utente : res;
  const id = integer(u.id_utente);
  if (id === null) return null;
  return { id_utente: id, nome: text(u.nome)?.trim() ?? '', cognome: text(u.cognome)?.trim() ?? '' };
}

/** The answer of every way in (login, SPID, mobile code, token validation). Throws only without a token. */
export function toSignIn(raw: unknown): SignIn {
  const res = asRecord(raw);
  const token = usableToken(res.token);
  if (!token) throw new BackendShapeError('login', 'token');
  return {
    token,
    user: toUser(res),
    mastercomId: rawString(res.mastercom_id),
    urlScuola: text(res.url_scuola) ?? '',
    // One student twice would be one tab twice: the first is kept.
    students: firstOfEachId(
      asArray(res.studenti)
        .map(toStudent)
        .filter((s): s is Student => s !== null),
      (s) => s.id,
    ),
  };
}

/** An answer the portal cannot use at all (a login without a token, say). */
export class BackendShapeError extends Error {
  constructor(
    readonly call: string,
    readonly field: string,
  ) {
    super(`${call}: the answer has no usable ${field}`);
    this.name = 'BackendShapeError';
  }
}

function toPeriod(raw: unknown, index: number): SchoolPeriod | null {
  const p = asRecord(raw);
  const start = schoolDate(p.data_inizio);
  const end = schoolDate(p.data_fine);
  if (!start || !end) return null;
  return { numero: integer(p.numero) ?? index + 1, periodo: text(p.periodo) ?? '', data_inizio: start, data_fine: end };
}

/** "08:00", "8:00", "08:00:00"; "0" and "" (no cut-off, as real backends send it) are null. */
function cutOff(v: unknown): string | null {
  const s = rawString(v)?.trim() ?? '';
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(s);
  return m ? clockTime(m[1]!, m[2]!) : null;
}

/**
 * studente/info. The real answer has no class, address of studies or school object (`scuola` is a
 * name), a `periodo_corrente` object and booleans where the reference server has SI/NO: what it
 * lacks comes from the login's year of this student, and what neither has stays null. The year's
 * services are the base; the answer's own `servizi` override them.
 */
export function toStudentInfo(raw: unknown, student: Student | null, anno: string | null): StudentInfo {
  const info = asRecord(raw);
  const year = student?.anni.find((a) => a.id === anno) ?? null;
  const current = info.periodo_corrente;
  const periodi = asArray(info.periodi_scolastici)
    .map(toPeriod)
    .filter((p): p is SchoolPeriod => p !== null);
  const scuola = info.scuola;
  const servizi = { ...(year?.servizi ?? {}), ...toServices(info.servizi) };
  return {
    classe: text(info.classe) ?? year?.classe ?? null,
    indirizzo: text(info.indirizzo) ?? year?.indirizzo ?? null,
    scuola: (isRecord(scuola) ? text(scuola.nome) : text(scuola)) ?? student?.scuola ?? null,
    periodi_scolastici: periodi,
    periodo_corrente: isRecord(current) ? integer(current.numero) : integer(current),
    voti_pesati: flag(info.voti_pesati) ?? false,
    media_voti: flag(info.media_voti) ?? false,
    presa_visione_voti: flag(info.presa_visione_voti) ?? servizi.presa_visione_voti === true,
    richiesta_colloqui_individuali: flag(info.richiesta_colloqui_individuali) ?? false,
    prenotazione_entrate_attiva: flag(info.prenotazione_entrate_attiva) ?? false,
    prenotazione_uscite_attiva: flag(info.prenotazione_uscite_attiva) ?? false,
    orario_limite_prenotazioni:
      cutOff(info.orario_limite_prenotazioni) ?? cutOff(info.prenotazione_entrate_orario_limite) ?? cutOff(info.prenotazione_uscite_orario_limite),
    servizi,
  };
}

/** Refresh answer: the new token. */
export function toRefreshedToken(raw: unknown): string {
  const token = usableToken(asRecord(raw).token);
  if (!token) throw new BackendShapeError('refresh-token', 'token');
  return token;
}

