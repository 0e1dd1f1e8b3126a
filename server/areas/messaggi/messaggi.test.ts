import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { databasePath } from '../../db/database';
import { auth, CURRENT_YEAR, expectValidPdf, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';
import { EXE, multipart, PDF, PNG } from './multipartPayload';

const { expectConforms, uncovered } = contractChecker();
const NOW_ISO = '2026-11-21T10:15:00+01:00';

interface Communication {
  id_messaggio: number;
  da_leggere: boolean;
  data_lettura: string | null;
  presa_visione: boolean;
  conferma_lettura: boolean;
  sottoscrizione: boolean;
  novita: boolean;
  allegati: number;
  dettaglio: string;
}
interface Attachment {
  id: number;
  nome: string;
  url: string;
  tipo: string;
  dimensione: number;
}
interface Thread {
  id: string;
  da_leggere: boolean;
  inviato: boolean;
  numero_messaggi: number;
  messaggi: { id: number; inviato: boolean; presa_visione: boolean; da_leggere: boolean; allegati: Attachment[] }[];
  allegati: Attachment[];
}

describe('messaggi', () => {
  const t = useTestServer();

  const marco = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);
  const get = (url: string, token = t.parent) => t.server.app.inject({ url, headers: auth(token) });
  const put = (url: string, token = t.parent) => t.server.app.inject({ method: 'PUT', url, headers: auth(token) });
  const postJson = (url: string, payload: unknown, token = t.parent) =>
    t.server.app.inject({ method: 'POST', url, headers: auth(token), payload: payload as Record<string, unknown> });
  const postForm = (url: string, form: ReturnType<typeof multipart>, token = t.parent) =>
    t.server.app.inject({ method: 'POST', url, headers: { ...auth(token), ...form.headers }, payload: form.payload });

  it('lists everything for every seeded student and year', async () => {
    const cases = [
      { token: t.parent, school: 'DEMO01', id: 501, years: [CURRENT_YEAR, PREVIOUS_YEAR] },
      { token: t.parent, school: 'DEMO02', id: 502, years: [CURRENT_YEAR] },
      { token: t.student, school: 'DEMO01', id: 503, years: [CURRENT_YEAR] },
    ];
    const ops: [string, string][] = [
      ['getCommunicationsOverview', 'comunicazioni?profile_update=0'],
      ['listCommunications', 'comunicazioni_elenco?profile_update=0'],
      ['listThreads', 'thread?profile_update=0'],
      ['listSentThreads', 'thread-inviati'],
      ['listSentMessages', 'messaggi'],
      ['listNews', 'notizie?profile_update=0'],
      ['listNoticeBoard', 'bacheca?profile_update=0'],
      ['listRecipients', 'destinatari'],
      ['listUserRecipients', 'destinatari-utente'],
    ];
    for (const { token, school, id, years } of cases) {
      for (const year of years) {
        for (const [op, rest] of ops) {
          const res = await get(studentPath(school, id, year, rest), token);
          expectConforms(op, res);
        }
        const list: Communication[] = (await get(studentPath(school, id, year, 'comunicazioni_elenco?profile_update=0'), token)).json();
        expect(list.length).toBeGreaterThanOrEqual(10);
        expect(list.length).toBeLessThanOrEqual(20);
        expect(list.some((c) => c.allegati > 0)).toBe(true);
        expect(list.some((c) => c.presa_visione)).toBe(true);
        if (year === CURRENT_YEAR) {
          expect(list.some((c) => c.da_leggere)).toBe(true);
          expect(list.some((c) => c.presa_visione && !c.sottoscrizione)).toBe(true);
        }
        expect(list.some((c) => !c.da_leggere)).toBe(true);
        expect(list.some((c) => c.dettaglio.includes('<script>'))).toBe(true);
      }
    }
  });

  it('filters by date range and rejects a reversed one', async () => {
    const all: Communication[] = (await get(marco('comunicazioni_elenco?profile_update=0'))).json();
    const some: Communication[] = (await get(marco('comunicazioni_elenco?profile_update=0&data_inizio=2026-11-10&data_fine=2026-11-21'))).json();
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    const reversed = await get(marco('comunicazioni_elenco?data_inizio=2026-11-21&data_fine=2026-11-01'));
    expectConforms('listCommunications', reversed, 400);
    expect(reversed.json().detail).toMatch(/Intervallo di date non valido/);
    expectConforms('listThreads', await get(marco('thread?data_inizio=21-11-2026')), 400);
    expectConforms('listNews', await get(marco('notizie?profile_update=2')), 400);
    expectConforms('listCommunications', await t.server.app.inject({ url: marco('comunicazioni_elenco') }), 401);
  });

  it('records the visit unless profile_update is 0', async () => {
    const url = studentPath('DEMO01', 503, CURRENT_YEAR, 'notizie');
    const before: { novita: boolean }[] = (await get(`${url}?profile_update=0`, t.student)).json();
    expect(before.some((n) => n.novita)).toBe(true);
    expect((await get(`${url}?profile_update=0`, t.student)).json()).toEqual(before);
    expect((await get(url, t.student)).json()).toEqual(before);
    const after: { novita: boolean }[] = (await get(url, t.student)).json();
    expect(after.every((n) => !n.novita)).toBe(true);
  });

  it('opening a communication marks it read and lists its attachments', async () => {
    const list: Communication[] = (await get(marco('comunicazioni_elenco?profile_update=0'))).json();
    const unread = list.find((c) => c.da_leggere && c.allegati > 0) ?? list.find((c) => c.da_leggere);
    if (!unread) throw new Error('no unread communication');
    const res = await get(marco(`comunicazioni/${unread.id_messaggio}`));
    expectConforms('getCommunication', res);
    expect(res.json()).toMatchObject({ da_leggere: false, data_lettura: NOW_ISO, conferma_lettura: false });
    const again: Communication[] = (await get(marco('comunicazioni_elenco?profile_update=0'))).json();
    expect(again.find((c) => c.id_messaggio === unread.id_messaggio)).toMatchObject({ da_leggere: false, data_lettura: NOW_ISO });

    const withFile: Communication | undefined = list.find((c) => c.allegati > 0);
    if (!withFile) throw new Error('no communication with attachments');
    const detail = (await get(marco(`comunicazioni/${withFile.id_messaggio}`))).json() as { allegati: Attachment[] };
    expect(detail.allegati).toHaveLength(withFile.allegati);
    const file = detail.allegati[0] as Attachment;
    const download = await get(file.url);
    expectConforms('downloadMessageAttachment', download, 200, 'application/pdf');
    expectValidPdf(download.rawPayload, file.nome);
    expect(download.rawPayload.length).toBe(file.dimensione);
    expect(download.headers['content-disposition']).toContain(`attachment; filename="${file.nome}"`);
  });

  it('answers 404 for unknown ids and for items of another student', async () => {
    const luca: Communication[] = (await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'comunicazioni_elenco?profile_update=0'), t.student)).json();
    const lucaId = (luca[0] as Communication).id_messaggio;
    for (const id of [lucaId, 999_999]) {
      expectConforms('getCommunication', await get(marco(`comunicazioni/${id}`)), 404);
      expectConforms('confirmCommunication', await put(marco(`comunicazioni/${id}?scope=lettura`)), 404);
    }
    expectConforms('getThread', await get(marco('thread/999_ver_2')), 404);
    expectConforms('getThread', await get(marco('thread/abc')), 400);
    expectConforms('downloadMessageAttachment', await get(marco('messaggi/allegati/999999')), 404);
    const lucaThreads: Thread[] = (await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'thread?profile_update=0'), t.student)).json();
    expectConforms('getThread', await get(marco(`thread/${(lucaThreads[0] as Thread).id}`)), 404);
    const untouched: Communication[] = (await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'comunicazioni_elenco?profile_update=0'), t.student)).json();
    expect(untouched).toEqual(luca);
  });

  it('confirms the reading and gives the acknowledgement (presa visione)', async () => {
    const list: Communication[] = (await get(marco('comunicazioni_elenco?profile_update=0'))).json();
    const asking = list.find((c) => c.presa_visione && !c.sottoscrizione);
    const notAsking = list.find((c) => !c.presa_visione && !c.conferma_lettura);
    if (!asking || !notAsking) throw new Error('seed lacks communications to confirm');

    const read = await put(marco(`comunicazioni/${notAsking.id_messaggio}?scope=lettura`));
    expectConforms('confirmCommunication', read);
    expect(read.json()).toMatchObject({ ok: true, scope: 'lettura', da_leggere: false, conferma_lettura: true, sottoscrizione: false });

    const refused = await put(marco(`comunicazioni/${notAsking.id_messaggio}?scope=presa_visione`));
    expectConforms('confirmCommunication', refused, 409);
    expect(refused.json().error).toBe('La comunicazione non richiede la presa visione');

    const ack = await put(marco(`comunicazioni/${asking.id_messaggio}?scope=presa_visione`));
    expectConforms('confirmCommunication', ack);
    expect(ack.json()).toMatchObject({ ok: true, sottoscrizione: true, conferma_lettura: true, data_sottoscrizione: NOW_ISO, da_leggere: false });
    const again = await put(marco(`comunicazioni/${asking.id_messaggio}?scope=presa_visione`));
    expect(again.json()).toEqual(ack.json());

    for (const q of ['', '?scope=firma']) {
      const bad = await put(marco(`comunicazioni/${notAsking.id_messaggio}${q}`));
      expectConforms('confirmCommunication', bad, 400);
      expect(bad.json().detail).toMatch(/scope/);
    }
    const overview = (await get(marco('comunicazioni?profile_update=0'))).json();
    expect(overview.elenco.find((c: Communication) => c.id_messaggio === asking.id_messaggio)).toMatchObject({ sottoscrizione: true });
  });

  it('lists threads in the shape of a real school backend', async () => {
    type Listed = { id: string; id_messaggio: string; mittente: { cognome: string; nome: string }; da_leggere: boolean; data_lettura: string; presa_visione: number; sottoscrizione: number; allegati: number; destinatari_concatenati: string };
    const threads: Listed[] = (await get(marco('thread?profile_update=0'))).json();
    expect(threads.length).toBeGreaterThan(0);
    for (const th of threads) {
      expect(th.id_messaggio).toMatch(/^\d+$/);
      expect(th.mittente.cognome.length).toBeGreaterThan(0);
      expect(th.mittente.nome).toBe('');
      expect([-1, 0, 1]).toContain(th.presa_visione);
      expect(th.sottoscrizione).toBe(th.presa_visione);
      expect(Number.isInteger(th.allegati)).toBe(true);
      expect(typeof th.destinatari_concatenati).toBe('string');
      if (th.da_leggere) expect(th.data_lettura).toBe('');
    }
    expect(threads.some((th) => th.presa_visione === -1)).toBe(true);
    expect(threads.some((th) => th.presa_visione !== -1)).toBe(true);
  });

  it('opens a thread (read) and confirms its messages', async () => {
    const threads: Thread[] = (await get(marco('thread?profile_update=0'))).json();
    const unread = threads.find((t) => t.da_leggere && !t.inviato);
    if (!unread) throw new Error('no unread thread');
    const res = await get(marco(`thread/${unread.id}`));
    expectConforms('getThread', res);
    const detail: Thread = res.json();
    expect(detail.da_leggere).toBe(false);
    expect(detail.messaggi.every((m) => !m.da_leggere)).toBe(true);

    const asking = threads.find((t) => t.id !== unread.id && !t.inviato) as Thread;
    const full: Thread = (await get(marco(`thread/${asking.id}`))).json();
    const message = full.messaggi.find((m) => !m.inviato);
    if (!message) throw new Error('no school message');
    const ok = await put(marco(`thread/${asking.id}/${message.id}`));
    expectConforms('confirmThreadMessage', ok);
    expect(ok.json()).toMatchObject({ ok: true, id_thread: asking.id, id_messaggio: message.id, conferma_lettura: true, sottoscrizione: message.presa_visione });

    expectConforms('confirmThreadMessage', await put(marco(`thread/${asking.id}/999999`)), 404);
    expectConforms('confirmThreadMessage', await put(marco(`thread/${asking.id}/abc`)), 400);
    const sent: Thread[] = (await get(marco('thread-inviati'))).json();
    const own: Thread = (await get(marco(`thread/${(sent[0] as Thread).id}`))).json();
    const mine = own.messaggi.find((m) => m.inviato);
    if (!mine) throw new Error('no family message');
    expectConforms('confirmThreadMessage', await put(marco(`thread/${own.id}/${mine.id}`)), 409);
  });

  it('uploads an attachment, sends it in a new thread, replies and serves it back', async () => {
    const upload = await postForm(marco('messaggi/add_attachment'), multipart([{ name: 'file', filename: 'giustifica firmata.pdf', type: 'application/pdf', data: PDF }]));
    expectConforms('uploadMessageAttachment', upload, 201);
    const uploaded = upload.json() as { id: number; nome: string; dimensione: number; tipo: string };
    expect(uploaded).toMatchObject({ nome: 'giustifica firmata.pdf', dimensione: PDF.length, tipo: 'application/pdf' });
    const own = await get(marco(`messaggi/allegati/${uploaded.id}`));
    expectConforms('downloadMessageAttachment', own, 200, 'application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers['content-disposition']).toBe(`attachment; filename="giustifica firmata.pdf"; filename*=UTF-8''giustifica%20firmata.pdf`);
    // Another family cannot see it, even knowing the id.
    expect((await get(studentPath('DEMO01', 503, CURRENT_YEAR, `messaggi/allegati/${uploaded.id}`), t.student)).statusCode).toBe(404);

    const recipients: { id: string; gruppo: string }[] = (await get(marco('destinatari-utente'))).json();
    const teacher = recipients.find((r) => r.gruppo === 'Professori');
    if (!teacher) throw new Error('no teacher recipient');
    const created = await postJson(marco('thread-json'), {
      destinatari: [teacher.id],
      titolo: 'Richiesta di chiarimento',
      testo: 'Buongiorno, vorrei un chiarimento sulla verifica.',
      presa_visione: true,
      allegati: [uploaded.id],
    });
    expectConforms('sendThreadMessage', created, 201);
    const thread: Thread = created.json();
    expect(thread).toMatchObject({ inviato: true, numero_messaggi: 1, titolo: 'Richiesta di chiarimento' });
    expect(thread.allegati.map((a) => a.id)).toEqual([uploaded.id]);
    expect(((await get(marco('thread-inviati'))).json() as Thread[])[0]?.id).toBe(thread.id);

    const reused = await postJson(marco('thread-json'), { id_thread: thread.id, testo: 'Di nuovo', allegati: [uploaded.id] });
    expectConforms('sendThreadMessage', reused, 400);
    expect(reused.json().detail).toBe(`Allegato non valido: ${uploaded.id}`);

    const replied = await postJson(marco('thread-json'), { id_thread: thread.id, testo: 'Aggiungo un dettaglio.' });
    expectConforms('sendThreadMessage', replied, 201);
    expect(replied.json()).toMatchObject({ id: thread.id, numero_messaggi: 2 });
  });

  it('rejects bad thread-json input and changes nothing', async () => {
    const before = (await get(marco('thread?profile_update=0'))).json();
    const cases: [unknown, number, RegExp][] = [
      [{ destinatari: ['3000168@amministratore'], titolo: 'x' }, 400, /testo/],
      // Fastify coerces scalars (5 → "5"), so the wrong types here are objects.
      [{ destinatari: ['3000168@amministratore'], titolo: 'x', testo: { html: 'y' } }, 400, /testo/],
      [{ destinatari: { id: '3000168@amministratore' }, titolo: 'x', testo: 'y' }, 400, /destinatari/],
      [{ destinatari: ['3000168@amministratore'], titolo: 'x', testo: 'y', allegati: ['primo'] }, 400, /allegati/],
      [{ testo: 'Solo testo' }, 400, /Indicare id_thread \(risposta\) oppure destinatari e titolo/],
      [{ destinatari: ['3000168@amministratore'], testo: 'Senza titolo' }, 400, /titolo è obbligatorio/],
      [{ destinatari: ['3000168@amministratore'], titolo: '   ', testo: 'y' }, 400, /titolo è obbligatorio/],
      [{ destinatari: ['1@nessuno'], titolo: 'x', testo: 'y' }, 400, /Destinatario non valido: 1@nessuno/],
      [{ id_thread: '1350_ver_2', titolo: 'x', testo: 'y' }, 400, /risposta/],
      [{ destinatari: ['3000168@amministratore'], titolo: 'x', testo: 'y', allegati: [6101] }, 400, /Allegato non valido: 6101/],
      [{ id_thread: '9999_ver_2', testo: 'y' }, 404, /Contenuto non disponibile/],
    ];
    for (const [payload, status, detail] of cases) {
      const res = await postJson(marco('thread-json'), payload);
      expectConforms('sendThreadMessage', res, status);
      expect(res.json().detail, JSON.stringify(payload)).toMatch(detail);
    }
    const other = await postJson(studentPath('DEMO01', 503, CURRENT_YEAR, 'thread-json'), { testo: 'x', id_thread: '1350_ver_2' });
    expectConforms('sendThreadMessage', other, 403);
    expect((await get(marco('thread?profile_update=0'))).json()).toEqual(before);
  });

  it('a student may write to the teachers but not to the head teacher', async () => {
    const url = studentPath('DEMO01', 503, CURRENT_YEAR, 'destinatari-utente');
    const mine: { id: string }[] = (await get(url, t.student)).json();
    expect(mine.some((r) => r.id === '3000168@amministratore')).toBe(false);
    const all: { id: string }[] = (await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'destinatari'), t.student)).json();
    expect(all.some((r) => r.id === '3000168@amministratore')).toBe(true);
    const res = await postJson(studentPath('DEMO01', 503, CURRENT_YEAR, 'thread-json'), { destinatari: ['3000168@amministratore'], titolo: 'x', testo: 'y' }, t.student);
    expect(res.statusCode).toBe(400);
  });

  it('sends a message with files (multipart) and lists it', async () => {
    const form = multipart([
      { name: 'destinatari[]', value: '3000201@segreteria' },
      { name: 'titolo', value: 'Richiesta certificato' },
      { name: 'testo', value: 'Buongiorno, chiedo un certificato di frequenza.' },
      { name: 'presa_visione', value: 'true' },
      { name: 'files[]', filename: 'delega.png', type: 'image/png', data: PNG },
      { name: 'files[]', filename: 'documento.pdf', type: 'application/pdf', data: PDF },
    ]);
    const res = await postForm(marco('messaggi'), form);
    expectConforms('sendMessage', res, 201);
    const sent = res.json() as { id: number; presa_visione: boolean; destinatari: { id: string }[]; allegati: Attachment[] };
    expect(sent).toMatchObject({ presa_visione: true, destinatari: [{ id: '3000201@segreteria', gruppo: 'Segreteria' }] });
    expect(sent.allegati.map((a) => [a.nome, a.tipo])).toEqual([
      ['delega.png', 'image/png'],
      ['documento.pdf', 'application/pdf'],
    ]);
    const png = await get((sent.allegati[0] as Attachment).url);
    expectConforms('downloadMessageAttachment', png, 200, 'image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    const listed: { id: number }[] = (await get(marco('messaggi'))).json();
    expect(listed[0]?.id).toBe(sent.id);
  });

  it('rejects bad messages and files, storing nothing', async () => {
    const before = (await get(marco('messaggi'))).json();
    const base = [
      { name: 'destinatari[]', value: '3000201@segreteria' },
      { name: 'titolo', value: 'Titolo' },
      { name: 'testo', value: 'Testo' },
    ];
    const cases: [ReturnType<typeof multipart>, number, RegExp][] = [
      [multipart(base.filter((p) => p.name !== 'titolo')), 400, /titolo/],
      [multipart(base.filter((p) => p.name !== 'destinatari[]')), 400, /destinatari/],
      [multipart([...base.filter((p) => p.name !== 'testo'), { name: 'testo', value: '  ' }]), 400, /testo è obbligatorio/],
      [multipart([{ name: 'destinatari[]', value: '99@professore' }, ...base.slice(1)]), 400, /Destinatario non valido: 99@professore/],
      [multipart([...base, { name: 'presa_visione', value: 'forse' }]), 400, /presa_visione/],
      [multipart([...base, { name: 'files[]', filename: 'virus.exe', type: 'application/octet-stream', data: EXE }]), 415, /Tipo di file non ammesso/],
      [multipart([...base, { name: 'files[]', filename: 'finto.pdf', type: 'application/pdf', data: EXE }]), 415, /Tipo di file non ammesso/],
      [multipart([...base, { name: 'files[]', filename: 'vuoto.txt', type: 'text/plain', data: Buffer.alloc(0) }]), 400, /vuoto/],
      [multipart([...base, { name: 'allegato', filename: 'a.pdf', type: 'application/pdf', data: PDF }]), 400, /Campo file non previsto/],
      [multipart([...base, ...Array.from({ length: 6 }, (_, i) => ({ name: 'files[]', filename: `f${i}.pdf`, type: 'application/pdf', data: PDF }))]), 413, /al massimo 5 file/],
    ];
    for (const [form, status, detail] of cases) {
      const res = await postForm(marco('messaggi'), form);
      expectConforms('sendMessage', res, status);
      expect(res.json().detail).toMatch(detail);
    }
    const json = await postJson(marco('messaggi'), { 'destinatari[]': ['3000201@segreteria'], titolo: 'x', testo: 'y' });
    expectConforms('sendMessage', json, 415);
    const other = await postForm(studentPath('DEMO01', 503, CURRENT_YEAR, 'messaggi'), multipart(base));
    expectConforms('sendMessage', other, 403);
    expect((await get(marco('messaggi'))).json()).toEqual(before);
  });

  it('limits uploads to 5 MB and to the accepted types', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const tooBig = await postForm(marco('messaggi/add_attachment'), multipart([{ name: 'file', filename: 'grande.pdf', type: 'application/pdf', data: big }]));
    expectConforms('uploadMessageAttachment', tooBig, 413);
    expect(tooBig.json()).toEqual({ detail: 'Il file supera la dimensione massima di 5 MB', error: 'payload_too_large' });
    const exe = await postForm(marco('messaggi/add_attachment'), multipart([{ name: 'file', filename: 'setup.exe', type: 'application/x-msdownload', data: EXE }]));
    expectConforms('uploadMessageAttachment', exe, 415);
    expect(exe.json().error).toBe('unsupported_media_type');
    const text = await postForm(marco('messaggi/add_attachment'), multipart([{ name: 'file', filename: 'nota.txt', type: 'text/plain', data: Buffer.from('Nota per il docente: grazie!') }]));
    expectConforms('uploadMessageAttachment', text, 201);
    expect(text.json().tipo).toBe('text/plain');
    const missing = await postForm(marco('messaggi/add_attachment'), multipart([{ name: 'altro', value: 'x' }]));
    expectConforms('uploadMessageAttachment', missing, 400);
    expect(missing.json().detail).toMatch(/file/);
    const json = await postJson(marco('messaggi/add_attachment'), { file: 'x' });
    expectConforms('uploadMessageAttachment', json, 415);
    const other = await postForm(studentPath('DEMO01', 503, CURRENT_YEAR, 'messaggi/add_attachment'), multipart([{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }]));
    expectConforms('uploadMessageAttachment', other, 403);
  });

  it('answers 403 "Servizio non attivo per lo studente" when the service is off', async () => {
    const db = new Database(databasePath(t.server.dataDir));
    db.prepare("UPDATE servizi_iscrizione SET attivo = 0 WHERE id_studente = 502 AND anno = ? AND servizio IN ('comunicazioni', 'notizie')").run(CURRENT_YEAR);
    db.close();
    const giulia = (rest: string) => studentPath('DEMO02', 502, CURRENT_YEAR, rest);
    for (const [op, rest] of [['listCommunications', 'comunicazioni_elenco'], ['listNoticeBoard', 'bacheca'], ['listThreads', 'thread']] as const) {
      const res = await get(giulia(rest));
      expectConforms(op, res, 403);
      expect(res.json()).toEqual({ detail: 'Servizio non attivo per lo studente', error: 'servizio_non_attivo' });
    }
    expectConforms('getCommunicationsOverview', await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'comunicazioni')), 403);
  });

  it('marks a notice read and signs up only where the school asks for it, once', async () => {
    interface Notice {
      id: number;
      da_leggere: boolean;
      data_lettura: string | null;
      richiede_adesione: boolean;
      adesione: boolean;
      data_adesione: string | null;
    }
    const news: Notice[] = (await get(marco('notizie?profile_update=0'))).json();
    const board: Notice[] = (await get(marco('bacheca?profile_update=0'))).json();
    const unread = board.find((n) => n.da_leggere && !n.richiede_adesione);
    const signUp = news.find((n) => n.richiede_adesione && !n.adesione);
    const noSignUp = news.find((n) => !n.richiede_adesione);
    if (!unread || !signUp || !noSignUp) throw new Error('seed without the notices this test needs');
    expect(board.some((n) => !n.da_leggere && n.data_lettura !== null)).toBe(true);

    const read = await put(marco(`bacheca/${unread.id}?scope=lettura`));
    expectConforms('confirmNotice', read);
    expect(read.json()).toEqual({ ok: true, id: unread.id, scope: 'lettura', da_leggere: false, data_lettura: NOW_ISO, adesione: false, data_adesione: null });

    const signed = await put(marco(`bacheca/${signUp.id}?scope=adesione`));
    expectConforms('confirmNotice', signed);
    expect(signed.json()).toMatchObject({ da_leggere: false, adesione: true, data_adesione: NOW_ISO });
    expect((await put(marco(`bacheca/${signUp.id}?scope=adesione`))).json()).toMatchObject({ adesione: true, data_adesione: NOW_ISO });
    const after: Notice[] = (await get(marco('notizie?profile_update=0'))).json();
    expect(after.find((n) => n.id === signUp.id)).toMatchObject({ da_leggere: false, adesione: true, data_adesione: NOW_ISO });

    expectConforms('confirmNotice', await put(marco(`bacheca/${noSignUp.id}?scope=adesione`)), 409);
    expectConforms('confirmNotice', await put(marco(`bacheca/${unread.id}?scope=iscriviti`)), 400);
    expectConforms('confirmNotice', await put(marco('bacheca/999999?scope=lettura')), 404);
    // Another student's item is not found, not changed.
    expectConforms('confirmNotice', await put(studentPath('DEMO01', 503, CURRENT_YEAR, `bacheca/${unread.id}?scope=lettura`), t.student), 404);
  });

  it('covers every operation of the tag', () => {
    expect(uncovered('messaggi')).toEqual([]);
  });
});
