import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../shared/errors';
import type { ProviderId, SignInMethod } from '../../shared/identity';
import { loginResponse } from '../../shared/login';
import { UnknownProvider, type RelyingParty } from './oidc';
import type { AccountRepository } from './repository';
import { safeReturnPath } from './returnPath';

/** docs/product.md#sign-in-messages, the login screen's SPID and CIE messages. */
export const SPID_FAILED_DETAIL = "Non è stato possibile effettuare l'accesso con SPID";
export const CIE_FAILED_DETAIL = "Non è stato possibile effettuare l'accesso con CIE";
export const CODE_EXPIRED_DETAIL = "Il tempo per completare l'accesso è scaduto: riprova.";
export const SPID_NO_USER_DETAIL = 'Il codice fiscale non è associato a nessun utente della scuola: contatta la segreteria';
export const SPID_SEVERAL_USERS_DETAIL = 'Il codice fiscale è associato a più utenti della scuola: contatta la segreteria';
export const NO_PROVIDER_DETAIL = 'Identity provider non disponibile';

const FAILED_DETAIL: Record<SignInMethod, string> = { spid: SPID_FAILED_DETAIL, cie: CIE_FAILED_DETAIL };

export function spidHandlers(ctx: AppContext, repo: AccountRepository, rp: RelyingParty) {
  async function start(method: SignInMethod, idp: ProviderId, request: FastifyRequest, reply: FastifyReply) {
    const { ritorno, sfida } = request.query as { ritorno?: string; sfida: string };
    const returnPath = safeReturnPath(ritorno);
    if (!returnPath) throw new ApiError(400, 'Indirizzo di ritorno non valido', 'bad_request');
    let location: string;
    try {
      location = await rp.start(method, idp, returnPath, sfida);
    } catch (err) {
      // No provider configured under this id (outside demo mode, none unless OIDC_PROVIDERS names it).
      if (err instanceof UnknownProvider) throw new ApiError(404, NO_PROVIDER_DETAIL, 'not_found');
      throw err;
    }
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  }

  /** The portal's code for the login answer: the tax code must be linked to exactly one user. */
  const exchange = (method: SignInMethod) => async (request: FastifyRequest) => {
    const { codice, verificatore } = request.body as { codice: string; verificatore: string };
    const redeemed = repo.redeemCode(codice, ctx.now(), verificatore, method);
    const invalid = () => new ApiError(401, FAILED_DETAIL[method], `${method}_codice_non_valido`);
    if (redeemed === 'expired') throw new ApiError(401, CODE_EXPIRED_DETAIL, 'codice_scaduto');
    if (!redeemed) throw invalid();
    const userIds = repo.usersOfTaxCode(redeemed.taxCode, method);
    if (userIds.length === 0) throw new ApiError(404, SPID_NO_USER_DETAIL, `${method}_nessun_utente`);
    if (userIds.length > 1) throw new ApiError(409, SPID_SEVERAL_USERS_DETAIL, `${method}_utenti_multipli`);
    const user = ctx.users.findById(userIds[0] as number);
    if (!user) throw invalid();
    // Refuses first-cycle pupils (403 accesso_primo_ciclo), as every way in does.
    return loginResponse(ctx, user);
  };

  return {
    startSpidLogin(request: FastifyRequest, reply: FastifyReply) {
      return start('spid', (request.query as { idp: ProviderId }).idp, request, reply);
    },
    startCieLogin(request: FastifyRequest, reply: FastifyReply) {
      return start('cie', 'cie', request, reply);
    },
    /** The providers' redirect URI: back to the portal with the code, or with the error. */
    async completeOidcLogin(request: FastifyRequest, reply: FastifyReply) {
      const url = request.raw.url ?? '';
      const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      const location = await rp.finish(search);
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    },
    loginSpid: exchange('spid'),
    loginCie: exchange('cie'),
  };
}
