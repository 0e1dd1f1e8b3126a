import type { Db } from '../db/database';
import type { Schemas } from '../shared/contract';
import { romeMidnightIso } from '../shared/time';

/**
 * A row as better-sqlite3's raw mode gives it, in COLUMNS' order. Raw arrays, not row objects: for
 * these wide rows the driver's objects cost about as much as the rest of a voti_plain answer
 * (half of the request's time went into building 40 objects of 19 properties each).
 */
type GradeRow = [
  id: number,
  id_materia: number,
  materia: string,
  data: string,
  simbolo: string,
  voto_numerico: number | null,
  colore_simbolo: string,
  sottotitolo: string,
  descrizione_peso: string,
  valore_peso: number,
  voto_pesato: number,
  is_voto: number,
  is_competenza: number,
  competenza: string | null,
  presa_visione: number,
  data_presa_visione: string | null,
  data_presa_visione_tradotta: string | null,
  novita: number,
  dettaglio: string,
];

export type Competence = Schemas['Competence'];
export type Grade = Schemas['Grade'];

// In GradeRow's order.
const COLUMNS = `v.id, v.id_materia, m.descrizione AS materia, v.data, v.simbolo, v.voto_numerico, v.colore_simbolo, v.sottotitolo,
  v.descrizione_peso, v.valore_peso, v.voto_pesato, v.is_voto, v.is_competenza, v.competenza, v.presa_visione,
  v.data_presa_visione, v.data_presa_visione_tradotta, v.novita, v.dettaglio`;
const FROM = 'voti v JOIN materie m ON m.id = v.id_materia';

// Italian has no locale-specific upper case (unlike Turkish or Lithuanian): the plain one is the same
// letter, without an ICU locale lookup for every grade of every answer.
const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A grade as a real school backend sends it: `id_voto`, the day as a date-time with offset, the
 * subject's name in `titolo`, the kind capitalised, no weight when the grade does not count with
 * one and 0 / "" for an acknowledgement not yet given.
 */
function toGrade(row: GradeRow): Grade {
  const [
    id,
    id_materia,
    materia,
    data,
    simbolo,
    voto_numerico,
    colore_simbolo,
    sottotitolo,
    descrizione_peso,
    valore_peso,
    voto_pesato,
    is_voto,
    is_competenza,
    competenzaJson,
    presa_visione,
    data_presa_visione,
    data_presa_visione_tradotta,
    novita,
    dettaglio,
  ] = row;
  const competenza = competenzaJson ? (JSON.parse(competenzaJson) as Competence) : null;
  const weighted = voto_pesato === 1;
  return {
    id_voto: id,
    id_materia,
    titolo: materia,
    data: romeMidnightIso(data),
    simbolo,
    voto_numerico,
    colore_simbolo,
    sottotitolo: capitalised(sottotitolo),
    dettaglio,
    descrizione_peso: weighted ? descrizione_peso : null,
    valore_peso: weighted ? valore_peso : null,
    voto_pesato: weighted,
    is_voto: is_voto === 1,
    is_competenza: is_competenza === 1,
    dimensioni: competenza?.dimensioni ?? [],
    ...(competenza ? { competenza } : {}),
    presa_visione: presa_visione === 1,
    data_presa_visione: data_presa_visione ?? 0,
    data_presa_visione_tradotta: data_presa_visione_tradotta ?? '',
    url_contenuto: '',
    novita: novita === 1,
  };
}

export function gradesRepository(db: Db) {
  const list = db
    .prepare<[number, string], GradeRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE v.id_studente = ? AND v.anno = ? ORDER BY v.data DESC, v.id DESC`)
    .raw(true);
  const one = db.prepare<[number, number, string], GradeRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE v.id = ? AND v.id_studente = ? AND v.anno = ?`).raw(true);
  const acknowledge = db.prepare<[string, string, number], unknown>(
    `UPDATE voti SET presa_visione = 1, data_presa_visione = ?, data_presa_visione_tradotta = ?, novita = 0
      WHERE id = ? AND presa_visione = 0`,
  );
  const news = db.prepare<[number, string], { data_inserimento: string }>(
    'SELECT data_inserimento FROM voti WHERE id_studente = ? AND anno = ? AND novita = 1',
  );

  /**
   * The lists already read, by student and year: a family's grades change far less often than they
   * are read (every visit to Home and Voti), and reading and converting 40 rows was still most of a
   * voti_plain answer (README "Budgets"). Grades change only through this repository, which empties the map
   * when it writes, or through another connection (an operator's tool, a restored file), which shows
   * as a new `PRAGMA data_version`. The answers are shared: callers never change them.
   */
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const lists = new Map<string, Grade[]>();
  let listsVersion: number | undefined;
  const LISTS_KEPT = 1000;

  return {
    list(studentId: number, anno: string): Grade[] {
      const version = dataVersion.get();
      if (version !== listsVersion) {
        lists.clear();
        listsVersion = version;
      }
      const key = `${studentId}/${anno}`;
      let grades = lists.get(key);
      if (!grades) {
        grades = list.all(studentId, anno).map(toGrade);
        if (lists.size >= LISTS_KEPT) lists.clear();
        lists.set(key, grades);
      }
      return grades;
    },

    find(id: number, studentId: number, anno: string): Grade | undefined {
      const row = one.get(id, studentId, anno);
      return row ? toGrade(row) : undefined;
    },

    /** Sets the acknowledgement once; a grade already acknowledged is left as it is. */
    acknowledge(id: number, at: { iso: string; display: string }): void {
      if (acknowledge.run(at.iso, at.display, id).changes > 0) lists.clear();
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
