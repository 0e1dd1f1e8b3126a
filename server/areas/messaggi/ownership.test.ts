import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auth, pathOf, useTestServer } from '../../testing';
import { multipart, PDF } from './multipartPayload';
import { UPLOAD_RETENTION_HOURS } from './uploads';

interface Attachment {
  id: number;
  nome: string;
}
interface ThreadDetail {
  id: string;
  inviato: boolean;
  messaggi: { id: number; testo: string; inviato: boolean; allegati: Attachment[] }[];
}

/**
 * Threads, sent messages and uploads belong to the user who wrote them; the school's items belong
 * to every user of the student. Marco (501) gets a second parent and a student account of his own
 * here, as a family with two parents would have.
 */
describe('messaggi: what belongs to whom', () => {
  const t = useTestServer();

  const upload = (token: string, nome = 'delega.pdf') =>
    t.server.app.inject({
      method: 'POST',
      url: pathOf('messaggi/add_attachment'),
      headers: { ...auth(token), ...multipart([{ name: 'file', filename: nome, type: 'application/pdf', data: PDF }]).headers },
      payload: multipart([{ name: 'file', filename: nome, type: 'application/pdf', data: PDF }]).payload,
    });
  const stored = () => {
    try {
      return readdirSync(join(t.server.dataDir, 'allegati')).sort();
    } catch {
      return [];
    }
  };

  /** Adds a user of Marco's family (same password as the demo accounts) and signs them in. */
  async function familyUser(id: number, username: string, tipo: 'genitore' | 'studente'): Promise<string> {
    const db = t.db();
    const hash = db.prepare<[], { password_hash: string }>("SELECT password_hash FROM utenti WHERE username = 'genitore.demo'").get()!.password_hash;
    db.prepare('INSERT INTO utenti (id_utente, mastercom_id, username, password_hash, nome, cognome, tipo) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      id,
      id,
      username,
      hash,
      tipo === 'genitore' ? 'Paolo' : 'Marco',
      'Rossi',
      tipo,
    );
    db.prepare('INSERT INTO utenti_studenti (id_utente, id_studente) VALUES (?, 501)').run(id);
    return (await t.server.login(username)).token;
  }

  it("keeps a parent's threads, replies, sent messages and uploads from the rest of the family", async () => {
    const other = await familyUser(9901, 'genitore2.test', 'genitore');
    const marco = await familyUser(9902, 'marco.test', 'studente');

    // The school's threads are everyone's; the seeded thread the first parent started is theirs.
    const mine: ThreadDetail[] = (await t.get(pathOf('thread?profile_update=0'))).json();
    const theirs: ThreadDetail[] = (await t.get(pathOf('thread?profile_update=0'), other)).json();
    const started = mine.filter((th) => th.inviato).map((th) => th.id);
    expect(started.length).toBeGreaterThan(0);
    expect(theirs.map((th) => th.id)).toEqual(mine.map((th) => th.id).filter((id) => !started.includes(id)));
    expect((await t.get(pathOf('thread-inviati'), other)).json()).toEqual([]);

    // A new private thread with an attachment, and a reply inside a school thread.
    const file: Attachment = (await upload(t.parent)).json();
    const res = await t.send('POST', pathOf('thread-json'), {
      destinatari: ['3000201@segreteria'],
      titolo: 'Questione privata',
      testo: 'Scrivo io, non il resto della famiglia.',
      allegati: [file.id],
    });
    expect(res.statusCode).toBe(201);
    const thread: ThreadDetail = res.json();
    const school = theirs[0]!.id;
    const replied = await t.send('POST', pathOf('thread-json'), { id_thread: school, testo: 'Risposta del primo genitore' });
    expect(replied.statusCode).toBe(201);
    const v1 = await t.server.app.inject({
      method: 'POST',
      url: pathOf('messaggi'),
      headers: { ...auth(t.parent), ...multipart([]).headers },
      payload: multipart([
        { name: 'destinatari[]', value: '3000201@segreteria' },
        { name: 'titolo', value: 'Messaggio riservato' },
        { name: 'testo', value: 'Solo per la segreteria.' },
        { name: 'files[]', filename: 'privato.pdf', type: 'application/pdf', data: PDF },
      ]).payload,
    });
    expect(v1.statusCode).toBe(201);
    const sentFile = (v1.json() as { allegati: Attachment[] }).allegati[0]!;

    for (const token of [other, marco]) {
      const threads: ThreadDetail[] = (await t.get(pathOf('thread?profile_update=0'), token)).json();
      expect(threads.map((th) => th.id)).not.toContain(thread.id);
      expect((await t.get(pathOf(`thread/${thread.id}`), token)).statusCode).toBe(404);
      expect((await t.send('POST', pathOf('thread-json'), { id_thread: thread.id, testo: 'Intruso' }, token)).statusCode).toBe(404);
      expect((await t.send('PUT', pathOf(`thread/${thread.id}/${thread.messaggi[0]!.id}`), undefined, token)).statusCode).toBe(404);
      expect((await t.get(pathOf(`messaggi/allegati/${file.id}`), token)).statusCode).toBe(404);
      expect((await t.get(pathOf(`messaggi/allegati/${sentFile.id}`), token)).statusCode).toBe(404);
      expect((await t.get(pathOf('messaggi'), token)).json()).toEqual([]);
      // The school thread stays visible, without the first parent's reply.
      const shared: ThreadDetail = (await t.get(pathOf(`thread/${school}`), token)).json();
      expect(shared.messaggi.length).toBeGreaterThan(0);
      expect(shared.messaggi.map((m) => m.testo)).not.toContain('Risposta del primo genitore');
    }

    // The writer still sees and downloads all of it.
    expect((await t.get(pathOf(`messaggi/allegati/${file.id}`))).statusCode).toBe(200);
    expect((await t.get(pathOf(`messaggi/allegati/${sentFile.id}`))).statusCode).toBe(200);
    const own: ThreadDetail = (await t.get(pathOf(`thread/${school}`))).json();
    expect(own.messaggi.map((m) => m.testo)).toContain('Risposta del primo genitore');
    expect(((await t.get(pathOf('messaggi'))).json() as { titolo: string }[]).map((m) => m.titolo)).toContain('Messaggio riservato');
  });

  it("lets every user of the student read the school's communications and download their attachments", async () => {
    const other = (await t.server.login('genitore2.test')).token;
    const list: { id_messaggio: number; allegati: number }[] = (await t.get(pathOf('comunicazioni_elenco?profile_update=0'), other)).json();
    expect(list).toEqual((await t.get(pathOf('comunicazioni_elenco?profile_update=0'))).json());
    const withFile = list.find((c) => c.allegati > 0)!;
    const detail: { allegati: Attachment[] } = (await t.get(pathOf(`comunicazioni/${withFile.id_messaggio}`), other)).json();
    const res = await t.get(pathOf(`messaggi/allegati/${detail.allegati[0]!.id}`), other);
    expect(res.statusCode).toBe(200);
    // A school thread's attachment too.
    const threads: ThreadDetail[] = (await t.get(pathOf('thread?profile_update=0'), other)).json();
    const files = (await Promise.all(threads.map(async (th) => ((await t.get(pathOf(`thread/${th.id}`), other)).json() as ThreadDetail).messaggi)))
      .flat()
      .flatMap((m) => m.allegati);
    expect(files.length).toBeGreaterThan(0);
    expect((await t.get(pathOf(`messaggi/allegati/${files[0]!.id}`), other)).statusCode).toBe(200);
  });

  it('deletes uploads never sent, row and file, once they are older than the retention time', async () => {
    const before = stored();
    const stale: Attachment = (await upload(t.parent, 'dimenticato.pdf')).json();
    const staleFiles = stored().filter((f) => !before.includes(f));
    expect(staleFiles).toHaveLength(1);
    const sentOne: Attachment = (await upload(t.parent, 'spedito.pdf')).json();
    const res = await t.send('POST', pathOf('thread-json'), { destinatari: ['3000201@segreteria'], titolo: 'Con allegato', testo: 'Ecco', allegati: [sentOne.id] });
    expect(res.statusCode).toBe(201);

    // The session would not outlive the hours that pass: sign in again after each jump.
    t.server.advance((UPLOAD_RETENTION_HOURS - 1) * 3600);
    let token = (await t.server.login()).token;
    const fresh: Attachment = (await upload(token, 'ancora-qui.pdf')).json();
    expect((await t.get(pathOf(`messaggi/allegati/${stale.id}`), token)).statusCode).toBe(200);

    t.server.advance(2 * 3600);
    token = (await t.server.login()).token;
    await upload(token, 'nuovo.pdf');
    expect((await t.get(pathOf(`messaggi/allegati/${stale.id}`), token)).statusCode).toBe(404);
    expect(stored()).not.toContain(staleFiles[0]);
    // The sent one and the one still within its day stay.
    expect((await t.get(pathOf(`messaggi/allegati/${sentOne.id}`), token)).statusCode).toBe(200);
    expect((await t.get(pathOf(`messaggi/allegati/${fresh.id}`), token)).statusCode).toBe(200);
  });

  it('writes no file when its row cannot be written', async () => {
    const db = t.db();
    db.exec("CREATE TRIGGER messaggi_allegati_full BEFORE INSERT ON messaggi_allegati BEGIN SELECT RAISE(ABORT, 'disco pieno'); END");
    try {
      const token = (await t.server.login()).token;
      const before = stored();
      const res = await upload(token, 'orfano.pdf');
      expect(res.statusCode).toBe(500);
      const v1 = await t.server.app.inject({
        method: 'POST',
        url: pathOf('messaggi'),
        headers: { ...auth(token), ...multipart([]).headers },
        payload: multipart([
          { name: 'destinatari[]', value: '3000201@segreteria' },
          { name: 'titolo', value: 'Con file' },
          { name: 'testo', value: 'Testo' },
          { name: 'files[]', filename: 'orfano.pdf', type: 'application/pdf', data: PDF },
        ]).payload,
      });
      expect(v1.statusCode).toBe(500);
      expect(stored()).toEqual(before);
      const sent: { titolo: string }[] = (await t.get(pathOf('messaggi'), token)).json();
      expect(sent.map((m) => m.titolo)).not.toContain('Con file');
    } finally {
      db.exec('DROP TRIGGER messaggi_allegati_full');
    }
  });
});
