import type { Db } from '../../db/database';
import type { Schemas } from '../../shared/contract';
import { classTeachers } from '../../shared/enrolments';

export type Sender = Schemas['MessageSender'];

export type AttachmentView = Schemas['MessageAttachment'];

export interface AttachmentRow {
  id: number;
  id_studente: number;
  anno: string;
  id_utente: number | null;
  nome: string;
  tipo: string;
  dimensione: number;
  file: string | null;
  testo: string | null;
  id_comunicazione: number | null;
  id_thread_messaggio: number | null;
  id_inviato: number | null;
  id_bacheca: number | null;
}

interface CommunicationRow {
  id: number;
  titolo: string;
  dettaglio: string;
  mittente_nome: string;
  mittente_ruolo: string;
  data: string;
  tipo_messaggio: string;
  da_leggere: number;
  data_lettura: string | null;
  presa_visione: number;
  conferma_lettura: number;
  sottoscrizione: number;
  data_sottoscrizione: string | null;
  novita: number;
  allegati: number;
}

interface ThreadRow {
  id: number;
  versione: number;
  titolo: string;
  sottotitolo: string;
  mittente_nome: string;
  mittente_ruolo: string;
  tipo_messaggio: string;
  inviato: number;
  novita: number;
}

interface ThreadMessageRow {
  id: number;
  id_thread: number;
  mittente_nome: string;
  mittente_ruolo: string;
  inviato: number;
  testo: string;
  data: string;
  giorno: string;
  da_leggere: number;
  data_lettura: string | null;
  presa_visione: number;
  conferma_lettura: number;
  sottoscrizione: number;
}

interface SentRow {
  id: number;
  titolo: string;
  testo: string;
  destinatari: string;
  data: string;
  presa_visione: number;
}

interface NoticeRow {
  id: number;
  titolo: string;
  testo: string;
  data: string;
  autore: string;
  categoria: string;
  in_evidenza: number;
  novita: number;
  da_leggere: number;
  data_lettura: string | null;
  richiede_adesione: number;
  adesione: number;
  data_adesione: string | null;
}

export type Recipient = Schemas['Recipient'];

export interface Range {
  from?: string;
  to?: string;
}

export interface Owner {
  id_studente: number;
  anno: string;
}

/** A signed-in user looking at a student's items: a family's thread or message is its writer's only. */
export interface Viewer extends Owner {
  id_utente: number;
}

/** Visible to the user: the school's (no writer) or the user's own. */
const MINE = (alias: string) => `(${alias}.id_utente IS NULL OR ${alias}.id_utente = @id_utente)`;

const FAR_PAST = '0000-01-01';
const FAR_FUTURE = '9999-12-31';
const bool = (n: number): boolean => n === 1;
const NOTICE_COLUMNS =
  'id, titolo, testo, data, autore, categoria, in_evidenza, novita, da_leggere, data_lettura, richiede_adesione, adesione, data_adesione';
export const threadKey = (t: { id: number; versione: number }): string => `${t.id}_ver_${t.versione}`;

/** A thread's aggregate without the internal `giorno` (its latest message's day, for the filters). */
function withoutDay<T extends { giorno: string }>(base: T): Omit<T, 'giorno'> {
  const copy: Partial<T> = { ...base };
  delete copy.giorno;
  return copy as Omit<T, 'giorno'>;
}

export function messagesRepository(db: Db) {
  const s = {
    communications: db.prepare<[number, string, string, string], CommunicationRow>(
      `SELECT c.*, (SELECT COUNT(*) FROM messaggi_allegati a WHERE a.id_comunicazione = c.id) AS allegati
         FROM messaggi_comunicazioni c
        WHERE c.id_studente = ? AND c.anno = ? AND c.giorno BETWEEN ? AND ?
        ORDER BY c.data DESC, c.id DESC`,
    ),
    communication: db.prepare<[number, number, string], CommunicationRow>(
      `SELECT c.*, 0 AS allegati FROM messaggi_comunicazioni c WHERE c.id = ? AND c.id_studente = ? AND c.anno = ?`,
    ),
    clearCommunicationNews: db.prepare<[number, string, string, string], unknown>(
      'UPDATE messaggi_comunicazioni SET novita = 0 WHERE id_studente = ? AND anno = ? AND giorno BETWEEN ? AND ?',
    ),
    readCommunication: db.prepare<[string, number], unknown>(
      `UPDATE messaggi_comunicazioni SET da_leggere = 0, novita = 0, data_lettura = COALESCE(data_lettura, ?) WHERE id = ?`,
    ),
    confirmCommunication: db.prepare<[string, number], unknown>(
      `UPDATE messaggi_comunicazioni SET da_leggere = 0, novita = 0, conferma_lettura = 1, data_lettura = COALESCE(data_lettura, ?)
        WHERE id = ?`,
    ),
    subscribeCommunication: db.prepare<[string, string, number], unknown>(
      `UPDATE messaggi_comunicazioni SET da_leggere = 0, novita = 0, conferma_lettura = 1, sottoscrizione = 1,
              data_lettura = COALESCE(data_lettura, ?), data_sottoscrizione = COALESCE(data_sottoscrizione, ?)
        WHERE id = ?`,
    ),
    threads: db.prepare<[Viewer], ThreadRow>(
      `SELECT * FROM messaggi_thread t WHERE id_studente = @id_studente AND anno = @anno AND ${MINE('t')}`,
    ),
    thread: db.prepare<[Viewer & { id: number; versione: number }], ThreadRow>(
      `SELECT * FROM messaggi_thread t
        WHERE id = @id AND versione = @versione AND id_studente = @id_studente AND anno = @anno AND ${MINE('t')}`,
    ),
    threadMessagesOfStudent: db.prepare<[Viewer], ThreadMessageRow>(
      `SELECT m.* FROM messaggi_thread_messaggi m JOIN messaggi_thread t ON t.id = m.id_thread
        WHERE t.id_studente = @id_studente AND t.anno = @anno AND ${MINE('t')} AND ${MINE('m')} ORDER BY m.data, m.id`,
    ),
    threadMessages: db.prepare<[{ id_thread: number; id_utente: number }], ThreadMessageRow>(
      `SELECT * FROM messaggi_thread_messaggi m WHERE id_thread = @id_thread AND ${MINE('m')} ORDER BY data, id`,
    ),
    threadAttachmentCounts: db.prepare<[Viewer], { id_thread: number; n: number }>(
      `SELECT m.id_thread, COUNT(*) AS n FROM messaggi_allegati a JOIN messaggi_thread_messaggi m ON m.id = a.id_thread_messaggio
        WHERE a.id_studente = @id_studente AND a.anno = @anno AND ${MINE('m')} GROUP BY m.id_thread`,
    ),
    /** The thread message an attachment belongs to, when the user may see it. */
    visibleMessage: db.prepare<[{ id: number; id_utente: number }], { id: number }>(
      `SELECT m.id FROM messaggi_thread_messaggi m JOIN messaggi_thread t ON t.id = m.id_thread
        WHERE m.id = @id AND ${MINE('t')} AND ${MINE('m')}`,
    ),
    clearThreadNews: db.prepare<[number], unknown>('UPDATE messaggi_thread SET novita = 0 WHERE id = ?'),
    readThread: db.prepare<[string, number], unknown>(
      'UPDATE messaggi_thread_messaggi SET da_leggere = 0, data_lettura = COALESCE(data_lettura, ?) WHERE id_thread = ?',
    ),
    confirmThreadMessage: db.prepare<[string, number], unknown>(
      `UPDATE messaggi_thread_messaggi SET da_leggere = 0, conferma_lettura = 1, sottoscrizione = presa_visione,
              data_lettura = COALESCE(data_lettura, ?) WHERE id = ?`,
    ),
    nextThreadId: db.prepare<[], { id: number }>('SELECT COALESCE(MAX(id), 1349) + 1 AS id FROM messaggi_thread'),
    insertThread: db.prepare(
      `INSERT INTO messaggi_thread (id, versione, id_studente, anno, id_utente, titolo, sottotitolo, mittente_nome, mittente_ruolo,
         tipo_messaggio, inviato, novita)
       VALUES (@id, 2, @id_studente, @anno, @id_utente, @titolo, @sottotitolo, @mittente_nome, @mittente_ruolo, 'messaggio', 1, 0)`,
    ),
    insertThreadMessage: db.prepare(
      `INSERT INTO messaggi_thread_messaggi (id_thread, id_utente, mittente_nome, mittente_ruolo, inviato, testo, data, giorno, da_leggere,
         data_lettura, presa_visione, conferma_lettura, sottoscrizione)
       VALUES (@id_thread, @id_utente, @mittente_nome, @mittente_ruolo, 1, @testo, @data, @giorno, 0, @data, @presa_visione, 1, 0)`,
    ),
    sent: db.prepare<[number, string, number, string, string], SentRow>(
      `SELECT id, titolo, testo, destinatari, data, presa_visione FROM messaggi_inviati
        WHERE id_studente = ? AND anno = ? AND id_utente = ? AND giorno BETWEEN ? AND ? ORDER BY data DESC, id DESC`,
    ),
    sentAuthor: db.prepare<[number], { id_utente: number }>('SELECT id_utente FROM messaggi_inviati WHERE id = ?'),
    sentOne: db.prepare<[number], SentRow>('SELECT id, titolo, testo, destinatari, data, presa_visione FROM messaggi_inviati WHERE id = ?'),
    insertSent: db.prepare(
      `INSERT INTO messaggi_inviati (id_studente, anno, id_utente, titolo, testo, destinatari, data, giorno, presa_visione)
       VALUES (@id_studente, @anno, @id_utente, @titolo, @testo, @destinatari, @data, @giorno, @presa_visione)`,
    ),
    notices: db.prepare<[number, string, string, string, string], NoticeRow>(
      `SELECT ${NOTICE_COLUMNS} FROM messaggi_bacheca
        WHERE id_studente = ? AND anno = ? AND sezione = ? AND giorno BETWEEN ? AND ?
        ORDER BY in_evidenza DESC, data DESC, id DESC`,
    ),
    notice: db.prepare<[number, number, string], NoticeRow>(`SELECT ${NOTICE_COLUMNS} FROM messaggi_bacheca WHERE id = ? AND id_studente = ? AND anno = ?`),
    readNotice: db.prepare<[string, number], unknown>(
      'UPDATE messaggi_bacheca SET da_leggere = 0, novita = 0, data_lettura = COALESCE(data_lettura, ?) WHERE id = ?',
    ),
    signUpNotice: db.prepare<[string, string, number], unknown>(
      `UPDATE messaggi_bacheca SET da_leggere = 0, novita = 0, data_lettura = COALESCE(data_lettura, ?), adesione = 1,
         data_adesione = COALESCE(data_adesione, ?) WHERE id = ?`,
    ),
    clearNoticeNews: db.prepare<[number, string, string, string, string], unknown>(
      'UPDATE messaggi_bacheca SET novita = 0 WHERE id_studente = ? AND anno = ? AND sezione = ? AND giorno BETWEEN ? AND ?',
    ),
    attachmentsOf: db.prepare<[number, string], AttachmentRow>('SELECT * FROM messaggi_allegati WHERE id_studente = ? AND anno = ? ORDER BY id'),
    attachment: db.prepare<[number, number, string], AttachmentRow>('SELECT * FROM messaggi_allegati WHERE id = ? AND id_studente = ? AND anno = ?'),
    insertAttachment: db.prepare(
      `INSERT INTO messaggi_allegati (id_studente, anno, id_utente, nome, tipo, dimensione, file, testo, data, id_inviato)
       VALUES (@id_studente, @anno, @id_utente, @nome, @tipo, @dimensione, @file, NULL, @data, @id_inviato)`,
    ),
    /** Uploads never sent; their age is compared by instant in code (the stored times carry offsets). */
    strayUploads: db.prepare<[], { id: number; file: string | null; data: string }>(
      `SELECT id, file, data FROM messaggi_allegati
        WHERE id_utente IS NOT NULL AND id_comunicazione IS NULL AND id_thread_messaggio IS NULL AND id_inviato IS NULL AND id_bacheca IS NULL`,
    ),
    deleteAttachment: db.prepare<[number], unknown>('DELETE FROM messaggi_allegati WHERE id = ?'),
    linkToThreadMessage: db.prepare<[number, number], unknown>('UPDATE messaggi_allegati SET id_thread_messaggio = ? WHERE id = ?'),
    staff: db.prepare<[string], Recipient & { per_genitori: number; per_studenti: number }>(
      'SELECT id, gruppo, descrizione, per_genitori, per_studenti FROM messaggi_destinatari WHERE id_scuola = ? ORDER BY gruppo, descrizione',
    ),
  };

  const range = (r: Range): [string, string] => [r.from ?? FAR_PAST, r.to ?? FAR_FUTURE];

  function attachmentView(a: AttachmentRow): AttachmentView {
    return {
      id: a.id,
      nome: a.nome,
      dimensione: a.dimensione,
      tipo: a.tipo,
      url: `/api/v3/scuole/${schoolOf(a.id_studente)}/studenti/${a.id_studente}/${a.anno}/messaggi/allegati/${a.id}`,
    };
  }
  const schoolStmt = db.prepare<[number], { id_scuola: string }>('SELECT id_scuola FROM studenti WHERE id = ?');
  const schoolOf = (studentId: number): string => schoolStmt.get(studentId)?.id_scuola ?? '';

  function communicationBase(row: CommunicationRow) {
    return {
      id_messaggio: row.id,
      titolo: row.titolo,
      dettaglio: row.dettaglio,
      mittente: { nome: row.mittente_nome, ruolo: row.mittente_ruolo },
      data: row.data,
      da_leggere: bool(row.da_leggere),
      data_lettura: row.data_lettura,
      presa_visione: bool(row.presa_visione),
      conferma_lettura: bool(row.conferma_lettura),
      sottoscrizione: bool(row.sottoscrizione),
      data_sottoscrizione: row.data_sottoscrizione,
      tipo_messaggio: row.tipo_messaggio,
      novita: bool(row.novita),
    };
  }

  function messageView(m: ThreadMessageRow, attachments: AttachmentRow[]) {
    return {
      id: m.id,
      mittente: { nome: m.mittente_nome, ruolo: m.mittente_ruolo },
      testo: m.testo,
      data: m.data,
      inviato: bool(m.inviato),
      da_leggere: bool(m.da_leggere),
      data_lettura: m.data_lettura,
      presa_visione: bool(m.presa_visione),
      conferma_lettura: bool(m.conferma_lettura),
      sottoscrizione: bool(m.sottoscrizione),
      allegati: attachments.filter((a) => a.id_thread_messaggio === m.id).map(attachmentView),
    };
  }

  function threadBase(t: ThreadRow, messages: ThreadMessageRow[]) {
    const last = messages[messages.length - 1];
    const unread = messages.some((m) => m.da_leggere === 1);
    const asking = messages.filter((m) => m.presa_visione === 1);
    const reads = messages.map((m) => m.data_lettura).filter((d): d is string => d !== null);
    return {
      id: threadKey(t),
      titolo: t.titolo,
      sottotitolo: t.sottotitolo,
      mittente: { nome: t.mittente_nome, ruolo: t.mittente_ruolo },
      data: last?.data ?? '',
      giorno: last?.giorno ?? '',
      da_leggere: unread,
      data_lettura: unread ? null : (reads.sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null),
      presa_visione: asking.length > 0,
      conferma_lettura: messages.every((m) => m.conferma_lettura === 1),
      sottoscrizione: asking.length > 0 && asking.every((m) => m.sottoscrizione === 1),
      tipo_messaggio: t.tipo_messaggio,
      inviato: bool(t.inviato),
      numero_messaggi: messages.length,
      novita: bool(t.novita),
    };
  }

  /**
   * A thread of the list as a real school backend sends it: the latest message's id in
   * `id_messaggio`, the sender's whole name in `cognome`, −1 in `presa_visione` and
   * `sottoscrizione` when no message asks for an acknowledgement (else 0/1: given or not), an empty
   * `data_lettura` while unread, the recipients in `destinatari_concatenati`, attachments counted.
   * `inviato` and `numero_messaggi` stay: the sent-threads list and replies are told apart by them.
   */
  function realThread(t: ThreadRow, base: ReturnType<typeof threadBase>, all: ThreadMessageRow[], attachments: number) {
    const messages = all.filter((m) => m.id_thread === t.id);
    const { mittente, presa_visione: asked, sottoscrizione: given, data_lettura, ...rest } = withoutDay(base);
    const acknowledgement = asked ? Number(given) : -1;
    return {
      ...rest,
      id_messaggio: String(messages[messages.length - 1]?.id ?? ''),
      mittente: { cognome: mittente.nome, nome: '' },
      destinatari_concatenati: t.sottotitolo,
      data_lettura: data_lettura ?? '',
      presa_visione: acknowledgement,
      sottoscrizione: acknowledgement,
      allegati: attachments,
    };
  }

  function noticeView(n: NoticeRow, attachments: AttachmentRow[]) {
    return {
      id: n.id,
      titolo: n.titolo,
      testo: n.testo,
      data: n.data,
      autore: n.autore,
      categoria: n.categoria,
      in_evidenza: bool(n.in_evidenza),
      novita: bool(n.novita),
      da_leggere: bool(n.da_leggere),
      data_lettura: n.data_lettura,
      richiede_adesione: bool(n.richiede_adesione),
      adesione: bool(n.adesione),
      data_adesione: n.data_adesione,
      allegati: attachments.filter((a) => a.id_bacheca === n.id).map(attachmentView),
    };
  }

  function sentView(row: SentRow, attachments: AttachmentRow[]) {
    return {
      id: row.id,
      titolo: row.titolo,
      testo: row.testo,
      destinatari: JSON.parse(row.destinatari) as Recipient[],
      data: row.data,
      presa_visione: bool(row.presa_visione),
      allegati: attachments.filter((a) => a.id_inviato === row.id).map(attachmentView),
    };
  }

  return {
    communications(o: Owner, r: Range, recordVisit: boolean) {
      const [from, to] = range(r);
      const rows = s.communications.all(o.id_studente, o.anno, from, to);
      if (recordVisit) s.clearCommunicationNews.run(o.id_studente, o.anno, from, to);
      return rows.map((row) => ({ ...communicationBase(row), allegati: row.allegati }));
    },

    communication(id: number, o: Owner) {
      const row = s.communication.get(id, o.id_studente, o.anno);
      if (!row) return undefined;
      const attachments = s.attachmentsOf.all(o.id_studente, o.anno).filter((a) => a.id_comunicazione === id);
      return { ...communicationBase(row), allegati: attachments.map(attachmentView) };
    },

    readCommunication: (id: number, at: string) => s.readCommunication.run(at, id),
    confirmCommunication: (id: number, at: string) => s.confirmCommunication.run(at, id),
    subscribeCommunication: (id: number, at: string) => s.subscribeCommunication.run(at, at, id),

    /** Threads with their aggregate flags, latest activity first; `r` filters by the latest message's day. */
    threads(v: Viewer, r: Range, onlySent: boolean, recordVisit: boolean) {
      const [from, to] = range(r);
      const viewer = { id_studente: v.id_studente, anno: v.anno, id_utente: v.id_utente };
      const messages = s.threadMessagesOfStudent.all(viewer);
      const counts = new Map(s.threadAttachmentCounts.all(viewer).map((c) => [c.id_thread, c.n]));
      const out = s.threads
        .all(viewer)
        .filter((t) => !onlySent || t.inviato === 1)
        .map((t) => ({ row: t, base: threadBase(t, messages.filter((m) => m.id_thread === t.id)) }))
        .filter(({ base }) => base.giorno >= from && base.giorno <= to)
        .sort((a, b) => Date.parse(b.base.data) - Date.parse(a.base.data) || b.row.id - a.row.id);
      if (recordVisit) for (const { row } of out) s.clearThreadNews.run(row.id);
      return out.map(({ row, base }) => realThread(row, base, messages, counts.get(row.id) ?? 0));
    },

    findThread(key: string, v: Viewer): ThreadRow | undefined {
      const match = /^(\d+)_ver_(\d+)$/.exec(key);
      if (!match) return undefined;
      return s.thread.get({ id: Number(match[1]), versione: Number(match[2]), id_studente: v.id_studente, anno: v.anno, id_utente: v.id_utente });
    },

    threadDetail(t: ThreadRow, o: Viewer) {
      const messages = s.threadMessages.all({ id_thread: t.id, id_utente: o.id_utente });
      const attachments = s.attachmentsOf.all(o.id_studente, o.anno);
      const base = withoutDay(threadBase(t, messages));
      const ids = new Set(messages.map((m) => m.id));
      return {
        ...base,
        allegati: attachments.filter((a) => a.id_thread_messaggio !== null && ids.has(a.id_thread_messaggio)).map(attachmentView),
        messaggi: messages.map((m) => messageView(m, attachments)),
      };
    },

    threadMessage: (t: ThreadRow, messageId: number, v: Viewer) =>
      s.threadMessages.all({ id_thread: t.id, id_utente: v.id_utente }).find((m) => m.id === messageId),

    readThread(t: ThreadRow, at: string) {
      s.readThread.run(at, t.id);
      s.clearThreadNews.run(t.id);
    },

    confirmThreadMessage: (messageId: number, at: string) => s.confirmThreadMessage.run(at, messageId),

    /** A new thread with its first message; returns the thread row. */
    startThread(
      o: Viewer,
      input: { titolo: string; sottotitolo: string; mittente: Sender; testo: string; presa_visione: boolean; at: string; giorno: string; allegati: number[] },
    ): ThreadRow {
      return db.transaction(() => {
        const id = s.nextThreadId.get()?.id ?? 1350;
        s.insertThread.run({
          id,
          id_studente: o.id_studente,
          anno: o.anno,
          id_utente: o.id_utente,
          titolo: input.titolo,
          sottotitolo: input.sottotitolo,
          mittente_nome: input.mittente.nome,
          mittente_ruolo: input.mittente.ruolo,
        });
        const thread = s.thread.get({ id, versione: 2, id_studente: o.id_studente, anno: o.anno, id_utente: o.id_utente });
        if (!thread) throw new Error('thread not stored');
        appendMessage(thread, o.id_utente, input);
        return thread;
      })();
    },

    reply(t: ThreadRow, v: Viewer, input: { mittente: Sender; testo: string; presa_visione: boolean; at: string; giorno: string; allegati: number[] }) {
      db.transaction(() => appendMessage(t, v.id_utente, input))();
    },

    /** The user's own sent messages: another user of the same student does not see them. */
    sent(v: Viewer, r: Range) {
      const [from, to] = range(r);
      const attachments = s.attachmentsOf.all(v.id_studente, v.anno);
      return s.sent.all(v.id_studente, v.anno, v.id_utente, from, to).map((row) => sentView(row, attachments));
    },

    /**
     * Whether the user may download the attachment: the school's communications and notices are
     * every user's; a thread message's follows the message; a sent message's and a loose upload
     * are their writer's only.
     */
    mayDownload(a: AttachmentRow, id_utente: number): boolean {
      if (a.id_comunicazione !== null || a.id_bacheca !== null) return true;
      if (a.id_thread_messaggio !== null) return s.visibleMessage.get({ id: a.id_thread_messaggio, id_utente }) !== undefined;
      if (a.id_inviato !== null) return s.sentAuthor.get(a.id_inviato)?.id_utente === id_utente;
      return a.id_utente === id_utente;
    },

    /**
     * Stores a sent message and its files in one transaction; `write` puts a file on disk once its
     * row is in, so a refused row leaves no file and a failed write leaves no row.
     */
    send(
      o: Viewer,
      input: { titolo: string; testo: string; destinatari: Recipient[]; presa_visione: boolean; at: string; giorno: string },
      files: { nome: string; tipo: string; dimensione: number; file: string }[],
      write: (file: string) => void,
    ) {
      return db.transaction(() => {
        const { lastInsertRowid } = s.insertSent.run({
          id_studente: o.id_studente,
          anno: o.anno,
          id_utente: o.id_utente,
          titolo: input.titolo,
          testo: input.testo,
          destinatari: JSON.stringify(input.destinatari),
          data: input.at,
          giorno: input.giorno,
          presa_visione: Number(input.presa_visione),
        });
        const id = Number(lastInsertRowid);
        for (const f of files) {
          s.insertAttachment.run({ id_studente: o.id_studente, anno: o.anno, id_utente: o.id_utente, ...f, data: input.at, id_inviato: id });
          write(f.file);
        }
        const row = s.sentOne.get(id);
        if (!row) throw new Error('message not stored');
        return sentView(row, s.attachmentsOf.all(o.id_studente, o.anno));
      })();
    },

    notices(o: Owner, sezione: 'notizie' | 'bacheca', r: Range, recordVisit: boolean) {
      const [from, to] = range(r);
      const rows = s.notices.all(o.id_studente, o.anno, sezione, from, to);
      if (recordVisit) s.clearNoticeNews.run(o.id_studente, o.anno, sezione, from, to);
      const attachments = s.attachmentsOf.all(o.id_studente, o.anno);
      return rows.map((n) => noticeView(n, attachments));
    },

    notice(id: number, o: Owner) {
      const row = s.notice.get(id, o.id_studente, o.anno);
      return row && noticeView(row, s.attachmentsOf.all(o.id_studente, o.anno));
    },
    readNotice: (id: number, at: string) => s.readNotice.run(at, id),
    signUpNotice: (id: number, at: string) => s.signUpNotice.run(at, at, id),

    attachment: (id: number, o: Owner): AttachmentRow | undefined => s.attachment.get(id, o.id_studente, o.anno),

    /** Stores an upload's row, then (same transaction) its file through `write`: never one without the other. */
    storeUpload(o: Viewer, f: { nome: string; tipo: string; dimensione: number; file: string; at: string }, write: (file: string) => void) {
      return db.transaction(() => {
        const { lastInsertRowid } = s.insertAttachment.run({
          id_studente: o.id_studente,
          anno: o.anno,
          id_utente: o.id_utente,
          nome: f.nome,
          tipo: f.tipo,
          dimensione: f.dimensione,
          file: f.file,
          data: f.at,
          id_inviato: null,
        });
        write(f.file);
        return Number(lastInsertRowid);
      })();
    },

    /**
     * Removes the uploads never sent that are older than `before`; returns their stored file names
     * so the caller deletes the files once the rows are gone.
     */
    sweepUploads(before: Date): string[] {
      return db.transaction(() => {
        const stale = s.strayUploads.all().filter((a) => Date.parse(a.data) < before.getTime());
        for (const a of stale) s.deleteAttachment.run(a.id);
        return stale.flatMap((a) => (a.file ? [a.file] : []));
      })();
    },

    /** The school's staff and the class's teachers; `forUser` keeps those the user may write to. */
    recipients(e: { id_scuola: string; anno: string; classe: string }, forUser?: 'genitore' | 'studente'): Recipient[] {
      const staff = s.staff
        .all(e.id_scuola)
        .filter((r) => !forUser || (forUser === 'genitore' ? r.per_genitori === 1 : r.per_studenti === 1))
        .map(({ id, gruppo, descrizione }) => ({ id, gruppo, descrizione }));
      const teachers = classTeachers(db, e.id_scuola, e.anno, e.classe)
        .map((t): Recipient => ({ id: `${t.id}@professore`, gruppo: 'Professori', descrizione: `${t.nome} (${t.materie.join(', ')})` }))
        .sort((a, b) => a.descrizione.localeCompare(b.descrizione, 'it'));
      const admins = staff.filter((r) => r.gruppo === 'Amministratori');
      const office = staff.filter((r) => r.gruppo === 'Segreteria');
      return [...admins, ...teachers, ...office];
    },
  };

  function appendMessage(
    t: ThreadRow,
    id_utente: number,
    input: { mittente: Sender; testo: string; presa_visione: boolean; at: string; giorno: string; allegati: number[] },
  ) {
    const { lastInsertRowid } = s.insertThreadMessage.run({
      id_thread: t.id,
      id_utente,
      mittente_nome: input.mittente.nome,
      mittente_ruolo: input.mittente.ruolo,
      testo: input.testo,
      data: input.at,
      giorno: input.giorno,
      presa_visione: Number(input.presa_visione),
    });
    for (const a of input.allegati) s.linkToThreadMessage.run(Number(lastInsertRowid), a);
  }
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
