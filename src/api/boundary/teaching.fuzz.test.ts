// @vitest-environment node
/**
 * Property tests of the teaching readers: every answer of the contract's operations, mutated (see
 * testing/arbitraries.ts). `npm run test:fuzz` runs them longer; FUZZ_SEED replays a failure.
 */
import { describe } from 'vitest';
import { asRecord, firstText, html, integer, isRecord, rawString, schoolDate, schoolDateTime } from './read';
import { toSubjects } from './student';
import {
  toAgenda,
  toAnnotations,
  toDisciplinaryNote,
  toDisciplinaryNotes,
  toGrade,
  toGrades,
  toHomework,
  toLessons,
  toReportCards,
  toTopics,
} from './teaching';
import {
  realAgenda,
  realAnnotations,
  realGrades,
  realHomework,
  realNotes,
  realReportCards,
  realSubjects,
  realTimetable,
  realTopics,
} from './realAnswers.fixture';
import { fuzzReader, ids } from './testing/fuzz';

const subjects = toSubjects(realSubjects);
const sentId = (item: unknown) => integer(asRecord(item).id);
const dettaglioIsHtml = { fields: { dettaglio: 'html' as const } };

describe('grades', () => {
  const gradeId = (item: unknown) => integer(asRecord(item).id_voto) ?? integer(asRecord(item).id);
  const usable = (item: unknown) => gradeId(item) !== null && schoolDate(asRecord(item).data) !== null;
  fuzzReader({
    operations: ['getGrades'],
    reader: 'toGrades',
    read: (raw) => toGrades(raw, subjects),
    samples: [realGrades],
    rules: { ...dettaglioIsHtml, notNull: ['data'] },
    unique: (out) => [['grades', ids(out)]],
    keeps: { usable, id: gradeId },
  });
  fuzzReader({
    operations: ['acknowledgeGrade'],
    reader: 'toGrade',
    read: (raw) => toGrade(raw, subjects),
    samples: realGrades,
    rules: dettaglioIsHtml,
    check: (out, raw) => ((out === null) === usable(raw) ? ['a usable grade was dropped, or an unusable one kept'] : []),
  });
});

describe('lessons and homework', () => {
  fuzzReader({
    operations: ['getHomework'],
    reader: 'toHomework',
    read: (raw) => toHomework(raw, subjects),
    samples: [realHomework],
    rules: { notNull: ['data', 'data_consegna'] },
    unique: (out) => [['homework', ids(out)]],
    keeps: { usable: (item) => schoolDate(asRecord(item).data_consegna) !== null || schoolDate(asRecord(item).data) !== null, id: sentId },
  });
  fuzzReader({
    operations: ['getAgenda'],
    reader: 'toAgenda',
    read: (raw) => toAgenda(raw, subjects),
    samples: [realAgenda],
    rules: { notNull: ['data', 'data_ora_inizio', 'data_ora_fine'] },
    unique: (out) => [['agenda', ids(out)]],
    keeps: {
      usable: (item) => {
        const a = asRecord(item);
        return (schoolDateTime(a.data_ora_inizio) ?? schoolDateTime(a.data)) !== null && (schoolDate(a.data) ?? schoolDate(a.data_ora_inizio)) !== null;
      },
      id: sentId,
    },
  });
  fuzzReader({
    operations: ['getTimetable'],
    reader: 'toLessons',
    read: (raw) => toLessons(raw, subjects),
    samples: [realTimetable],
    rules: { notNull: ['data', 'data_ora_inizio', 'data_ora_fine'] },
    unique: (out) => [['lessons', ids(out)]],
    keeps: { usable: (item) => schoolDateTime(asRecord(item).data_ora_inizio) !== null && schoolDate(asRecord(item).data_ora_inizio) !== null, id: sentId },
    check: (out) =>
      out.some((l, i) => i > 0 && Date.parse(l.data_ora_inizio) < Date.parse(out[i - 1]!.data_ora_inizio)) ? ['lessons not in order of start'] : [],
  });
  fuzzReader({
    operations: ['getLessonTopics'],
    reader: 'toTopics',
    read: (raw) => toTopics(raw, subjects),
    samples: [realTopics],
    rules: { notNull: ['data'] },
    unique: (out) => [['topics', ids(out)]],
    keeps: { usable: (item) => schoolDate(asRecord(item).data) !== null, id: sentId },
  });
});

describe('notes and report cards', () => {
  fuzzReader({
    operations: ['getAnnotations'],
    reader: 'toAnnotations',
    read: (raw) => toAnnotations(raw, subjects),
    samples: [realAnnotations],
    rules: { notNull: ['data'] },
    unique: (out) => [['annotations', ids(out)]],
    keeps: { usable: (item) => schoolDate(asRecord(item).data) !== null, id: sentId },
  });
  const usableNote = (item: unknown) => sentId(item) !== null && schoolDate(asRecord(item).data) !== null;
  fuzzReader({
    operations: ['getDisciplinaryNotes'],
    reader: 'toDisciplinaryNotes',
    read: toDisciplinaryNotes,
    samples: [realNotes],
    rules: { notNull: ['data'] },
    unique: (out) => [['notes', ids(out)]],
    keeps: { usable: usableNote, id: sentId },
    check: (out) => out.flatMap((n) => (n.data_presa_visione !== null && !n.presa_visione ? [`note ${n.id}: acknowledged at a time but not acknowledged`] : [])),
  });
  fuzzReader({
    operations: ['acknowledgeDisciplinaryNote'],
    reader: 'toDisciplinaryNote',
    read: toDisciplinaryNote,
    samples: realNotes,
    check: (out, raw) => ((out === null) === usableNote(raw) ? ['a usable note was dropped, or an unusable one kept'] : []),
  });
  // A report card is something to open: a title, a file or a text; an item with none is dropped.
  const usableCard = (item: unknown) => {
    if (!isRecord(item)) return false;
    const file = (f: unknown) => rawString(asRecord(f).url) ?? rawString(asRecord(f).allegato);
    const files = [...(item.allegato !== undefined ? [item.allegato] : []), ...(Array.isArray(item.allegati) ? item.allegati : [])];
    return firstText(item.titolo, item.descrizione) !== null || files.some((f) => file(f)) || (html(item.dettaglio) ?? '').trim() !== '';
  };
  fuzzReader({
    operations: ['getReportCards'],
    reader: 'toReportCards',
    read: toReportCards,
    samples: [realReportCards],
    rules: { fields: { dettaglio: 'html', data_pubblicazione: 'date' } },
    unique: (out) => [['report cards', ids(out)]],
    keeps: { usable: usableCard, id: sentId },
  });
});
