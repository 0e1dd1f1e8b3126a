import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { RequestBody, ResponseBody } from '../shared/contract';
import { ApiError, invalidCredentials, notFound, passwordSignInOff, sessionExpired } from '../shared/errors';
import { loginResponse } from '../shared/login';
import { DUMMY_PASSWORD_HASH, requireUser, verifyPassword } from '../security';

type LoginBody = RequestBody<'login'>;
type TokenBody = RequestBody<'validateToken'>;

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
