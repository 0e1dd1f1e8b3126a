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
import {
  checkFile,
  filesOf,
  newStoredName,
  readStoredFile,
  registerMultipart,
  removeStoredFile,
  UPLOAD_RETENTION_HOURS,
  writeStoredFile,
} from './uploads';

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
    /** Threads, sent messages and uploads are seen through the signed-in user: theirs and the school's. */
    const viewer = (a: StudentAccess) => ({ ...owner(a.enrolment), id_utente: a.user.id_utente });
    const write = (data: Buffer) => (name: string) => writeStoredFile(ctx.dataDir, name, data);
    /** Uploads never sent are deleted after the retention time; swept whenever someone uploads. */
    const sweepUploads = () => {
      const before = new Date(ctx.now().getTime() - UPLOAD_RETENTION_HOURS * 3_600_000);
      for (const file of repo.sweepUploads(before)) removeStoredFile(ctx.dataDir, file);
    };
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
        const v = viewer(access(request, 'comunicazioni'));
        return repo.threads(v, rangeOf(request.query), false, recordsVisit(request.query));
      },

      async listSentThreads(request: FastifyRequest) {
        const v = viewer(access(request, 'comunicazioni'));
        return repo.threads(v, rangeOf(request.query), true, recordsVisit(request.query));
      },

      async getThread(request: FastifyRequest) {
        const v = viewer(access(request, 'comunicazioni'));
        const { id } = request.params as { id: string };
        const thread = repo.findThread(id, v);
        if (!thread) throw notFound();
        repo.readThread(thread, stamp().at);
        return repo.threadDetail(thread, v);
      },

      async confirmThreadMessage(request: FastifyRequest) {
        const v = viewer(access(request, 'comunicazioni'));
        const { id, messageId } = request.params as { id: string; messageId: number };
        const thread = repo.findThread(id, v);
        const message = thread && repo.threadMessage(thread, messageId, v);
        if (!thread || !message) throw notFound();
        if (message.inviato === 1) throw conflict('Il messaggio è stato scritto da te: non serve confermarlo');
        repo.confirmThreadMessage(messageId, stamp().at);
        const after = repo.threadMessage(thread, messageId, v);
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
        const v = viewer(a);
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
          const thread = repo.findThread(body.id_thread, v);
          if (!thread) throw notFound();
          repo.reply(thread, v, input);
          return reply.code(201).send(repo.threadDetail(thread, v));
        }
        if (body.destinatari === undefined && body.titolo === undefined) {
          throw badRequest('Indicare id_thread (risposta) oppure destinatari e titolo (nuovo messaggio)');
        }
        const titolo = required(body.titolo, 'Il titolo');
        const recipients = resolveRecipients(a, body.destinatari ?? []);
        const thread = repo.startThread(v, {
          ...input,
          titolo,
          sottotitolo: recipients.map((r) => r.descrizione).join(', '),
        });
        return reply.code(201).send(repo.threadDetail(thread, v));
      },

      async listSentMessages(request: FastifyRequest) {
        const v = viewer(access(request, 'comunicazioni'));
        return repo.sent(v, rangeOf(request.query));
      },

      async sendMessage(request: FastifyRequest, reply: FastifyReply) {
        const a = access(request, 'comunicazioni');
        const body = request.body as { 'destinatari[]': string[]; titolo: string; testo: string; presa_visione?: boolean };
        const titolo = required(body.titolo, 'Il titolo');
        const testo = required(body.testo, 'Il testo');
        const recipients = resolveRecipients(a, body['destinatari[]'].filter((d) => d.trim() !== ''));
        const files = filesOf(request);
        const stray = files.find((f) => f.field !== 'files[]');
        if (stray) throw badRequest(`Campo file non previsto: ${stray.field} (usare files[])`);
        const checked = files.map((f) => ({ f, tipo: checkFile(f), file: newStoredName() }));
        const stored = checked.map(({ f, tipo, file }) => ({ nome: f.nome, tipo, dimensione: f.data.length, file }));
        const bytes = new Map(checked.map(({ f, file }) => [file, f.data]));
        const written: string[] = [];
        const { at, giorno } = stamp();
        try {
          const sent = repo.send(
            viewer(a),
            { titolo, testo, destinatari: recipients, presa_visione: body.presa_visione === true, at, giorno },
            stored,
            (file) => {
              written.push(file);
              write(bytes.get(file) as Buffer)(file);
            },
          );
          return reply.code(201).send(sent);
        } catch (err) {
          // The transaction rolled back: the files it had written have no row any more.
          for (const file of written) removeStoredFile(ctx.dataDir, file);
          throw err;
        }
      },

      async uploadMessageAttachment(request: FastifyRequest, reply: FastifyReply) {
        const a = access(request, 'comunicazioni');
        const files = filesOf(request);
        const file = files.find((f) => f.field === 'file');
        if (!file || files.length !== 1) throw badRequest('Inviare un solo file nel campo file');
        const tipo = checkFile(file);
        sweepUploads();
        const { at } = stamp();
        const stored = newStoredName();
        try {
          const id = repo.storeUpload(viewer(a), { nome: file.nome, tipo, dimensione: file.data.length, file: stored, at }, write(file.data));
          return reply.code(201).send({ id, nome: file.nome, dimensione: file.data.length, tipo });
        } catch (err) {
          // The row was rolled back: a file half written by the failure must not stay behind.
          removeStoredFile(ctx.dataDir, stored);
          throw err;
        }
      },

      async downloadMessageAttachment(request: FastifyRequest, reply: FastifyReply) {
        const { enrolment: e, user } = access(request, 'comunicazioni', 'notizie');
        const { id } = request.params as { id: number };
        const a = repo.attachment(id, owner(e));
        if (!a || !repo.mayDownload(a, user.id_utente)) throw notFound();
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
