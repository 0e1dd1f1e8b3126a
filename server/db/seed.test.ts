import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { weekday } from '../shared/time';
import { openDatabase } from '../bootstrap/database';
import type { Db } from './database';
import { SERVICE_KEYS } from '../shared/services';
import { GREEN, RED, UNREAD_GRADES } from './seed';

interface GradeRow {
  id: number;
  id_studente: number;
  anno: string;
  materia: string;
  data: string;
  simbolo: string;
  voto_numerico: number | null;
  colore_simbolo: string;
  sottotitolo: string;
  valore_peso: number;
  voto_pesato: number;
  is_voto: number;
  is_competenza: number;
  competenza: string | null;
  presa_visione: number;
  data_presa_visione: string | null;
  data_presa_visione_tradotta: string | null;
  novita: number;
  dettaglio: string;
}

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function seeded(now: string): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'portale-seed-'));
  dirs.push(dir);
  const db = await openDatabase(dir, new Date(now), { demo: true });
  dbs.push(db);
  return db;
}

function dump(db: Db): Record<string, unknown[]> {
  const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      db
        .prepare(`SELECT * FROM "${name}" ORDER BY rowid`)
        .all()
        .map((row) => ({ ...(row as object), password_hash: undefined })),
    ]),
  );
}

const grades = (db: Db): GradeRow[] =>
  db
    .prepare<[], GradeRow>(
      `SELECT v.*, m.descrizione AS materia FROM voti v JOIN materie m ON m.id = v.id_materia ORDER BY v.id_studente, v.anno, v.data, v.id`,
    )
    .all();

function symbolValue(simbolo: string): number {
  const match = /^(\d+)([+\-½]?)$/.exec(simbolo);
  if (!match) return NaN;
  const base = Number(match[1]);
  return base + ({ '+': 0.25, '-': -0.25, '½': 0.5 }[match[2] as string] ?? 0);
}

describe('seed', () => {
  it('is deterministic: the same clock gives the same data', async () => {
    const a = dump(await seeded('2026-11-21T09:15:00Z'));
    const b = dump(await seeded('2026-11-21T09:15:00Z'));
    expect(b).toEqual(a);
    const c = dump(await seeded('2026-11-24T09:15:00Z'));
    expect(c.voti).not.toEqual(a.voti);
  });

  it('gives every student-year 40 grades on school days up to today, with the special kinds', async () => {
    const all = grades(await seeded('2026-11-21T09:15:00Z'));
    const groups = new Map<string, GradeRow[]>();
    for (const g of all) groups.set(`${g.id_studente}:${g.anno}`, [...(groups.get(`${g.id_studente}:${g.anno}`) ?? []), g]);
    expect([...groups.keys()].sort()).toEqual(['501:2025_2026', '501:2026_2027', '502:2026_2027', '503:2026_2027']);

    for (const [key, list] of groups) {
      const current = key.endsWith('2026_2027');
      expect(list).toHaveLength(40);
      for (const g of list) {
        expect(weekday(g.data), g.data).not.toBe(0);
        if (current) expect(g.data >= '2026-09-14' && g.data <= '2026-11-21').toBe(true);
        else expect((g.data >= '2025-09-14' && g.data <= '2025-12-22') || (g.data >= '2026-01-07' && g.data <= '2026-06-08')).toBe(true);
      }
      if (!current) expect(list.some((g) => g.data >= '2026-01-07')).toBe(true);

      const competences = list.filter((g) => g.sottotitolo === 'competenza');
      expect(competences).toHaveLength(2);
      for (const g of competences) {
        expect([g.is_competenza, g.is_voto]).toEqual([1, 0]);
        expect(JSON.parse(g.competenza ?? 'null')).toMatchObject({ descrizione: expect.any(String), dimensioni: expect.any(Array) });
      }
      expect(list.filter((g) => g.sottotitolo === 'valutazione sommativa').map((g) => g.is_voto)).toEqual([1]);
      expect(list.filter((g) => g.sottotitolo === 'annotazione docente').map((g) => g.is_voto)).toEqual([0]);

      const numeric = list.filter((g) => g.voto_numerico !== null);
      for (const g of numeric) {
        expect(symbolValue(g.simbolo), g.simbolo).toBe(g.voto_numerico);
        expect(g.colore_simbolo).toBe((g.voto_numerico as number) >= 6 ? GREEN : RED);
        expect(['scritto', 'orale', 'pratico', 'valutazione sommativa']).toContain(g.sottotitolo);
      }
      expect(numeric.filter((g) => (g.voto_numerico as number) < 6).length).toBeGreaterThanOrEqual(3);

      const newestFirst = [...list].reverse();
      newestFirst.forEach((g, index) => {
        const unread = current && index < UNREAD_GRADES;
        expect([g.presa_visione, g.novita]).toEqual(unread ? [0, 1] : [1, 0]);
        if (!unread) {
          expect(g.data_presa_visione).toMatch(/T18:30:00\+0[12]:00$/);
          expect(g.data_presa_visione_tradotta).toMatch(/^\d{2}-\d{2}-\d{4} 18:30$/);
        }
      });
      if (current) expect(list.some((g) => g.dettaglio.includes('<img src=x onerror=alert(1)>') && g.dettaglio.includes('<b>'))).toBe(true);
    }
  });

  it('weights grades as each school does; only one Fisica grade of Marco weighs 0', async () => {
    const all = grades(await seeded('2026-11-21T09:15:00Z'));
    const zero = all.filter((g) => g.valore_peso === 0);
    expect(zero.map((g) => [g.id_studente, g.anno, g.materia])).toEqual([[501, '2026_2027', 'Fisica']]);
    for (const g of all.filter((g) => g.id_studente !== 502)) {
      expect(g.voto_pesato).toBe(1);
      expect([0, 50, 100]).toContain(g.valore_peso);
    }
    for (const g of all.filter((g) => g.id_studente === 502)) expect([g.voto_pesato, g.valore_peso]).toEqual([0, 100]);
  });

  it('switches services as the demo needs and has one subject name longer than 30 characters', async () => {
    const db = await seeded('2026-11-21T09:15:00Z');
    const off = db.prepare("SELECT id_studente, servizio FROM servizi_iscrizione WHERE attivo = 0 ORDER BY servizio").all();
    expect(off).toEqual([
      { id_studente: 502, servizio: 'alternanza' },
      { id_studente: 502, servizio: 'elezioni' },
      { id_studente: 502, servizio: 'mense' },
    ]);
    const perYear = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM servizi_iscrizione GROUP BY id_studente, anno').all();
    expect(perYear.every((row) => row.n === SERVICE_KEYS.length)).toBe(true);
    const long = db.prepare<[], { descrizione: string }>('SELECT DISTINCT descrizione FROM materie WHERE length(descrizione) > 30').all();
    expect(long.length).toBeGreaterThan(0);
  });

  it('follows the clock into the next calendar year and the summer', async () => {
    const spring = await seeded('2027-03-10T10:00:00Z');
    expect(spring.prepare('SELECT DISTINCT anno_corrente FROM studenti').pluck().all()).toEqual(['2026_2027']);
    const summer = grades(await seeded('2027-07-20T10:00:00Z')).filter((g) => g.anno === '2026_2027');
    expect(summer.every((g) => g.data <= '2027-06-08')).toBe(true);
    const august = await seeded('2026-08-31T10:00:00Z');
    expect(august.prepare('SELECT DISTINCT anno_corrente FROM studenti').pluck().all()).toEqual(['2025_2026']);
  });
});
