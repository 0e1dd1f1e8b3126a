import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { RequestBody, ResponseBody } from '../shared/contract';
import { ApiError, firstCycleRefused, invalidCredentials, notFound, passwordSignInOff, sessionExpired } from '../shared/errors';
import type { UserRow } from '../repositories/users';
import { DUMMY_PASSWORD_HASH, requireUser, verifyPassword } from '../security';

type LoginBody = RequestBody<'login'>;
type TokenBody = RequestBody<'validateToken'>;

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

/**
 * The token was spent a moment ago by the session's last refresh (a duplicated tab that refreshed
 * at the same moment): refused, but the session goes on; the twin tab hands over the new token.
 */
function renewingElsewhere(reply: FastifyReply, retryAfterSeconds: number): ApiError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new ApiError(401, "Sessione in rinnovo in un'altra scheda", 'token_in_rinnovo');
}

export function authHandlers(ctx: AppContext) {
  return {
    /**
     * The real backend's body: `{ mastercom, utente, password }`. The school must still take
     * passwords; this server keeps one register of users for all its schools, so the user code is
     * looked up whatever the school.
     */
    async login(request: FastifyRequest) {
      const { mastercom, utente, password } = request.body as LoginBody;
      const school = ctx.schools.loginConfiguration(mastercom);
      if (school && school.login_username_password !== 1) throw passwordSignInOff();
      const user = school ? ctx.users.findByUsername(utente) : undefined;
      // Unknown user codes cost a hash check too, so that timing does not reveal them.
      const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!user || !valid) throw invalidCredentials();
      return loginResponse(ctx, user);
    },

    async validateToken(request: FastifyRequest, reply: FastifyReply) {
      const { id_utente } = request.params as { id_utente: number };
      const { token } = request.body as TokenBody;
      const claims = await ctx.tokens.verify(token);
      const user = claims && claims.id_utente === id_utente ? ctx.users.findById(id_utente) : undefined;
      if (!claims || !user || user.mastercom_id !== claims.mastercom_id) throw sessionExpired();
      // A mobile code's session lasts one token and stays limited to its student.
      if (claims.studente !== null) return loginResponse(ctx, user, claims.studente, token);
      // The renewed token replaces the one sent, like a refresh (which it is, for a reloaded tab).
      const renewed = await ctx.tokens.refresh(token, () => true);
      if ('refused' in renewed) throw renewed.refused === 'renewing' ? renewingElsewhere(reply, renewed.retryAfterSeconds) : sessionExpired();
      return loginResponse(ctx, user, undefined, renewed.token);
    },

    async refreshToken(request: FastifyRequest, reply: FastifyReply) {
      // A string in the path (real backends use the school's id there); this server's ids are numbers.
      const mastercom_id = Number((request.params as { mastercom_id: string }).mastercom_id);
      const { token } = request.body as TokenBody;
      const user = ctx.users.findByMastercomId(mastercom_id);
      const renewed = user
        ? await ctx.tokens.refresh(token, (claims) =>
            // A mobile code's session is never refreshed: the app issues a new code instead.
            claims.mastercom_id === mastercom_id && claims.id_utente === user.id_utente && claims.studente === null,
          )
        : null;
      if (!renewed || 'refused' in renewed) {
        throw renewed?.refused === 'renewing' ? renewingElsewhere(reply, renewed.retryAfterSeconds) : sessionExpired();
      }
      return { token: renewed.token };
    },

    signOut(request: FastifyRequest, reply: FastifyReply) {
      ctx.tokens.endAll(requireUser(request).id_utente);
      return reply.code(204).send();
    },

    async getLoginConfiguration(request: FastifyRequest): Promise<ResponseBody<'getLoginConfiguration'>> {
      const { mastercom_id, id_scuola } = request.query as { mastercom_id?: number; id_scuola?: string };
      if (id_scuola !== undefined && !ctx.schools.loginConfiguration(id_scuola)) throw notFound();
      const schoolId =
        id_scuola ?? (mastercom_id === undefined ? undefined : ctx.schools.schoolOfMastercomUser(mastercom_id)) ?? ctx.defaultSchoolId;
      const row = ctx.schools.loginConfiguration(schoolId);
      if (!row) throw new Error(`school ${schoolId} is missing from the database`);
      return {
        id_scuola: row.id_scuola,
        recupera_password: row.recupera_password,
        nome_scuola: row.nome_scuola,
        url_scuola: row.url_scuola,
        login_spid: row.login_spid === 1,
        login_cie: row.login_cie === 1,
        parametri_spid: JSON.parse(row.parametri_spid) as Record<string, string>,
        login_username_password: row.login_username_password === 1,
        disclaimer_login_username_password: row.disclaimer_login_username_password,
      };
    },
  };
}
