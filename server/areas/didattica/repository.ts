import type { Db } from '../../db/database';
import type { Schemas } from '../../shared/contract';

/** Contract shapes of the didattica area (openapi/src/didattica.yaml) and the rows behind them. */

export type SchoolActivity = Schemas['SchoolCalendarActivity'];
export type NoteTag = Schemas['NoteDisciplinareTag'];
export type DisciplinaryNote = Schemas['NoteDisciplinare'];

export interface ReportCardRow {
  id: number;
  titolo: string;
  periodo: string;
  data_pubblicazione: string;
  dettaglio: string;
  nome_file: string;
  righe: { materia: string; voto: string }[];
}

/** Rows behind the lists a real backend sends without ids, with the subject's name beside its id. */
export interface AgendaRow { id: number; data: string; data_ora_inizio: string; data_ora_fine: string; id_materia: number | null; titolo: string; dettaglio: string; novita: boolean }
export interface AnnotationRow { data: string; materia: string; simbolo: string; descrizione_simbolo: string; dettaglio: string; novita: boolean }
export interface TopicRow { data: string; materia: string; modulo: string; dettaglio: string }
export interface HomeworkRow { data_consegna: string; materia: string; dettaglio: string; novita: boolean }

export interface TimetableSlot {
  giorno: number;
  ora: number;
  id_materia: number;
  materia: string;
  docente: string;
  aula: string;
}

export type TutorNote = Schemas['TutorNote'];

export interface MaterialRow {
  id: number;
  id_materia: number;
  data: string;
  titolo: string;
  descrizione: string;
}

export interface MaterialFileRow {
  id: number;
  id_materiale: number;
  nome: string;
  tipo: 'application/pdf' | 'text/plain';
  contenuto: string;
}

export type ScheduledTest = Schemas['ScheduledTest'];

type Flags<T, K extends keyof T> = Omit<T, K> & { [P in K]: number };
type NoteRow = Omit<Flags<DisciplinaryNote, 'presa_visione' | 'novita'>, 'tag'> & { tag: string };

const toNote = (row: NoteRow): DisciplinaryNote => ({
  ...row,
  tag: JSON.parse(row.tag) as NoteTag[],
  presa_visione: row.presa_visione === 1,
  novita: row.novita === 1,
});
const toTutorNote = (row: Flags<TutorNote, 'letta'>): TutorNote => ({ ...row, letta: row.letta === 1 });

export function didatticaRepository(db: Db) {
  type Key = [number, string];
  type Ranged = [number, string, string, string];
  const activities = db.prepare<[string, string], SchoolActivity>(
    `SELECT id, data, data_ora_inizio, data_ora_fine, descrizione FROM didattica_attivita
      WHERE id_scuola = ? AND anno = ? ORDER BY data_ora_inizio, id`,
  );
  const agenda = db.prepare<Ranged, Flags<AgendaRow, 'novita'>>(
    `SELECT id, data, data_ora_inizio, data_ora_fine, id_materia, titolo, dettaglio, novita FROM didattica_agenda
      WHERE id_studente = ? AND anno = ? AND data BETWEEN ? AND ? ORDER BY data_ora_inizio, id`,
  );
  const annotations = db.prepare<Key, Flags<AnnotationRow, 'novita'>>(
    `SELECT a.data, m.descrizione AS materia, a.simbolo, a.descrizione_simbolo, a.dettaglio, a.novita
       FROM didattica_annotazioni a JOIN materie m ON m.id = a.id_materia
      WHERE a.id_studente = ? AND a.anno = ? ORDER BY a.data DESC, a.id DESC`,
  );
  const NOTE_COLUMNS = 'id, data, docente, dettaglio, tag, presa_visione, data_presa_visione, data_presa_visione_tradotta, novita';
  const notes = db.prepare<Key, NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM didattica_note WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC`,
  );
  const note = db.prepare<[number, number, string], NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM didattica_note WHERE id = ? AND id_studente = ? AND anno = ?`,
  );
  const acknowledgeNote = db.prepare<[string, string, number], unknown>(
    `UPDATE didattica_note SET presa_visione = 1, data_presa_visione = ?, data_presa_visione_tradotta = ?, novita = 0
      WHERE id = ? AND presa_visione = 0`,
  );
  const REPORT_COLUMNS = 'id, titolo, periodo, data_pubblicazione, dettaglio, nome_file, righe';
  const reportCards = db.prepare<Key, Omit<ReportCardRow, 'righe'> & { righe: string }>(
    `SELECT ${REPORT_COLUMNS} FROM didattica_pagelle WHERE id_studente = ? AND anno = ? ORDER BY data_pubblicazione DESC, id DESC`,
  );
  const reportCard = db.prepare<[number, number, string], Omit<ReportCardRow, 'righe'> & { righe: string }>(
    `SELECT ${REPORT_COLUMNS} FROM didattica_pagelle WHERE id = ? AND id_studente = ? AND anno = ?`,
  );
  const topics = db.prepare<Ranged, TopicRow>(
    `SELECT t.data, m.descrizione AS materia, t.modulo, t.dettaglio
       FROM didattica_argomenti t JOIN materie m ON m.id = t.id_materia
      WHERE t.id_studente = ? AND t.anno = ? AND t.data BETWEEN ? AND ? ORDER BY t.data DESC, t.id`,
  );
  const homework = db.prepare<Ranged, Flags<HomeworkRow, 'novita'>>(
    `SELECT h.data_consegna, m.descrizione AS materia, h.dettaglio, h.novita
       FROM didattica_compiti h JOIN materie m ON m.id = h.id_materia
      WHERE h.id_studente = ? AND h.anno = ? AND h.data_consegna BETWEEN ? AND ? ORDER BY h.data_consegna, h.id`,
  );
  const timetable = db.prepare<[string, string, string], TimetableSlot>(
    `SELECT o.giorno, o.ora, o.id_materia, m.descrizione AS materia, o.docente, o.aula
       FROM didattica_orario o JOIN materie m ON m.id = o.id_materia
      WHERE o.id_scuola = ? AND o.anno = ? AND o.classe = ? ORDER BY o.giorno, o.ora`,
  );
  const tutorNotes = db.prepare<Key, Flags<TutorNote, 'letta'>>(
    `SELECT id AS id_nota, data, tutor, titolo, dettaglio, letta FROM didattica_note_tutor
      WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC`,
  );
  const tutorNote = db.prepare<[number, number, string], Flags<TutorNote, 'letta'>>(
    `SELECT id AS id_nota, data, tutor, titolo, dettaglio, letta FROM didattica_note_tutor
      WHERE id = ? AND id_studente = ? AND anno = ?`,
  );
  const markTutorNote = db.prepare<[number], unknown>('UPDATE didattica_note_tutor SET letta = 1 WHERE id = ?');
  const materials = db.prepare<Key, MaterialRow>(
    `SELECT id, id_materia, data, titolo, descrizione FROM didattica_materiale
      WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC`,
  );
  const materialFiles = db.prepare<Key, MaterialFileRow>(
    `SELECT f.id, f.id_materiale, f.nome, f.tipo, f.contenuto
       FROM didattica_materiale_allegati f JOIN didattica_materiale m ON m.id = f.id_materiale
      WHERE m.id_studente = ? AND m.anno = ? ORDER BY f.id_materiale, f.id`,
  );
  const materialFile = db.prepare<[number, number, number, string], MaterialFileRow & { titolo: string }>(
    `SELECT f.id, f.id_materiale, f.nome, f.tipo, f.contenuto, m.titolo
       FROM didattica_materiale_allegati f JOIN didattica_materiale m ON m.id = f.id_materiale
      WHERE f.id = ? AND m.id = ? AND m.id_studente = ? AND m.anno = ?`,
  );
  const tests = db.prepare<Key, ScheduledTest>(
    `SELECT id, id_materia, data, titolo, tipo, argomenti FROM didattica_verifiche
      WHERE id_studente = ? AND anno = ? ORDER BY data, id`,
  );

  const flag = <T extends { novita: number }>(row: T): Omit<T, 'novita'> & { novita: boolean } => ({ ...row, novita: row.novita === 1 });
  const parseReport = (row: Omit<ReportCardRow, 'righe'> & { righe: string }): ReportCardRow => ({
    ...row,
    righe: JSON.parse(row.righe) as ReportCardRow['righe'],
  });

  return {
    activities: (schoolId: string, anno: string) => activities.all(schoolId, anno),
    agenda: (studentId: number, anno: string, from: string, to: string): AgendaRow[] => agenda.all(studentId, anno, from, to).map(flag),
    annotations: (studentId: number, anno: string): AnnotationRow[] => annotations.all(studentId, anno).map(flag),
    notes: (studentId: number, anno: string): DisciplinaryNote[] => notes.all(studentId, anno).map(toNote),
    note(id: number, studentId: number, anno: string): DisciplinaryNote | undefined {
      const row = note.get(id, studentId, anno);
      return row ? toNote(row) : undefined;
    },
    /** Sets the acknowledgement once; a note already acknowledged keeps its first date. */
    acknowledgeNote: (id: number, at: { iso: string; display: string }): void => void acknowledgeNote.run(at.iso, at.display, id),
    reportCards: (studentId: number, anno: string): ReportCardRow[] => reportCards.all(studentId, anno).map(parseReport),
    reportCard(id: number, studentId: number, anno: string): ReportCardRow | undefined {
      const row = reportCard.get(id, studentId, anno);
      return row ? parseReport(row) : undefined;
    },
    topics: (studentId: number, anno: string, from: string, to: string): TopicRow[] => topics.all(studentId, anno, from, to),
    /** Homework due (data_consegna) between `from` and `to`. */
    homework: (studentId: number, anno: string, from: string, to: string): HomeworkRow[] => homework.all(studentId, anno, from, to).map(flag),
    timetable: (schoolId: string, anno: string, classe: string): TimetableSlot[] => timetable.all(schoolId, anno, classe),
    tutorNotes: (studentId: number, anno: string): TutorNote[] => tutorNotes.all(studentId, anno).map(toTutorNote),
    tutorNote(id: number, studentId: number, anno: string): TutorNote | undefined {
      const row = tutorNote.get(id, studentId, anno);
      return row ? toTutorNote(row) : undefined;
    },
    markTutorNoteRead: (id: number): void => void markTutorNote.run(id),
    materials: (studentId: number, anno: string) => ({ items: materials.all(studentId, anno), files: materialFiles.all(studentId, anno) }),
    materialFile: (fileId: number, materialId: number, studentId: number, anno: string) => materialFile.get(fileId, materialId, studentId, anno),
    tests: (studentId: number, anno: string): ScheduledTest[] => tests.all(studentId, anno),
  };
}

export type DidatticaRepository = ReturnType<typeof didatticaRepository>;
