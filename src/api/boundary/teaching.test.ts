import { describe, expect, it } from 'vitest';
import { toAbsences } from './absences';
import { toThreads } from './messages';
import { toRecipients, toThreadDetail } from './threads';
import { toSubjects } from './student';
import { toAgenda, toAnnotations, toDisciplinaryNote, toDisciplinaryNotes, toGrades, toHomework, toLessons, toReportCards, toTopics } from './teaching';
import {
  realAbsences,
  realAgenda,
  realAnnotations,
  realGrades,
  realHomework,
  realNotes,
  realReportCards,
  realSubjects,
  realThreads,
  realTimetable,
  realTopics,
} from './realAnswers.fixture';

const subjects = toSubjects(realSubjects);

describe('grades', () => {
  it('reads the real voti_plain: id_voto, date-time, capitalised kind, null weight, 0 for no acknowledgement', () => {
    const [first, second] = toGrades(realGrades, subjects);
    expect(first).toMatchObject({
      id: 77123,
      id_materia: 31,
      materia: 'MATEMATICA',
      data: '2026-11-18',
      simbolo: '8-',
      voto_numerico: 7.75,
      colore_simbolo: '#1E7B34',
      sottotitolo: 'scritto',
      descrizione_peso: '',
      valore_peso: 0,
      voto_pesato: false,
      is_voto: true,
      is_competenza: false,
      presa_visione: false,
      data_presa_visione: null,
      data_presa_visione_tradotta: null,
      novita: true,
      dettaglio: 'Verifica sulle equazioni di secondo grado',
    });
    expect(second).toMatchObject({ id: 77098, sottotitolo: 'orale', valore_peso: 50, voto_pesato: true, presa_visione: true, data_presa_visione: '2026-11-11T18:20:00+01:00', data_presa_visione_tradotta: '11-11-2026 18:20' });
  });

  it('reads the reference shape and drops a grade it cannot place', () => {
    const grades = toGrades([
      { id: 9001, id_materia: 11, data: '2026-11-18', simbolo: '8', voto_numerico: 8, sottotitolo: 'scritto', valore_peso: 100, voto_pesato: true, presa_visione: true, data_presa_visione: '2026-11-19T08:00:00+01:00', dettaglio: '' },
      { id: 9002, simbolo: '5' },
    ]);
    expect(grades).toHaveLength(1);
    expect(grades[0]).toMatchObject({ id: 9001, id_materia: 11, presa_visione: true, valore_peso: 100 });
  });
});

describe('homework, agenda, topics, annotations', () => {
  it('homework: data is the due day, the subject named in titolo, the text in assegnazioni, entities decoded', () => {
    const homework = toHomework(realHomework, subjects);
    expect(homework.map(({ id: _id, ...h }) => h)).toEqual([
      { data: '2026-11-23', data_consegna: '2026-11-23', id_materia: 31, materia: 'MATEMATICA', dettaglio: 'Esercizi 12–18 a pagina 140', novita: false },
      { data: '2026-11-24', data_consegna: '2026-11-24', id_materia: 32, materia: "STORIA DELL'ARTE", dettaglio: 'Leggere il capitolo su Caravaggio', novita: false },
    ]);
    // Derived ids are stable across answers and distinct.
    expect(toHomework(realHomework, subjects).map((h) => h.id)).toEqual(homework.map((h) => h.id));
    expect(new Set(homework.map((h) => h.id)).size).toBe(2);
  });

  it('homework of a subject the student does not have keeps its name and groups by it', () => {
    const [a, b] = toHomework(
      [
        { data: '2026-11-23T00:00:00+01:00', titolo: 'FISICA', assegnazioni: 'uno' },
        { data: '2026-11-24T00:00:00+01:00', titolo: 'Fisica', assegnazioni: 'due' },
      ],
      subjects,
    );
    expect(a!.id_materia).toBeLessThan(0);
    expect(b!.id_materia).toBe(a!.id_materia);
    expect(a!.materia).toBe('FISICA');
  });

  it('homework in the reference shape keeps its id and both days', () => {
    expect(toHomework([{ id: 7, data: '2026-11-18', data_consegna: '2026-11-20', id_materia: 11, dettaglio: 'x', novita: true }])).toEqual([
      { id: 7, data: '2026-11-18', data_consegna: '2026-11-20', id_materia: 11, materia: null, dettaglio: 'x', novita: true },
    ]);
  });

  it('agenda: data and data_fine date-times, no kind, the description in sottotitolo', () => {
    const [item] = toAgenda(realAgenda, subjects);
    expect(item).toMatchObject({
      data: '2026-11-19',
      data_ora_inizio: '2026-11-19T11:00:00+01:00',
      data_ora_fine: '2026-11-19T12:00:00+01:00',
      id_materia: null,
      titolo: 'Uscita didattica',
      dettaglio: "Visita alla Pinacoteca\nRitrovo all'ingresso",
      tipo: '',
    });
    expect(item!.id).toBeGreaterThan(0);
  });

  it('topics and annotations: no id, date-times, subject by name', () => {
    expect(toTopics(realTopics, subjects)[0]).toMatchObject({ data: '2026-11-18', id_materia: 31, modulo: 'Equazioni', dettaglio: 'Formula risolutiva e discriminante' });
    expect(toAnnotations(realAnnotations, subjects)[0]).toMatchObject({ data: '2026-11-17', id_materia: 33, simbolo: 'C', descrizione_simbolo: 'Compiti non svolti', dettaglio: 'Non ha portato il quaderno', novita: false });
  });
});

describe('timetable', () => {
  it('reads the real orario_plain: subjects by id or by name, wall times as Rome, co-teaching kept', () => {
    const lessons = toLessons(realTimetable, subjects);
    expect(lessons.map(({ id: _id, ...l }) => l)).toEqual([
      { data: '2026-11-20', data_ora_inizio: '2026-11-20T08:00:00+01:00', data_ora_fine: '2026-11-20T09:00:00+01:00', id_materia: 31, materia: 'MATEMATICA', docente: 'Bianchi Anna' },
      { data: '2026-11-20', data_ora_inizio: '2026-11-20T09:00:00+01:00', data_ora_fine: '2026-11-20T10:00:00+01:00', id_materia: 32, materia: "STORIA DELL'ARTE", docente: 'Neri Paolo' },
      { data: '2026-11-20', data_ora_inizio: '2026-11-20T10:00:00+01:00', data_ora_fine: '2026-11-20T11:00:00+01:00', id_materia: 33, materia: 'INGLESE', docente: 'Rossi Maria' },
      { data: '2026-11-20', data_ora_inizio: '2026-11-20T10:00:00+01:00', data_ora_fine: '2026-11-20T11:00:00+01:00', id_materia: 33, materia: 'INGLESE', docente: 'Smith John' },
    ]);
    // Every row its own id, the same on the next answer.
    expect(new Set(lessons.map((l) => l.id)).size).toBe(4);
    expect(toLessons(realTimetable, subjects).map((l) => l.id)).toEqual(lessons.map((l) => l.id));
  });

  it('keeps identical co-taught rows apart and leaves an unknown subject unknown', () => {
    const row = { data_ora_inizio: '2026-11-20T10:00:00+01:00', data_ora_fine: '2026-11-20T11:00:00+01:00', titolo: 'FISICA', sottotitolo: '', id_materia: null };
    const [a, b] = toLessons([row, row], subjects);
    expect(a!.id).not.toBe(b!.id);
    expect(a).toMatchObject({ id_materia: null, materia: 'FISICA', docente: '' });
    expect(toLessons([row], []).map((l) => l.id_materia)).toEqual([null]);
  });

  it('reads the reference shape and sorts by start', () => {
    const lessons = toLessons([
      { data_ora_inizio: '2026-11-23T09:00:00+01:00', data_ora_fine: '2026-11-23T10:00:00+01:00', titolo: 'Italiano', sottotitolo: 'Prof. Rossi - Aula 3A', id_materia: 12 },
      { data_ora_inizio: '2026-11-23T08:00:00+01:00', data_ora_fine: '2026-11-23T09:00:00+01:00', titolo: 'Matematica', sottotitolo: 'Prof.ssa Bianchi - Aula 3A', id_materia: 16 },
    ]);
    expect(lessons.map((l) => [l.materia, l.id_materia, l.docente])).toEqual([
      ['Matematica', 16, 'Prof.ssa Bianchi - Aula 3A'],
      ['Italiano', 12, 'Prof. Rossi - Aula 3A'],
    ]);
  });

  it('drops rows without a usable start and never throws on odd answers', () => {
    const lessons = toLessons([
      null,
      7,
      'x',
      [],
      {},
      { titolo: 'MATEMATICA', data_ora_fine: '2026-11-20T09:00:00+01:00' },
      { data_ora_inizio: 'ieri', titolo: 'MATEMATICA' },
      { data_ora_inizio: 1795252500, titolo: 'MATEMATICA' },
      { data_ora_inizio: '2026-11-20T12:00:00+01:00', data_ora_fine: 42, titolo: { x: 1 }, sottotitolo: ['a'], id_materia: 'mate' },
    ], subjects);
    expect(lessons).toHaveLength(1);
    expect(lessons[0]).toMatchObject({ data_ora_inizio: '2026-11-20T12:00:00+01:00', data_ora_fine: '2026-11-20T12:00:00+01:00', materia: '', docente: '', id_materia: null });
    for (const odd of [null, undefined, 3, 'orario', { data_ora_inizio: '2026-11-20' }]) expect(toLessons(odd)).toEqual([]);
  });
});

describe('disciplinary notes', () => {
  it('reads the real note_plain: teacher in sottotitolo, one tag object, 0 for not acknowledged, entities decoded', () => {
    expect(toDisciplinaryNotes(realNotes)).toEqual([
      {
        id: 5012,
        data: '2026-11-19',
        docente: 'Neri Paolo',
        dettaglio: "L'alunno disturba la lezione «ripetutamente»",
        tag: [{ codice: 'DIS', descrizione: 'Disturbo durante la lezione', ordinamento: 1 }],
        presa_visione: false,
        data_presa_visione: null,
        data_presa_visione_tradotta: null,
        novita: true,
      },
      {
        id: 4980,
        data: '2026-10-27',
        docente: 'Bianchi Anna',
        dettaglio: '',
        tag: [{ codice: 'RIT', descrizione: 'Ritardo non giustificato', ordinamento: 2 }],
        presa_visione: true,
        data_presa_visione: '2026-10-28T18:30:00+01:00',
        data_presa_visione_tradotta: '28-10-2026 18:30',
        novita: false,
      },
    ]);
  });

  it('reads the reference shape: docente, tags by ordinamento, a date-time or null', () => {
    const [open, seen] = toDisciplinaryNotes([
      {
        id: 77,
        data: '2026-11-16',
        docente: 'Prof. Luca Romano',
        dettaglio: 'Disturba la lezione.',
        tag: [
          { codice: 'RIT', descrizione: 'Ritardo', ordinamento: 2 },
          { codice: 'DIS', descrizione: 'Disturbo', ordinamento: 1 },
        ],
        presa_visione: false,
        data_presa_visione: null,
        data_presa_visione_tradotta: null,
        novita: true,
      },
      { id: 78, data: '2026-11-17', docente: 'Prof. Romano', dettaglio: 'x', tag: [], presa_visione: true, data_presa_visione: '2026-11-21T10:15:00+01:00', data_presa_visione_tradotta: '21-11-2026 10:15', novita: false },
    ]);
    expect(open).toMatchObject({ id: 77, data: '2026-11-16', docente: 'Prof. Luca Romano', presa_visione: false, data_presa_visione: null, novita: true });
    expect(open!.tag.map((t) => t.codice)).toEqual(['DIS', 'RIT']);
    expect(seen).toMatchObject({ id: 78, tag: [], presa_visione: true, data_presa_visione: '2026-11-21T10:15:00+01:00', data_presa_visione_tradotta: '21-11-2026 10:15' });
  });

  it('a flag without a time counts only when no time was sent at all; 0 is never an acknowledgement', () => {
    expect(toDisciplinaryNote({ id: 1, data: '2026-11-16', presa_visione: true, data_presa_visione: 0 })).toMatchObject({ presa_visione: false, data_presa_visione: null });
    expect(toDisciplinaryNote({ id: 1, data: '2026-11-16', presa_visione: true })).toMatchObject({ presa_visione: true, data_presa_visione: null });
    expect(toDisciplinaryNote({ id: 1, data: '2026-11-16', presa_visione: 'SI', data_presa_visione: '2026-11-21 10:15:00' })).toMatchObject({ presa_visione: true, data_presa_visione: '2026-11-21T10:15:00+01:00' });
  });

  it('drops notes without an id or a day, and never throws on odd answers', () => {
    const notes = toDisciplinaryNotes([
      null,
      'nota',
      [],
      { data: '2026-11-16', docente: 'x' },
      { id: 2, docente: 'x' },
      { id: 'tre', data: '2026-11-16' },
      { id: '4', data: '2026-11-16T09:00:00', docente: true, sottotitolo: { a: 1 }, dettaglio: ['x'], tag: 'DIS', presa_visione: 'forse', data_presa_visione: {}, novita: 'boh' },
      { id: 5, data: '2026-11-16', tag: [null, 3, { codice: '', descrizione: '' }, { codice: 'X', ordinamento: 'primo' }] },
    ]);
    expect(notes).toEqual([
      { id: 4, data: '2026-11-16', docente: '', dettaglio: '', tag: [], presa_visione: false, data_presa_visione: null, data_presa_visione_tradotta: null, novita: false },
      { id: 5, data: '2026-11-16', docente: '', dettaglio: '', tag: [{ codice: 'X', descrizione: 'X', ordinamento: 0 }], presa_visione: false, data_presa_visione: null, data_presa_visione_tradotta: null, novita: false },
    ]);
    for (const odd of [null, undefined, 3, 'note', { id: 1 }]) expect(toDisciplinaryNotes(odd)).toEqual([]);
    expect(toDisciplinaryNote(undefined)).toBeNull();
  });
});

describe('report cards', () => {
  it('reads data and allegati[{descrizione, allegato}], keeps HTML for the sanitiser', () => {
    const [card] = toReportCards(realReportCards);
    expect(card).toMatchObject({
      titolo: 'Pagellino primo trimestre',
      periodo: null,
      data_pubblicazione: '2026-11-16',
      dettaglio: '<p>Valutazione <b>intermedia</b></p>',
      allegati: [{ nome: 'Pagellino.pdf', url: realReportCards[0]!.allegati[0]!.allegato }],
    });
  });

  it('reads the reference shape with its single attachment', () => {
    const [card] = toReportCards([{ id: 3, titolo: 'Pagella', periodo: 'Trimestre', data_pubblicazione: '2026-12-23', dettaglio: '', allegato: { nome: 'p.pdf', url: '/x/pagelle/3/allegato' } }]);
    expect(card).toEqual({ id: 3, titolo: 'Pagella', periodo: 'Trimestre', data_pubblicazione: '2026-12-23', dettaglio: '', allegati: [{ nome: 'p.pdf', url: '/x/pagelle/3/allegato' }] });
  });
});

describe('absences', () => {
  it('reads date-times, the time inside titolo, and an early exit sent as an absence', () => {
    const [absence, exit] = toAbsences(realAbsences);
    expect(absence).toMatchObject({ id: 441, data: '2026-11-16', orario: null, simbolo: 'A', tipo_assenza: 'assenza', giustificata: 'NO', giustificabile: true });
    expect(exit).toMatchObject({ id: 442, data: '2026-11-12', orario: '12:11', simbolo: 'U', tipo_assenza: 'uscita', giustificata: 'SI', giustificabile: false, motivazione: 'Visita medica', descrizione: 'Uscita anticipata ore 12:11' });
  });

  it('keeps the reference orario and the empty justification state', () => {
    const [a] = toAbsences([{ id: 1, data: '2026-11-16', orario: '09:10', simbolo: 'R', descrizione: 'Ritardo', tipo_assenza: 'ritardo', giustificata: '', giustificabile: false }]);
    expect(a).toMatchObject({ orario: '09:10', tipo_assenza: 'ritardo', giustificata: '' });
  });
});

describe('threads', () => {
  it('reads string ids, a sender named only in cognome, −1 for not asked and a count of attachments', () => {
    expect(toThreads(realThreads)).toEqual([
      {
        id: '1362_ver_2',
        id_messaggio: '5521',
        mittente: { id: '3000168', nome: 'SEGRETERIA DIDATTICA' },
        titolo: 'Uscita didattica',
        destinatari: 'Genitori classe 4B',
        da_leggere: true,
        data_lettura: null,
        presa_visione: null,
        sottoscrizione: null,
        conferma_lettura: false,
        allegati: 2,
        tipo_messaggio: 'MESSAGGIO',
        data: null,
      },
    ]);
    expect(toThreads([{ id: 'x', presa_visione: 1, sottoscrizione: 0 }])[0]).toMatchObject({ presa_visione: true, sottoscrizione: false });
  });
});

// Found by the boundary's fuzzing (teaching.fuzz.test.ts).
describe('odd answers the fuzzing found', () => {
  it('keeps one record per id when the backend sends an id twice', () => {
    const [grade] = realGrades;
    expect(toGrades([grade, { ...grade, simbolo: '4' }], subjects).map((g) => g.simbolo)).toEqual(['8-']);
    const note = realNotes[0]!;
    expect(toDisciplinaryNotes([note, note])).toHaveLength(1);
    const homework = { id: 5, data: '2026-11-21', dettaglio: 'Esercizi' };
    expect(toHomework([homework, { ...homework, dettaglio: 'Altro' }])).toHaveLength(1);
    expect(toLessons([{ id: 9, data_ora_inizio: '2026-11-20T08:00:00' }, { id: 9, data_ora_inizio: '2026-11-20T09:00:00' }])).toHaveLength(1);
  });

  it('reads no day from an impossible date (2026-02-30, 0000-00-00) and drops the item', () => {
    expect(toGrades([{ id_voto: 1, data: '2026-02-30T08:00:00+01:00' }, { id_voto: 2, data: '0000-00-00' }])).toEqual([]);
    expect(toHomework([{ data: '2026-13-45' }])).toEqual([]);
  });

  it('drops a report card with nothing to open, and decodes a file name taken from its address', () => {
    expect(toReportCards([1, null, {}, { data: '2026-11-20' }])).toEqual([]);
    const [card] = toReportCards([{ allegati: [{ allegato: '/files/DELL&#039;ARTE.pdf' }] }]);
    expect(card?.allegati[0]).toEqual({ nome: "DELL'ARTE.pdf", url: '/files/DELL&#039;ARTE.pdf' });
    // Seed 1 of the fuzzing: a title taken from the file's name was decoded twice.
    const [named] = toReportCards([{ allegati: [{ descrizione: 'AT&amp;amp;T', allegato: '/f/1' }] }]);
    expect(named?.titolo).toBe('AT&amp;T');
  });
});

// Found by the boundary's fuzzing (schoolLife.fuzz.test.ts).
describe('odd absence and messenger answers', () => {
  it('reads no time from 25:99 and keeps one absence, thread, message, attachment and recipient per id', () => {
    expect(toAbsences([{ id: 1, data: '2026-11-21', simbolo: 'R', orario: '25:99' }])[0]?.orario).toBeNull();
    expect(toAbsences([{ id: 1, data: '2026-11-21', simbolo: 'R', titolo: 'Ritardo ore 8:05' }])[0]?.orario).toBe('08:05');
    expect(toAbsences([{ id: 1, data: '2026-11-21' }, { id: 1, data: '2026-11-22' }])).toHaveLength(1);
    expect(toThreads([{ id: '1_ver_2' }, { id: '1_ver_2' }])).toHaveLength(1);
    const detail = toThreadDetail({ id: 't', messaggi: [{ id: 5, allegati: [{ id: 8 }, { id: 8 }] }, { id: 5 }] });
    expect(detail.messaggi).toHaveLength(1);
    expect(detail.messaggi[0]!.allegati).toHaveLength(1);
    expect(toRecipients([{ id: 'a@b', descrizione: 'X' }, { id: 'a@b', descrizione: 'Y' }])).toHaveLength(1);
  });
});
