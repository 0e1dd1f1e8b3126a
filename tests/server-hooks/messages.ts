import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../server/db/database';
import { ApiError } from '../../server/shared/errors';

/**
 * Places hostile HTML (the browser tests' XSS corpus) where the school's HTML is shown: in
 * communications, notice-board and news items, and in the messages of one thread. Only with
 * the browser tests' server (see ./index.ts).
 *
 *   POST   /__test__/messaggi  { id_studente, anno, testi: string[], dove?: ('comunicazioni' | 'bacheca' | 'notizie' | 'thread')[], per_voce?: number }
 *          → { comunicazioni: number[], bacheca: number[], notizie: number[], thread: string | null }
 *   DELETE /__test__/messaggi  removes what the same test placed
 *
 * Each communication or notice holds `per_voce` texts one after the other (default 1: one item per
 * text), so a screen that opens items one at a time can be checked in fewer steps; a thread has one
 * message per text. Every item is dated at the start of the school year, already read and not new, so it sits at the
 * bottom of the lists and never changes a count or a badge that another test looks at; DELETE with
 * the test's scope header removes exactly its own items.
 */
const PATH = '/__test__/messaggi';
const PLACES = ['comunicazioni', 'bacheca', 'notizie', 'thread'] as const;
type Place = (typeof PLACES)[number];

interface Body {
  id_studente: number;
  anno: string;
  testi: string[];
  dove?: Place[];
  per_voce?: number;
}

interface Placed {
  comunicazioni: number[];
  bacheca: number[];
  notizie: number[];
  thread: number | null;
}

const schema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['id_studente', 'anno', 'testi'],
    properties: {
      id_studente: { type: 'integer', minimum: 1 },
      anno: { type: 'string', pattern: '^\\d{4}_\\d{4}$' },
      testi: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'string', maxLength: 5000 } },
      dove: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: PLACES } },
      per_voce: { type: 'integer', minimum: 1, maximum: 50 },
    },
  },
};

/** The n-th item's instant: 15 September of the school year, one minute apart, in Rome (summer time). */
function instant(anno: string, n: number): { data: string; giorno: string } {
  const giorno = `${anno.slice(0, 4)}-09-15`;
  const minutes = 8 * 60 + n;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return { data: `${giorno}T${hh}:${mm}:00+02:00`, giorno };
}

const scopeOf = (request: FastifyRequest, header: string): string => {
  const value = request.headers[header];
  return typeof value === 'string' ? value : '';
};

export function registerMessageHooks(app: FastifyInstance, db: Db, scopeHeader: string): void {
  const placedBy = new Map<string, Placed[]>();
  const s = {
    enrolled: db.prepare<[number, string], { n: number }>('SELECT COUNT(*) AS n FROM iscrizioni WHERE id_studente = ? AND anno = ?'),
    communication: db.prepare(
      `INSERT INTO messaggi_comunicazioni (id_studente, anno, titolo, dettaglio, mittente_nome, mittente_ruolo, data, giorno, tipo_messaggio,
         da_leggere, data_lettura, presa_visione, conferma_lettura, sottoscrizione, data_sottoscrizione, novita)
       VALUES (@id_studente, @anno, @titolo, @testo, 'Prova di sicurezza', 'Amministratore', @data, @giorno, 'avviso', 0, @data, 0, 1, 0, NULL, 0)`,
    ),
    notice: db.prepare(
      `INSERT INTO messaggi_bacheca (id_studente, anno, sezione, titolo, testo, data, giorno, autore, categoria, in_evidenza, novita, da_leggere, data_lettura)
       VALUES (@id_studente, @anno, @sezione, @titolo, @testo, @data, @giorno, 'Prova di sicurezza', 'Prova', 0, 0, 0, @data)`,
    ),
    thread: db.prepare(
      `INSERT INTO messaggi_thread (versione, id_studente, anno, titolo, sottotitolo, mittente_nome, mittente_ruolo, tipo_messaggio, inviato, novita)
       VALUES (2, @id_studente, @anno, 'Prova di sicurezza', 'Prova di sicurezza', 'Prova di sicurezza', 'Professore', 'messaggio', 0, 0)`,
    ),
    threadMessage: db.prepare(
      `INSERT INTO messaggi_thread_messaggi (id_thread, mittente_nome, mittente_ruolo, inviato, testo, data, giorno, da_leggere, data_lettura,
         presa_visione, conferma_lettura, sottoscrizione)
       VALUES (@id_thread, 'Prova di sicurezza', 'Professore', 0, @testo, @data, @giorno, 0, @data, 0, 1, 0)`,
    ),
    removeCommunication: db.prepare<[number], unknown>('DELETE FROM messaggi_comunicazioni WHERE id = ?'),
    removeNotice: db.prepare<[number], unknown>('DELETE FROM messaggi_bacheca WHERE id = ?'),
    removeThreadMessages: db.prepare<[number], unknown>('DELETE FROM messaggi_thread_messaggi WHERE id_thread = ?'),
    removeThread: db.prepare<[number], unknown>('DELETE FROM messaggi_thread WHERE id = ?'),
  };

  const place = db.transaction((body: Body): Placed => {
    const where = new Set(body.dove ?? PLACES);
    const owner = { id_studente: body.id_studente, anno: body.anno };
    const placed: Placed = { comunicazioni: [], bacheca: [], notizie: [], thread: null };
    const numbered = body.testi.map((testo, i) => ({ testo, n: i + 1, ...instant(body.anno, i) }));
    const size = body.per_voce ?? 1;
    const items = numbered
      .filter((_t, i) => i % size === 0)
      .map((first, k) => ({ ...first, n: k + 1, testo: body.testi.slice(k * size, (k + 1) * size).join('\n'), heading: first.testo }));
    // The title carries a text too: titles are shown as text, and must stay text.
    const title = (n: number, testo: string) => `Prova di sicurezza ${String(n).padStart(3, '0')} ${testo}`.slice(0, 300);
    for (const { testo, heading, n, data, giorno } of items) {
      if (where.has('comunicazioni')) {
        placed.comunicazioni.push(Number(s.communication.run({ ...owner, titolo: title(n, heading), testo, data, giorno }).lastInsertRowid));
      }
      for (const sezione of ['bacheca', 'notizie'] as const) {
        if (where.has(sezione)) placed[sezione].push(Number(s.notice.run({ ...owner, sezione, titolo: title(n, heading), testo, data, giorno }).lastInsertRowid));
      }
    }
    if (where.has('thread')) {
      const id_thread = Number(s.thread.run(owner).lastInsertRowid);
      for (const { testo, data, giorno } of numbered) s.threadMessage.run({ id_thread, testo, data, giorno });
      placed.thread = id_thread;
    }
    return placed;
  });

  const remove = db.transaction((all: Placed[]) => {
    for (const p of all) {
      for (const id of p.comunicazioni) s.removeCommunication.run(id);
      for (const id of [...p.bacheca, ...p.notizie]) s.removeNotice.run(id);
      if (p.thread !== null) {
        s.removeThreadMessages.run(p.thread);
        s.removeThread.run(p.thread);
      }
    }
  });

  app.post(PATH, { schema }, async (request, reply) => {
    const body = request.body as Body;
    if ((s.enrolled.get(body.id_studente, body.anno)?.n ?? 0) === 0) {
      throw new ApiError(400, `Nessuna iscrizione per lo studente ${body.id_studente} nell'anno ${body.anno}`, 'bad_request');
    }
    const placed = place(body);
    const scope = scopeOf(request, scopeHeader);
    placedBy.set(scope, [...(placedBy.get(scope) ?? []), placed]);
    return reply.code(201).send({ ...placed, thread: placed.thread === null ? null : `${placed.thread}_ver_2` });
  });

  app.delete(PATH, async (request) => {
    const scope = scopeOf(request, scopeHeader);
    const mine = placedBy.get(scope) ?? [];
    remove(mine);
    placedBy.delete(scope);
    return { rimossi: mine.length };
  });
}
