import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Area } from '../area';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { romeDate, toRomeIso } from '../../shared/time';
import { studentAccess, type StudentAccess } from '../../shared/access';
import { sendFile } from '../../shared/files';
import { textPdf } from '../../shared/pdf';
import { messaggiNews } from './news';
import { messagesRepository, type Range, type Recipient } from './repository';
import { seedMessages } from './seed';
import { checkFile, filesOf, readStoredFile, registerMultipart, storeFile } from './uploads';

interface ListQuery {
  data_inizio?: string;
  data_fine?: string;
  profile_update?: 0 | 1;
}

function rangeOf(query: unknown): Range {
  const { data_inizio, data_fine } = (query ?? {}) as ListQuery;
  if (data_inizio && data_fine && data_fine < data_inizio) {
    throw badRequest('Intervallo di date non valido: data_fine precede data_inizio');
  }
  return { from: data_inizio, to: data_fine };
}

const recordsVisit = (query: unknown): boolean => ((query ?? {}) as ListQuery).profile_update !== 0;

export const messaggiArea: Area = {
  name: 'messaggi',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedMessages,
  register: async (app) => registerMultipart(app),
  updates: messaggiNews,

  handlers(ctx, db) {
    const repo = messagesRepository(db);
    const access = studentAccess(ctx);
    const owner = (e: { id: number; anno: string }) => ({ id_studente: e.id, anno: e.anno });
    const stamp = () => {
      const now = ctx.now();
      return { at: toRomeIso(now), giorno: romeDate(now) };
    };

    /** Students write to the recipients of students, everyone else to those of parents. */
    const userType = (a: StudentAccess): 'studente' | 'genitore' => (ctx.users.findById(a.user.id_utente)?.tipo === 'studente' ? 'studente' : 'genitore');

    function sender(id_utente: number) {
      const user = ctx.users.findById(id_utente);
      return {
        nome: user ? `${user.nome} ${user.cognome}` : 'Famiglia',
        ruolo: user?.tipo === 'studente' ? 'Studente' : 'Genitore',
      };
    }

    /** Recipient ids → the recipients the user may write to; an unknown id is a 400 naming it. */
    function resolveRecipients(a: StudentAccess, ids: string[]): Recipient[] {
      const allowed = new Map(repo.recipients(a.enrolment, userType(a)).map((r) => [r.id, r]));
      const unique = [...new Set(ids.map((id) => id.trim()))];
      const wrong = unique.filter((id) => !allowed.has(id));
      if (wrong.length > 0) throw badRequest(`Destinatario non valido: ${wrong.join(', ')}`);
      if (unique.length === 0) throw badRequest('Indicare almeno un destinatario');
      return unique.map((id) => allowed.get(id) as Recipient);
    }

    function required(value: string | undefined, what: string): string {
      const text = (value ?? '').trim();
      if (!text) throw badRequest(`${what} è obbligatorio`);
      return text;
    }

    return {
      async getCommunicationsOverview(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        const elenco = repo.communications(owner(e), rangeOf(request.query), recordsVisit(request.query));
        return {
          totale: elenco.length,
          non_lette: elenco.filter((c) => c.da_leggere).length,
          da_confermare: elenco.filter((c) => c.presa_visione && !c.sottoscrizione).length,
          elenco,
        };
      },

      async listCommunications(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        return repo.communications(owner(e), rangeOf(request.query), recordsVisit(request.query));
      },

      async getCommunication(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        const { id } = request.params as { id: number };
        if (!repo.communication(id, owner(e))) throw notFound();
        repo.readCommunication(id, stamp().at);
        return repo.communication(id, owner(e));
      },

      async confirmCommunication(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        const { id } = request.params as { id: number };
        const { scope } = request.query as { scope: 'presa_visione' | 'lettura' };
        const item = repo.communication(id, owner(e));
        if (!item) throw notFound();
        if (scope === 'presa_visione') {
          if (!item.presa_visione) throw conflict('La comunicazione non richiede la presa visione');
          repo.subscribeCommunication(id, stamp().at);
        } else {
          repo.confirmCommunication(id, stamp().at);
        }
        const after = repo.communication(id, owner(e));
        if (!after) throw notFound();
        return {
          ok: true,
          id_messaggio: id,
          scope,
          da_leggere: after.da_leggere,
          data_lettura: after.data_lettura,
          conferma_lettura: after.conferma_lettura,
          sottoscrizione: after.sottoscrizione,
          data_sottoscrizione: after.data_sottoscrizione,
        };
      },

      async listThreads(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        return repo.threads(owner(e), rangeOf(request.query), false, recordsVisit(request.query));
      },

      async listSentThreads(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        return repo.threads(owner(e), rangeOf(request.query), true, recordsVisit(request.query));
      },

      async getThread(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        const { id } = request.params as { id: string };
        const thread = repo.findThread(id, owner(e));
        if (!thread) throw notFound();
        repo.readThread(thread, stamp().at);
        return repo.threadDetail(thread, owner(e));
      },

      async confirmThreadMessage(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        const { id, messageId } = request.params as { id: string; messageId: number };
        const thread = repo.findThread(id, owner(e));
        const message = thread && repo.threadMessage(thread, messageId);
        if (!thread || !message) throw notFound();
        if (message.inviato === 1) throw conflict('Il messaggio è stato scritto da te: non serve confermarlo');
        repo.confirmThreadMessage(messageId, stamp().at);
        const after = repo.threadMessage(thread, messageId);
        if (!after) throw notFound();
        return {
          ok: true,
          id_thread: id,
          id_messaggio: messageId,
          da_leggere: after.da_leggere === 1,
          data_lettura: after.data_lettura,
          conferma_lettura: after.conferma_lettura === 1,
          sottoscrizione: after.sottoscrizione === 1,
        };
      },

      async sendThreadMessage(request: FastifyRequest, reply: FastifyReply) {
        const a = access(request, 'comunicazioni');
        const { enrolment: e, user } = a;
        const body = request.body as {
          id_thread?: string;
          destinatari?: string[];
          titolo?: string;
          testo: string;
          presa_visione?: boolean;
          allegati?: number[];
        };
        const testo = required(body.testo, 'Il testo');
        const allegati = [...new Set(body.allegati ?? [])];
        for (const a of allegati) {
          const row = repo.attachment(a, owner(e));
          const free = row && row.id_utente === user.id_utente && row.file !== null && row.id_thread_messaggio === null && row.id_inviato === null;
          if (!free) throw badRequest(`Allegato non valido: ${a}`);
        }
        const { at, giorno } = stamp();
        const input = { mittente: sender(user.id_utente), testo, presa_visione: body.presa_visione === true, at, giorno, allegati };
        if (body.id_thread !== undefined) {
          if (body.destinatari !== undefined || body.titolo !== undefined) {
            throw badRequest('Una risposta (id_thread) non ha destinatari né titolo');
          }
          const thread = repo.findThread(body.id_thread, owner(e));
          if (!thread) throw notFound();
          repo.reply(thread, input);
          return reply.code(201).send(repo.threadDetail(thread, owner(e)));
        }
        if (body.destinatari === undefined && body.titolo === undefined) {
          throw badRequest('Indicare id_thread (risposta) oppure destinatari e titolo (nuovo messaggio)');
        }
        const titolo = required(body.titolo, 'Il titolo');
        const recipients = resolveRecipients(a, body.destinatari ?? []);
        const thread = repo.startThread(owner(e), {
          ...input,
          titolo,
          sottotitolo: recipients.map((r) => r.descrizione).join(', '),
        });
        return reply.code(201).send(repo.threadDetail(thread, owner(e)));
      },

      async listSentMessages(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        return repo.sent(owner(e), rangeOf(request.query));
      },

      async sendMessage(request: FastifyRequest, reply: FastifyReply) {
        const a = access(request, 'comunicazioni');
        const { enrolment: e, user } = a;
        const body = request.body as { 'destinatari[]': string[]; titolo: string; testo: string; presa_visione?: boolean };
        const titolo = required(body.titolo, 'Il titolo');
        const testo = required(body.testo, 'Il testo');
        const recipients = resolveRecipients(a, body['destinatari[]'].filter((d) => d.trim() !== ''));
        const files = filesOf(request);
        const stray = files.find((f) => f.field !== 'files[]');
        if (stray) throw badRequest(`Campo file non previsto: ${stray.field} (usare files[])`);
        const checked = files.map((f) => ({ f, tipo: checkFile(f) }));
        const stored = checked.map(({ f, tipo }) => ({ nome: f.nome, tipo, dimensione: f.data.length, file: storeFile(ctx.dataDir, f.data) }));
        const { at, giorno } = stamp();
        const sent = repo.send(
          { ...owner(e), id_utente: user.id_utente },
          { titolo, testo, destinatari: recipients, presa_visione: body.presa_visione === true, at, giorno },
          stored,
        );
        return reply.code(201).send(sent);
      },

      async uploadMessageAttachment(request: FastifyRequest, reply: FastifyReply) {
        const { enrolment: e, user } = access(request, 'comunicazioni');
        const files = filesOf(request);
        const file = files.find((f) => f.field === 'file');
        if (!file || files.length !== 1) throw badRequest('Inviare un solo file nel campo file');
        const tipo = checkFile(file);
        const { at } = stamp();
        const stored = storeFile(ctx.dataDir, file.data);
        const id = repo.storeUpload({ ...owner(e), id_utente: user.id_utente }, { nome: file.nome, tipo, dimensione: file.data.length, file: stored, at });
        return reply.code(201).send({ id, nome: file.nome, dimensione: file.data.length, tipo });
      },

      async downloadMessageAttachment(request: FastifyRequest, reply: FastifyReply) {
        const { enrolment: e, user } = access(request, 'comunicazioni', 'notizie');
        const { id } = request.params as { id: number };
        const a = repo.attachment(id, owner(e));
        const attached = a && (a.id_comunicazione ?? a.id_thread_messaggio ?? a.id_inviato ?? a.id_bacheca) !== null;
        if (!a || (!attached && a.id_utente !== user.id_utente)) throw notFound();
        const data = a.file ? readStoredFile(ctx.dataDir, a.file) : textPdf(a.nome, (a.testo ?? '').split('\n'));
        return sendFile(reply, { nome: a.nome, tipo: a.tipo, data });
      },

      async listNews(request: FastifyRequest) {
        const e = access(request, 'notizie').enrolment;
        return repo.notices(owner(e), 'notizie', rangeOf(request.query), recordsVisit(request.query));
      },

      async listNoticeBoard(request: FastifyRequest) {
        const e = access(request, 'notizie').enrolment;
        return repo.notices(owner(e), 'bacheca', rangeOf(request.query), recordsVisit(request.query));
      },

      async confirmNotice(request: FastifyRequest) {
        const e = access(request, 'notizie').enrolment;
        const { id } = request.params as { id: number };
        const { scope } = request.query as { scope: 'lettura' | 'adesione' };
        const item = repo.notice(id, owner(e));
        if (!item) throw notFound();
        if (scope === 'adesione') {
          if (!item.richiede_adesione) throw conflict('La notizia non prevede adesioni');
          repo.signUpNotice(id, stamp().at);
        } else {
          repo.readNotice(id, stamp().at);
        }
        const after = repo.notice(id, owner(e));
        if (!after) throw notFound();
        const { da_leggere, data_lettura, adesione, data_adesione } = after;
        return { ok: true, id, scope, da_leggere, data_lettura, adesione, data_adesione };
      },

      async listRecipients(request: FastifyRequest) {
        const e = access(request, 'comunicazioni').enrolment;
        rangeOf(request.query);
        return repo.recipients(e);
      },

      async listUserRecipients(request: FastifyRequest) {
        const a = access(request, 'comunicazioni');
        rangeOf(request.query);
        return repo.recipients(a.enrolment, userType(a));
      },
    };
  },
};
