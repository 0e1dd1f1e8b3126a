import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { ApiError, forbidden } from '../../shared/errors';
import { requireUser } from '../../security';
import { toRomeIso } from '../../shared/time';
import { loginResponse } from '../../shared/login';
import type { Area } from '../area';
import { mobileCodes, type MobilePage } from './codes';

export const missingParameters = (): ApiError => new ApiError(400, 'Parametri mancanti: codice di accesso assente', 'parametri_mancanti');
export const invalidCode = (): ApiError => new ApiError(401, 'Codice di accesso non valido', 'token_non_valido');
export const expiredCode = (): ApiError => new ApiError(401, 'Codice di accesso scaduto o già utilizzato', 'token_scaduto');
/** The code was asked for by another app (or the page was opened outside it: a forwarded link). */
export const unboundCode = (): ApiError =>
  new ApiError(401, 'Accesso non autorizzato: il codice non è stato chiesto da questa app', 'accesso_non_autorizzato');

const VERIFIER = /^[A-Za-z0-9_-]{43,128}$/;

function mobileHandlers(ctx: AppContext, db: Db) {
  const codes = mobileCodes(db);

  return {
    async createMobileCode(request: FastifyRequest) {
      const user = requireUser(request);
      const { id_studente, pagina, sfida } = request.body as { id_studente: number; pagina: MobilePage; sfida: string };
      if (!ctx.users.studentsOf(user.id_utente).some((s) => s.id === id_studente)) throw forbidden();
      const issued = codes.issue(user.id_utente, id_studente, pagina, sfida, ctx.now());
      return { codice: issued.codice, scadenza: toRomeIso(issued.scadenza), url: issued.url };
    },

    async openMobileSession(request: FastifyRequest) {
      // The route attaches validation errors instead of answering them (see register): a missing
      // or empty code gets the mobile pages' own error code.
      const body = request.body as { codice?: unknown; verificatore?: unknown } | null | undefined;
      const codice = body?.codice;
      const strange = Object.keys(body ?? {}).some((k) => k !== 'codice' && k !== 'verificatore');
      if (typeof codice !== 'string' || codice === '' || codice.length > 200 || strange) throw missingParameters();
      // A missing or malformed verifier (the page opened outside the app) still spends the code, and
      // is refused below as not this app's.
      const verifier = typeof body?.verificatore === 'string' && VERIFIER.test(body.verificatore) ? body.verificatore : '';
      const redeemed = codes.redeem(codice, verifier, ctx.now());
      if (!redeemed.ok) throw redeemed.reason === 'unknown' ? invalidCode() : redeemed.reason === 'expired' ? expiredCode() : unboundCode();
      const user = ctx.users.findById(redeemed.id_utente);
      const student = ctx.users.studentsOf(redeemed.id_utente).find((s) => s.id === redeemed.id_studente);
      // The user lost access to the student since the code was issued.
      if (!user || !student) throw invalidCode();
      return {
        ...(await loginResponse(ctx, user, student.id)),
        pagina: redeemed.pagina,
        id_studente: student.id,
      };
    },
  };
}

export const mobileArea: Area = {
  name: 'mobile',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  handlers: mobileHandlers,
  async register(app) {
    app.addHook('onRoute', (route) => {
      if ((route.schema as { operationId?: string } | undefined)?.operationId === 'openMobileSession') route.attachValidation = true;
    });
  },
};
