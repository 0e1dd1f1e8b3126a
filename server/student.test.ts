import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databasePath } from './db/database';
import { auth, CURRENT_YEAR, PREVIOUS_YEAR, studentPath, useTestServer } from './testing';

interface Grade {
  id_voto: number;
  data: string;
  titolo: string;
  sottotitolo: string;
  valore_peso: number | null;
  presa_visione: boolean;
  novita: boolean;
  data_presa_visione: string | 0;
  data_presa_visione_tradotta: string;
}

describe('per-student data', () => {
  const t = useTestServer();

  const get = (url: string, token: string) => t.server.app.inject({ url, headers: auth(token) });
  const put = (url: string, token: string) => t.server.app.inject({ method: 'PUT', url, headers: auth(token) });

  it.each([
    ['another family’s student', 'DEMO01', 503, CURRENT_YEAR],
    ['an unknown student', 'DEMO01', 999, CURRENT_YEAR],
    ['the right student in another school', 'DEMO02', 501, CURRENT_YEAR],
    ['a year the student was not enrolled', 'DEMO02', 502, PREVIOUS_YEAR],
  ])('answers 403 and nothing else for %s', async (_case, school, id, year) => {
    for (const rest of ['studente/info', 'materie_nextapi', 'aggiornamenti_nextapi', 'voti_plain']) {
      const res = await get(studentPath(school, id, year, rest), t.parent);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Accesso non consentito', error: 'forbidden' });
    }
    const ack = await put(studentPath(school, id, year, 'presa_visione_voti/9001'), t.parent);
    expect(ack.statusCode).toBe(403);
  });

  it('keeps the student account to its own student', async () => {
    expect((await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'voti_plain'), t.student)).statusCode).toBe(200);
    expect((await get(studentPath('DEMO01', 501, CURRENT_YEAR, 'voti_plain'), t.student)).statusCode).toBe(403);
  });

  it('describes the school year and services of the student', async () => {
    // The real backend's shape: no class or student fields, the current period as an object.
    const marco = (await get(studentPath('DEMO01', 501, CURRENT_YEAR, 'studente/info'), t.parent)).json();
    expect(marco).toMatchObject({
      indirizzo: 'Liceo Scientifico',
      scuola: 'Liceo Scientifico Galileo Galilei - Demo',
      periodo_corrente: { numero: 1, periodo: 'Trimestre', data_inizio: '2026-09-14T00:00:00', data_fine: '2026-12-22T23:59:59' },
      voti_pesati: 'SI',
      richiesta_colloqui_individuali: true,
      prenotazione_entrate_orario_limite: '08:00',
      servizi: { presa_visione_voti: true },
    });
    expect(marco.classe).toBeUndefined();
    const marcoPast = (await get(studentPath('DEMO01', 501, PREVIOUS_YEAR, 'studente/info'), t.parent)).json();
    expect(marcoPast.periodo_corrente).toMatchObject({ numero: 2 });
    const giulia = (await get(studentPath('DEMO02', 502, CURRENT_YEAR, 'studente/info'), t.parent)).json();
    expect(giulia).toMatchObject({ voti_pesati: 'NO', media_voti: 'SI' });
    expect(giulia.servizi).toMatchObject({ alternanza: false, elezioni: false, mense: false, voti: true });
  });

  it('lists subjects by ordinamento with their teachers', async () => {
    const subjects = (await get(studentPath('DEMO01', 501, CURRENT_YEAR, 'materie_nextapi'), t.parent)).json();
    const order = subjects.map((s: { ordinamento: number }) => s.ordinamento);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(subjects.every((s: { professori: unknown[] }) => s.professori.length >= 1)).toBe(true);
    expect(subjects.some((s: { descrizione: string }) => s.descrizione.length > 30)).toBe(true);
  });

  it('lists grades newest first', async () => {
    const grades: Grade[] = (await get(studentPath('DEMO01', 501, CURRENT_YEAR, 'voti_plain'), t.parent)).json();
    expect(grades.length).toBe(40);
    const dates = grades.map((g) => g.data);
    expect(dates).toEqual([...dates].sort().reverse());
    // The real backend's shape: a date-time with offset, the subject by name, the kind capitalised.
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}T00:00:00\+0[12]:00$/.test(d))).toBe(true);
    expect(grades.every((g) => g.titolo.length > 0 && /^\p{Lu}/u.test(g.sottotitolo))).toBe(true);
    expect(grades.filter((g) => !g.presa_visione).every((g) => g.data_presa_visione === 0 && g.data_presa_visione_tradotta === '')).toBe(true);
  });

  it('sends no weight for the grades of a school that does not weigh them', async () => {
    const grades: Grade[] = (await get(studentPath('DEMO02', 502, CURRENT_YEAR, 'voti_plain'), t.parent)).json();
    expect(grades.length).toBeGreaterThan(0);
    expect(grades.every((g) => g.valore_peso === null)).toBe(true);
  });

  it('acknowledges a grade once, persistently, and updates the news count', async () => {
    const grades = studentPath('DEMO01', 501, CURRENT_YEAR, 'voti_plain');
    const updates = studentPath('DEMO01', 501, CURRENT_YEAR, 'aggiornamenti_nextapi');
    const before = (await get(updates, t.parent)).json();
    expect(before[0]).toEqual(expect.objectContaining({ sezione: 'voti', conteggio: 6, descrizione: '6 nuovi voti', visibile: true }));

    const unread = ((await get(grades, t.parent)).json() as Grade[]).find((g) => !g.presa_visione);
    if (!unread) throw new Error('the seed has no unread grade');
    const url = studentPath('DEMO01', 501, CURRENT_YEAR, `presa_visione_voti/${unread.id_voto}`);
    const first = await put(url, t.parent);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id_voto: unread.id_voto,
      presa_visione: true,
      novita: false,
      data_presa_visione: '2026-11-21T10:15:00+01:00',
      data_presa_visione_tradotta: '21-11-2026 10:15',
    });

    const listed = ((await get(grades, t.parent)).json() as Grade[]).find((g) => g.id_voto === unread.id_voto);
    expect(listed).toEqual(first.json());

    t.server.advance(600);
    try {
      const again = await put(url, t.parent);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    } finally {
      t.server.setNow('2026-11-21T09:15:00Z');
    }
    const after = (await get(updates, t.parent)).json();
    expect(after[0]).toMatchObject({ conteggio: 5, descrizione: '5 nuovi voti' });
  });

  it('counts the new items of every section that has them, as the sections list them', async () => {
    type Item = { novita?: boolean };
    const newIn = async (token: string, ...urls: string[]) => {
      let n = 0;
      for (const url of urls) n += ((await get(url, token)).json() as Item[]).filter((i) => i.novita === true).length;
      return n;
    };
    for (const [token, school, id, messenger] of [
      [t.parent, 'DEMO01', 501, 'thread'],
      [t.parent, 'DEMO02', 502, 'comunicazioni_elenco'],
      [t.student, 'DEMO01', 503, 'thread'],
    ] as const) {
      const at = (rest: string) => studentPath(school, id, CURRENT_YEAR, rest);
      const updates = (await get(at('aggiornamenti_nextapi'), token)).json() as { sezione: string; conteggio: number; data: string; visibile: boolean }[];
      const count = (sezione: string) => updates.find((u) => u.sezione === sezione)?.conteggio ?? 0;
      expect(new Set(updates.map((u) => u.sezione)).size).toBe(updates.length);
      expect(updates.every((u) => u.conteggio > 0 && !Number.isNaN(Date.parse(u.data)))).toBe(true);
      expect(count('agenda')).toBe(await newIn(token, at('agenda_plain')));
      expect(count('annotazioni')).toBe(await newIn(token, at('annotazioni_plain')));
      expect(count('note')).toBe(await newIn(token, at('note_plain')));
      expect(count('compiti')).toBe(await newIn(token, at('compiti_plain')));
      expect(count('comunicazioni')).toBe(await newIn(token, at(`${messenger}?profile_update=0`)));
      expect(count('notizie')).toBe(await newIn(token, at('notizie?profile_update=0'), at('bacheca?profile_update=0')));
      expect(updates.map((u) => u.sezione)).toContain('voti');
      expect(updates.length).toBeGreaterThan(2);
    }
  });

  it('answers 404 for an unknown grade or a grade of another student', async () => {
    const lucaGrades: Grade[] = (await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'voti_plain'), t.student)).json();
    const lucaGrade = lucaGrades[0];
    if (!lucaGrade) throw new Error('Luca has no grades');
    for (const id of [lucaGrade.id_voto, 999_999]) {
      const res = await put(studentPath('DEMO01', 501, CURRENT_YEAR, `presa_visione_voti/${id}`), t.parent);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Contenuto non disponibile', error: 'not_found' });
    }
    const untouched = ((await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'voti_plain'), t.student)).json() as Grade[])[0];
    expect(untouched).toEqual(lucaGrade);
  });

  it("lists a grade changed by another connection (an operator's tool) as it now is", async () => {
    const url = studentPath('DEMO01', 501, CURRENT_YEAR, 'voti_plain');
    const [first] = (await get(url, t.parent)).json() as Grade[];
    if (!first) throw new Error('Marco has no grade');
    const db = new Database(databasePath(t.server.dataDir));
    try {
      db.prepare("UPDATE voti SET sottotitolo = 'orale di recupero' WHERE id = ?").run(first.id_voto);
    } finally {
      db.close();
    }
    const listed = ((await get(url, t.parent)).json() as Grade[]).find((g) => g.id_voto === first.id_voto);
    expect(listed?.sottotitolo).toBe('Orale di recupero');
  });

  it('answers 409 when the school year has grade acknowledgement off', async () => {
    const db = new Database(databasePath(t.server.dataDir));
    db.prepare(
      "UPDATE servizi_iscrizione SET attivo = 0 WHERE id_studente = 502 AND anno = ? AND servizio = 'presa_visione_voti'",
    ).run(CURRENT_YEAR);
    db.close();
    const grades: Grade[] = (await get(studentPath('DEMO02', 502, CURRENT_YEAR, 'voti_plain'), t.parent)).json();
    const unread = grades.find((g) => !g.presa_visione);
    if (!unread) throw new Error('Giulia has no unread grade');
    const res = await put(studentPath('DEMO02', 502, CURRENT_YEAR, `presa_visione_voti/${unread.id_voto}`), t.parent);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Conflict', error: 'La presa visione dei voti non è attiva per questa scuola' });
    const info = (await get(studentPath('DEMO02', 502, CURRENT_YEAR, 'studente/info'), t.parent)).json();
    expect(info.servizi.presa_visione_voti).toBe(false);
  });

  it('rejects malformed path parameters with 400', async () => {
    const res = await get('/api/v3/scuole/DEMO01/studenti/abc/2026_2027/voti_plain', t.parent);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    const year = await get('/api/v3/scuole/DEMO01/studenti/501/2026-2027/voti_plain', t.parent);
    expect(year.statusCode).toBe(400);
  });
});
