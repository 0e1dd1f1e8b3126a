import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../shared/errors';
import { loginResponse } from '../../handlers/auth';
import { idpErrorPage, idpPage, IDP_PAGE_HEADERS } from './idpPage';
import { CHALLENGE_PATTERN, type AccountRepository } from './repository';
import { safeReturnPath, withOutcome } from './returnPath';

export const IDP_PATH = '/spid/demo-idp';

/** Spec §8, the login screen's SPID messages. */
export const SPID_FAILED_DETAIL = "Non è stato possibile effettuare l'accesso con SPID";
export const SPID_NO_USER_DETAIL = 'Il codice fiscale non è associato a nessun utente della scuola: contatta la segreteria';
export const SPID_SEVERAL_USERS_DETAIL = 'Il codice fiscale è associato a più utenti della scuola: contatta la segreteria';

export function spidHandlers(ctx: AppContext, repo: AccountRepository) {
  return {
    async startSpidLogin(request: FastifyRequest, reply: FastifyReply) {
      // Without demo mode no identity provider is configured: nowhere to send the browser.
      if (!ctx.demo) throw new ApiError(404, SPID_FAILED_DETAIL, 'not_found');
      const { ritorno, sfida } = request.query as { ritorno?: string; sfida: string };
      const returnPath = safeReturnPath(ritorno);
      if (!returnPath) throw new ApiError(400, 'Indirizzo di ritorno non valido', 'bad_request');
      // The challenge travels with the sign-in (SAML's RelayState on a real provider) back to the code.
      return reply.redirect(`${IDP_PATH}?${new URLSearchParams({ ritorno: returnPath, sfida }).toString()}`, 302);
    },

    async loginSpid(request: FastifyRequest) {
      const { codice, verificatore } = request.body as { codice: string; verificatore: string };
      const taxCode = repo.redeemCode(codice, ctx.now(), verificatore);
      if (!taxCode) throw new ApiError(401, SPID_FAILED_DETAIL, 'spid_codice_non_valido');
      const userIds = repo.usersOfTaxCode(taxCode);
      if (userIds.length === 0) throw new ApiError(404, SPID_NO_USER_DETAIL, 'spid_nessun_utente');
      if (userIds.length > 1) throw new ApiError(409, SPID_SEVERAL_USERS_DETAIL, 'spid_utenti_multipli');
      const user = ctx.users.findById(userIds[0] as number);
      if (!user) throw new ApiError(401, SPID_FAILED_DETAIL, 'spid_codice_non_valido');
      return loginResponse(ctx, user);
    },
  };
}

interface IdpForm {
  codice_fiscale?: string;
  ritorno?: string;
  sfida?: string;
  azione?: string;
}

const START_AGAIN = "L'indirizzo di ritorno non è valido: riprova dalla pagina di accesso del portale.";

/** The demo identity provider (outside the contract): its page and the form's answer. */
export async function registerDemoIdp(app: FastifyInstance, ctx: AppContext, repo: AccountRepository): Promise<void> {
  await app.register(async (scope) => {
    // Only here: the form posts application/x-www-form-urlencoded.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).headers(IDP_PAGE_HEADERS).send(body);

    scope.get(IDP_PATH, async (request, reply) => {
      const query = request.query as { ritorno?: unknown; sfida?: unknown };
      const returnPath = safeReturnPath(query.ritorno);
      const challenge = typeof query.sfida === 'string' && CHALLENGE_PATTERN.test(query.sfida) ? query.sfida : null;
      if (!returnPath || !challenge) return html(reply, 400, idpErrorPage(START_AGAIN));
      return html(reply, 200, idpPage(repo.identities(), returnPath, challenge));
    });

    scope.post(IDP_PATH, async (request, reply) => {
      // A form posted from another site must not sign the browser in (login CSRF).
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return html(reply, 403, idpErrorPage('Richiesta non consentita: riprova dalla pagina di accesso del portale.'));
      }
      const form = (request.body ?? {}) as IdpForm;
      const returnPath = safeReturnPath(form.ritorno);
      if (!returnPath) return html(reply, 400, idpErrorPage(START_AGAIN));
      if (form.azione === 'annulla') return reply.redirect(withOutcome(returnPath, 'spid_errore', 'annullato'), 303);
      const challenge = form.sfida && CHALLENGE_PATTERN.test(form.sfida) ? form.sfida : null;
      if (!challenge) return html(reply, 400, idpErrorPage(START_AGAIN));
      const identity = form.codice_fiscale ? repo.identity(form.codice_fiscale) : undefined;
      if (!identity) return html(reply, 400, idpPage(repo.identities(), returnPath, challenge, 'Scegli un codice fiscale per entrare.'));
      const code = repo.issueCode(identity.codice_fiscale, ctx.now(), challenge);
      return reply.header('cache-control', 'no-store').redirect(withOutcome(returnPath, 'spid', code), 303);
    });
  });
}
