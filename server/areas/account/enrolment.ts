import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { ResponseBody } from '../../shared/contract';
import { ApiError, conflict } from '../../shared/errors';
import { toRomeIso } from '../../shared/time';
import { requireUser } from '../../security';
import { enrolmentPortalAddress } from '../../shared/enrolmentPortal';

export const ENROLMENT_CODE_TTL_MS = 120_000;
export const ENROLMENT_INSECURE = "Il portale iscrizioni della scuola non ha un indirizzo sicuro (https): l'accesso non è possibile";

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');

/**
 * The enrolment portal hand-over (docs/product.md#user-menu): instead of the session token, the app posts a
 * code limited to this purpose, which the portal's server exchanges for who the user is.
 */
export function enrolmentHandlers(ctx: AppContext, db: Db) {
  const insert = db.prepare<[string, number, number]>('INSERT INTO iscrizioni_codici (hash, id_utente, scadenza_ms) VALUES (?, ?, ?)');
  const use = db.prepare<[number, string, number], { id_utente: number }>(
    'UPDATE iscrizioni_codici SET usato_ms = ? WHERE hash = ? AND usato_ms IS NULL AND scadenza_ms > ? RETURNING id_utente',
  );
  const purge = db.prepare<[number]>('DELETE FROM iscrizioni_codici WHERE scadenza_ms < ?');

  return {
    async createEnrolmentCode(request: FastifyRequest, reply: FastifyReply) {
      const { id_utente } = requireUser(request);
      // The school of the login answer's url_scuola (the first student's, else the portal's default).
      const students = ctx.users.studentsOf(id_utente);
      const urlScuola = students[0]?.url_scuola ?? ctx.schools.loginConfiguration(ctx.defaultSchoolId)?.url_scuola ?? '';
      const url = enrolmentPortalAddress(urlScuola);
      if (!url) throw conflict(ENROLMENT_INSECURE);
      const now = ctx.now().getTime();
      purge.run(now - 86_400_000);
      const codice = randomBytes(24).toString('base64url');
      insert.run(hashOf(codice), id_utente, now + ENROLMENT_CODE_TTL_MS);
      const body: ResponseBody<'createEnrolmentCode', 201> = { codice, scadenza: toRomeIso(new Date(now + ENROLMENT_CODE_TTL_MS)), url };
      return reply.code(201).send(body);
    },

    async openEnrolmentSession(request: FastifyRequest): Promise<ResponseBody<'openEnrolmentSession'>> {
      const { codice } = request.body as { codice: string };
      const now = ctx.now().getTime();
      const row = use.get(now, hashOf(codice), now);
      const user = row ? ctx.users.findById(row.id_utente) : undefined;
      if (!user) throw new ApiError(401, 'Codice di accesso non valido, scaduto o già utilizzato', 'unauthorized');
      return {
        id_utente: user.id_utente,
        nome: user.nome,
        cognome: user.cognome,
        studenti: ctx.users.studentsOf(user.id_utente).map((s) => ({ id: s.id, id_scuola: s.id_scuola })),
      };
    },
  };
}
