import type { Db } from '../db/database';
import type { Schemas } from '../shared/contract';

interface GradeRow {
  id: number;
  id_materia: number;
  data: string;
  simbolo: string;
  voto_numerico: number | null;
  colore_simbolo: string;
  sottotitolo: string;
  descrizione_peso: string;
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

export type Competence = Schemas['Competence'];
export type Grade = Schemas['Grade'];

const COLUMNS = `id, id_materia, data, simbolo, voto_numerico, colore_simbolo, sottotitolo, descrizione_peso, valore_peso,
  voto_pesato, is_voto, is_competenza, competenza, presa_visione, data_presa_visione, data_presa_visione_tradotta,
  novita, dettaglio`;

function toGrade(row: GradeRow): Grade {
  const { competenza, ...rest } = row;
  return {
    ...rest,
    voto_pesato: row.voto_pesato === 1,
    is_voto: row.is_voto === 1,
    is_competenza: row.is_competenza === 1,
    presa_visione: row.presa_visione === 1,
    novita: row.novita === 1,
    ...(competenza ? { competenza: JSON.parse(competenza) as Competence } : {}),
  };
}

export function gradesRepository(db: Db) {
  const list = db.prepare<[number, string], GradeRow>(
    `SELECT ${COLUMNS} FROM voti WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC`,
  );
  const one = db.prepare<[number, number, string], GradeRow>(
    `SELECT ${COLUMNS} FROM voti WHERE id = ? AND id_studente = ? AND anno = ?`,
  );
  const acknowledge = db.prepare<[string, string, number], unknown>(
    `UPDATE voti SET presa_visione = 1, data_presa_visione = ?, data_presa_visione_tradotta = ?, novita = 0
      WHERE id = ? AND presa_visione = 0`,
  );
  const news = db.prepare<[number, string], { data_inserimento: string }>(
    'SELECT data_inserimento FROM voti WHERE id_studente = ? AND anno = ? AND novita = 1',
  );

  return {
    list: (studentId: number, anno: string): Grade[] => list.all(studentId, anno).map(toGrade),

    find(id: number, studentId: number, anno: string): Grade | undefined {
      const row = one.get(id, studentId, anno);
      return row ? toGrade(row) : undefined;
    },

    /** Sets the acknowledgement once; a grade already acknowledged is left as it is. */
    acknowledge(id: number, at: { iso: string; display: string }): void {
      acknowledge.run(at.iso, at.display, id);
    },

    /** New grades of the year: how many, and when the latest was entered (ISO with offset). */
    news(studentId: number, anno: string): { conteggio: number; data: string | null } {
      const rows = news.all(studentId, anno);
      // Compared as instants: the offsets differ across daylight-saving changes.
      const latest = rows.reduce<string | null>(
        (max, { data_inserimento }) => (max === null || Date.parse(data_inserimento) > Date.parse(max) ? data_inserimento : max),
        null,
      );
      return { conteggio: rows.length, data: latest };
    },
  };
}

export type GradesRepository = ReturnType<typeof gradesRepository>;
