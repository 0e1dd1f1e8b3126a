import type {
  AgendaItem,
  AgendaKind,
  Annotation,
  Competence,
  DisciplinaryNote,
  DisciplinaryNoteTag,
  Grade,
  HomeworkItem,
  Lesson,
  ReportCard,
  ReportCardFile,
  Subject,
  TopicItem,
} from '../../domain/records';
import {
  asArray,
  asRecord,
  decimal,
  deriveIds,
  firstOfEachId,
  firstText,
  flag,
  html,
  integer,
  isRecord,
  rawString,
  schoolDate,
  schoolDateTime,
  schoolInstant,
  text,
} from './read';

/**
 * Teaching answers (subjects, updates, grades, homework, agenda, timetable, topics, annotations,
 * disciplinary notes, report cards). Real backends send most of these without ids and with date-times where the reference
 * server sends dates; items that cannot be placed on a day are dropped, anything else missing
 * becomes an empty or null field the screens show as a gap.
 */

const normalName = (s: string) => s.trim().toLocaleLowerCase('it').replace(/\s+/g, ' ');

/**
 * The subject of an item: its id when sent; else the subject with that name among the student's
 * (real answers name it in `titolo` or `materia`); else a negative stand-in derived from the name,
 * so items of one unnamed subject still group together. 0 when there is neither.
 */
export function subjectOf(id: unknown, name: string | null, subjects: readonly Subject[]): number {
  const known = integer(id);
  if (known !== null) return known;
  if (!name) return 0;
  const wanted = normalName(name);
  const match = subjects.find((s) => normalName(s.descrizione) === wanted);
  if (match) return match.id;
  return -(deriveIds([wanted])[0]! - 2 ** 31 + 1);
}

function toCompetence(raw: Record<string, unknown>): Competence | undefined {
  const c = isRecord(raw.competenza) ? raw.competenza : isRecord(raw.struttura_competenza) ? raw.struttura_competenza : null;
  const dims = asArray(c?.dimensioni ?? raw.dimensioni).flatMap((d) => {
    const r = asRecord(d);
    const descrizione = firstText(r.descrizione, r.titolo, r.nome);
    return descrizione === null ? [] : [{ descrizione, livello: firstText(r.livello, r.valore, r.simbolo) ?? '' }];
  });
  if (!c && dims.length === 0) return undefined;
  return { descrizione: firstText(c?.descrizione, c?.titolo) ?? '', dimensioni: dims };
}

/** One grade; null when it has no id or no day. */
export function toGrade(raw: unknown, subjects: readonly Subject[] = []): Grade | null {
  const g = asRecord(raw);
  const id = integer(g.id_voto) ?? integer(g.id);
  const data = schoolDate(g.data);
  if (id === null || !data) return null;
  const materia = firstText(g.materia, g.titolo);
  const weight = decimal(g.valore_peso);
  const competenza = toCompetence(g);
  // Real backends write 0 (a number) when there is no acknowledgement yet.
  const seenAt = typeof g.data_presa_visione === 'string' ? schoolDateTime(g.data_presa_visione) : null;
  return {
    id,
    id_materia: subjectOf(g.id_materia, materia, subjects),
    materia,
    data,
    simbolo: text(g.simbolo) ?? '',
    voto_numerico: decimal(g.voto_numerico),
    colore_simbolo: rawString(g.colore_simbolo) ?? '',
    sottotitolo: (text(g.sottotitolo) ?? '').trim().toLocaleLowerCase('it'),
    descrizione_peso: text(g.descrizione_peso) ?? '',
    valore_peso: weight !== null && weight > 0 ? weight : 0,
    voto_pesato: flag(g.voto_pesato) ?? false,
    is_voto: flag(g.is_voto) ?? false,
    is_competenza: flag(g.is_competenza) ?? false,
    ...(competenza ? { competenza } : {}),
    presa_visione: seenAt !== null || (flag(g.presa_visione) === true && g.data_presa_visione === undefined),
    data_presa_visione: seenAt,
    data_presa_visione_tradotta: firstText(g.data_presa_visione_tradotta),
    novita: flag(g.novita) ?? false,
    dettaglio: html(g.dettaglio) ?? '',
  };
}

export const toGrades = (raw: unknown, subjects: readonly Subject[] = []): Grade[] =>
  firstOfEachId(
    asArray(raw).flatMap((g) => toGrade(g, subjects) ?? []),
    (g) => g.id,
  );

/** Ids from the answer, or derived from what each item says when it has none. */
function withIds<T>(items: readonly T[], sent: (item: T) => number | null, key: (item: T) => string): number[] {
  const derived = deriveIds(items.map(key));
  return items.map((item, i) => sent(item) ?? derived[i]!);
}

/** The items with their ids; of two items with one id, the first (see firstOfEachId). */
function identified<T extends object>(items: readonly { item: T }[], ids: readonly number[]): (T & { id: number })[] {
  return firstOfEachId(
    items.map(({ item }, i) => ({ id: ids[i]!, ...item })),
    (x) => x.id,
  );
}

/**
 * Homework. Real answers: no id, `data` is the due day, the subject in `titolo` and the text in
 * `assegnazioni` (or `dettaglio`, which may be empty); reference: `data` assigned, `data_consegna` due.
 */
export function toHomework(raw: unknown, subjects: readonly Subject[] = []): HomeworkItem[] {
  const rows = asArray(raw).map(asRecord);
  const items = rows.flatMap((h) => {
    const due = schoolDate(h.data_consegna) ?? schoolDate(h.data);
    if (!due) return [];
    const assigned = h.data_consegna !== undefined ? (schoolDate(h.data) ?? due) : due;
    const materia = firstText(h.materia, h.titolo);
    const dettaglio = firstText(h.dettaglio, h.assegnazioni, h.sottotitolo) ?? '';
    return [{ h, item: { data: assigned, data_consegna: due, id_materia: subjectOf(h.id_materia, materia, subjects), materia, dettaglio, novita: flag(h.novita) ?? false } }];
  });
  const ids = withIds(items, ({ h }) => integer(h.id), ({ item }) => `compito|${item.data_consegna}|${item.materia ?? item.id_materia}|${item.dettaglio}`);
  return identified(items, ids);
}

const AGENDA_KINDS: readonly AgendaKind[] = ['verifica', 'interrogazione', 'attività', 'evento'];

/** Agenda. Real answers: `data`/`data_fine` date-times, no kind, the description in `sottotitolo`. */
export function toAgenda(raw: unknown, subjects: readonly Subject[] = []): AgendaItem[] {
  const rows = asArray(raw).map(asRecord);
  const items = rows.flatMap((a) => {
    const start = schoolDateTime(a.data_ora_inizio) ?? schoolDateTime(a.data);
    const data = schoolDate(a.data) ?? schoolDate(a.data_ora_inizio);
    if (!start || !data) return [];
    const end = schoolDateTime(a.data_ora_fine) ?? schoolDateTime(a.data_fine) ?? start;
    const materia = firstText(a.materia);
    const tipo = text(a.tipo)?.toLocaleLowerCase('it') ?? null;
    return [
      {
        a,
        item: {
          data,
          data_ora_inizio: start,
          data_ora_fine: end,
          id_materia: integer(a.id_materia) ?? (materia ? subjectOf(null, materia, subjects) : null),
          materia,
          titolo: text(a.titolo)?.trim() ?? '',
          dettaglio: firstText(a.dettaglio, a.sottotitolo, a.descrizione) ?? '',
          tipo: (tipo && (AGENDA_KINDS as readonly string[]).includes(tipo) ? tipo : '') as AgendaKind | '',
          novita: flag(a.novita) ?? false,
        },
      },
    ];
  });
  const ids = withIds(items, ({ a }) => integer(a.id), ({ item }) => `agenda|${item.data_ora_inizio}|${item.titolo}|${item.dettaglio}`);
  return identified(items, ids);
}

/** The subject's id when sent, else the student's subject of that name; null when neither says. */
function knownSubjectId(id: unknown, name: string | null, subjects: readonly Subject[]): number | null {
  const known = integer(id);
  if (known !== null) return known;
  if (!name) return null;
  const wanted = normalName(name);
  return subjects.find((s) => normalName(s.descrizione) === wanted)?.id ?? null;
}

/**
 * The timetable (`orario_plain`). Real answers: `id_materia` an integer, null or "" (then the
 * subject is found by its name in `titolo`), date-times with or without an offset, the teacher in
 * `sottotitolo`, and several rows at one start when two teachers share the hour: every row stays,
 * each with its own id. Rows without a start are dropped; the rest go by start.
 */
export function toLessons(raw: unknown, subjects: readonly Subject[] = []): Lesson[] {
  const rows = asArray(raw).map(asRecord);
  const items = rows.flatMap((l) => {
    const start = schoolDateTime(l.data_ora_inizio);
    const data = schoolDate(l.data_ora_inizio);
    if (!start || !data) return [];
    const materia = firstText(l.titolo, l.materia)?.trim() ?? '';
    return [
      {
        l,
        at: Date.parse(start),
        item: {
          data,
          data_ora_inizio: start,
          data_ora_fine: schoolDateTime(l.data_ora_fine) ?? start,
          id_materia: knownSubjectId(l.id_materia, materia, subjects),
          materia,
          docente: firstText(l.sottotitolo, l.docente)?.trim() ?? '',
        },
      },
    ];
  });
  const ids = withIds(items, ({ l }) => integer(l.id), ({ item }) => `lezione|${item.data_ora_inizio}|${item.data_ora_fine}|${item.materia}|${item.docente}`);
  return firstOfEachId(
    items.map(({ item, at }, i) => ({ at, lesson: { id: ids[i]!, ...item } })),
    ({ lesson }) => lesson.id,
  )
    .sort((a, b) => a.at - b.at)
    .map(({ lesson }) => lesson);
}

/** Topics of the lessons. Real answers: no id, `data` a date-time, subject named in `titolo`. */
export function toTopics(raw: unknown, subjects: readonly Subject[] = []): TopicItem[] {
  const rows = asArray(raw).map(asRecord);
  const items = rows.flatMap((t) => {
    const data = schoolDate(t.data);
    if (!data) return [];
    const materia = firstText(t.materia, t.titolo);
    return [
      {
        t,
        item: {
          data,
          id_materia: subjectOf(t.id_materia, materia, subjects),
          materia,
          modulo: firstText(t.modulo, t.sottotitolo) ?? '',
          dettaglio: firstText(t.dettaglio, t.descrizione) ?? '',
        },
      },
    ];
  });
  const ids = withIds(items, ({ t }) => integer(t.id), ({ item }) => `argomento|${item.data}|${item.materia ?? item.id_materia}|${item.modulo}|${item.dettaglio}`);
  return identified(items, ids);
}

/** Annotations. Real answers: no id, `data` a date-time, subject named in `titolo`. */
export function toAnnotations(raw: unknown, subjects: readonly Subject[] = []): Annotation[] {
  const rows = asArray(raw).map(asRecord);
  const items = rows.flatMap((a) => {
    const data = schoolDate(a.data);
    if (!data) return [];
    const materia = firstText(a.materia, a.titolo);
    return [
      {
        a,
        item: {
          data,
          id_materia: subjectOf(a.id_materia, materia, subjects),
          materia,
          simbolo: text(a.simbolo) ?? '',
          descrizione_simbolo: firstText(a.descrizione_simbolo, a.sottotitolo) ?? '',
          dettaglio: firstText(a.dettaglio, a.descrizione) ?? '',
          novita: flag(a.novita) ?? false,
        },
      },
    ];
  });
  const ids = withIds(items, ({ a }) => integer(a.id), ({ item }) => `annotazione|${item.data}|${item.materia ?? item.id_materia}|${item.simbolo}|${item.dettaglio}`);
  return identified(items, ids);
}

function toNoteTag(raw: unknown): DisciplinaryNoteTag | null {
  const t = asRecord(raw);
  const codice = text(t.codice)?.trim() ?? '';
  const descrizione = text(t.descrizione)?.trim() ?? '';
  if (!codice && !descrizione) return null;
  return { codice, descrizione: descrizione || codice, ordinamento: integer(t.ordinamento) ?? 0 };
}

/**
 * One disciplinary note; null without an id (it could not be acknowledged) or a day. Reference:
 * `docente`, `tag[]`, `data_presa_visione` a date-time or null. Real: the teacher in `sottotitolo`,
 * `tag` one object, `dettaglio` with HTML entities or null, `data_presa_visione` 0 when not
 * acknowledged, else epoch seconds or a date-time.
 */
export function toDisciplinaryNote(raw: unknown): DisciplinaryNote | null {
  const n = asRecord(raw);
  const id = integer(n.id);
  const data = schoolDate(n.data);
  if (id === null || !data) return null;
  const tags = (Array.isArray(n.tag) ? n.tag : isRecord(n.tag) ? [n.tag] : []).flatMap((t) => toNoteTag(t) ?? []);
  tags.sort((a, b) => a.ordinamento - b.ordinamento || a.codice.localeCompare(b.codice, 'it'));
  const seenAt = schoolInstant(n.data_presa_visione);
  // A time says it was acknowledged; 0 says it was not, whatever the flag; with neither, the flag.
  const presa_visione = seenAt !== null || (n.data_presa_visione == null && flag(n.presa_visione) === true);
  return {
    id,
    data,
    docente: firstText(n.docente, n.sottotitolo)?.trim() ?? '',
    dettaglio: text(n.dettaglio)?.trim() ?? '',
    tag: tags,
    presa_visione,
    data_presa_visione: seenAt,
    data_presa_visione_tradotta: presa_visione ? firstText(n.data_presa_visione_tradotta) : null,
    novita: flag(n.novita) ?? false,
  };
}

export const toDisciplinaryNotes = (raw: unknown): DisciplinaryNote[] =>
  firstOfEachId(
    asArray(raw).flatMap((n) => toDisciplinaryNote(n) ?? []),
    (n) => n.id,
  );

function toFile(raw: unknown): ReportCardFile | null {
  const f = asRecord(raw);
  const url = rawString(f.url) ?? rawString(f.allegato);
  if (!url) return null;
  // The name is text even when it comes from the address: its entities are decoded like any other.
  return { nome: firstText(f.nome, f.descrizione, url.split('/').filter(Boolean).at(-1)) ?? text(url) ?? url, url };
}

/** Report cards. Real answers: `data`, `allegati[{descrizione, allegato}]`, no id and no period. */
export function toReportCards(raw: unknown): ReportCard[] {
  // Something to open: a title, a file or a text. An item with none (or not an object) is dropped.
  const rows = asArray(raw).filter(isRecord);
  const items = rows.flatMap((r) => {
    const allegati = [...(r.allegato !== undefined ? [toFile(r.allegato)] : []), ...asArray(r.allegati).map(toFile)].filter(
      (f): f is ReportCardFile => f !== null,
    );
    const dettaglio = html(r.dettaglio) ?? '';
    // The file's name is already text: decoding it again would turn "&amp;amp;" into "&".
    const titolo = firstText(r.titolo, r.descrizione) ?? (allegati[0]?.nome.trim() ? allegati[0].nome : null);
    if (titolo === null && allegati.length === 0 && dettaglio.trim() === '') return [];
    return [
      {
        r,
        item: {
          titolo: titolo ?? '',
          periodo: firstText(r.periodo),
          data_pubblicazione: schoolDate(r.data_pubblicazione) ?? schoolDate(r.data),
          dettaglio,
          allegati,
        },
      },
    ];
  });
  const ids = withIds(items, ({ r }) => integer(r.id), ({ item }) => `pagella|${item.data_pubblicazione}|${item.titolo}|${item.allegati.map((f) => f.url).join(',')}`);
  return identified(items, ids);
}
