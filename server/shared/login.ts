import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import type { ResponseBody } from './contract';
import { firstCycleRefused } from './errors';
import type { UserRow } from '../repositories/users';

/**
 * The answer of every way in (password, token validation, SPID, mobile code), shaped as a real
 * school backend's login: the user at the top level, `mastercom_id` as a string, each student's
 * whole name in `nome` (no `cognome`) and the school as an object. `versione_messenger` stays on
 * the students although the real sample lacks it: the demo has a school on communications
 * (VERSIONE_1) whose services alone would not say so.
 */
export async function loginResponse(
  ctx: AppContext,
  user: UserRow,
  onlyStudent?: number,
  token?: string,
): Promise<ResponseBody<'login'>> {
  // Every new way in (password, SPID, CIE, mobile code) passes here; a session already open does not.
  if (token === undefined && ctx.schools.isFirstCycleStudent(user.id_utente)) throw firstCycleRefused();
  const students = ctx.users.studentsOf(user.id_utente).filter((s) => onlyStudent === undefined || s.id === onlyStudent);
  const defaultSchool = ctx.schools.loginConfiguration(ctx.defaultSchoolId);
  return {
    // A way in starts a session; validating a saved token carries its session on (`token`).
    token: token ?? (await ctx.tokens.start(user, onlyStudent ?? null)),
    // The provider's own session key on real backends; nothing here reads it back.
    mastercom_token: randomBytes(8).toString('hex'),
    mastercom_id: String(user.mastercom_id),
    nome: user.nome,
    cognome: user.cognome,
    id_utente: user.id_utente,
    studenti: students.map(({ url_scuola: _url, cognome, nome, nome_scuola, ...student }) => ({
      ...student,
      nome: `${nome} ${cognome}`,
      foto: '',
      scuola: { mastercom_id: student.id_scuola, nome: nome_scuola },
      locale: 'it_IT',
      valuta: 'EUR',
    })),
    language: 'it',
    url_scuola: students[0]?.url_scuola ?? defaultSchool?.url_scuola ?? '',
  };
}
