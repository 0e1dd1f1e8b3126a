import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, expectValidPdf, PREVIOUS_YEAR, startTestServer, studentPath, useTestServer } from '../../testing';
import { addDays, weekday } from '../../shared/time';

const { expectConforms, uncovered } = contractChecker();
const TODAY = '2026-11-21';

interface Note { id: number; presa_visione: boolean; novita: boolean; data_presa_visione: string | null; data_presa_visione_tradotta: string | null; tag: { ordinamento: number }[] }
interface TutorNote { id_nota: number; letta: boolean }
/** Items in the real backend's shape: no id, the day as a date-time, the subject by name in `titolo`. */
interface Dated { data: string; titolo: string }
interface AgendaEntry { data: string; data_fine: string; titolo: string; sottotitolo: string; id_materia: number | null }
interface Homework extends Dated { assegnazioni: string; dettaglio: string }
interface Lesson { data_ora_inizio: string; data_ora_fine: string; titolo: string; sottotitolo: string; id_materia: number }
interface ReportCard { data: string; titolo: string; dettaglio: string; allegati: { descrizione: string; allegato: string }[] }
/** The report card's id, which only its file's address carries. */
const cardId = (card: ReportCard): string => /\/pagelle\/(\d+)\/allegato$/.exec(card.allegati[0]?.allegato ?? '')?.[1] ?? '';
const day = (dateTime: string): string => dateTime.slice(0, 10);
interface Material { id: number; id_materia: number; allegati: { nome: string; url: string; tipo: string }[] }

describe('area didattica', () => {
  const t = useTestServer();

  const get = (url: string, token?: string) => t.server.app.inject({ url, headers: token ? auth(token) : {} });
  const send = (method: 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
    t.server.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const setService = (id: number, anno: string, servizio: string, on: boolean) =>
    t.db().prepare('UPDATE servizi_iscrizione SET attivo = ? WHERE id_studente = ? AND anno = ? AND servizio = ?').run(Number(on), id, anno, servizio);

  const cases = [
    { who: 'Marco 3A', token: () => t.parent, school: 'DEMO01', id: 501, year: CURRENT_YEAR, initials: 'MR' },
    { who: 'Marco 2A (last year)', token: () => t.parent, school: 'DEMO01', id: 501, year: PREVIOUS_YEAR, initials: 'MR' },
    { who: 'Giulia 2B', token: () => t.parent, school: 'DEMO02', id: 502, year: CURRENT_YEAR, initials: 'GR' },
    { who: 'Luca 4C', token: () => t.student, school: 'DEMO01', id: 503, year: CURRENT_YEAR, initials: 'LB' },
  ];

  it.each(cases)('answers every call for $who, on the class subjects and school days', async ({ token, school, id, year, initials }) => {
    const path = (rest: string) => studentPath(school, id, year, rest);
    const current = year === CURRENT_YEAR;
    const startYear = Number(year.slice(0, 4));
    const subjects = (await get(path('materie_nextapi'), token())).json<{ id: number; descrizione: string }[]>();
    const subjectIds = new Set(subjects.map((s) => s.id));
    const subjectNames = new Set(subjects.map((s) => s.descrizione.replace(/&#039;/g, "'")));
    const inClass = (item: { titolo: string }) => subjectNames.has(item.titolo.replace(/&#039;/g, "'"));
    const onLessonDay = (data: string) => weekday(data) !== 0 && !['11-01', '12-08', '12-25', '04-25', '05-01'].includes(data.slice(5));

    const calendar = await get(path('calendario_scolastico'), token());
    expectConforms('getSchoolCalendar', calendar);
    const { attivita, festivita } = calendar.json<{ attivita: { data: string }[]; festivita: { data: string; descrizione: string }[] }>();
    expect(attivita.length).toBeGreaterThan(5);
    expect(attivita.every((a) => onLessonDay(a.data))).toBe(true);
    expect(festivita).toContainEqual(expect.objectContaining({ data: `${startYear}-12-25`, descrizione: 'Natale' }));
    expect(festivita.map((f) => f.descrizione)).toEqual(expect.arrayContaining(['Pasqua', "Lunedì dell'Angelo", 'Festa della Liberazione', 'Ognissanti']));

    const agenda = await get(path('agenda_plain'), token());
    expectConforms('getAgenda', agenda);
    const agendaItems = agenda.json<AgendaEntry[]>();
    expect(agendaItems.length).toBeGreaterThan(5);
    expect(agendaItems.every((a) => (a.id_materia === null || subjectIds.has(a.id_materia)) && onLessonDay(day(a.data)) && a.data < a.data_fine)).toBe(true);
    expect(agendaItems.some((a) => a.titolo.startsWith('Verifica scritta di '))).toBe(true);
    expect(agendaItems.every((a) => !('tipo' in a) && !('id' in a))).toBe(true);

    const annotations = await get(path('annotazioni_plain'), token());
    expectConforms('getAnnotations', annotations);
    expect(annotations.json<Dated[]>().length).toBeGreaterThanOrEqual(8);
    expect(annotations.json<Dated[]>().every((a) => inClass(a) && onLessonDay(day(a.data)))).toBe(true);

    const notes = await get(path('note_plain'), token());
    expectConforms('getDisciplinaryNotes', notes);
    const noteList = notes.json<Note[]>();
    expect(noteList.length).toBeGreaterThanOrEqual(2);
    expect(noteList.filter((n) => !n.presa_visione).length).toBe(current ? 1 : 0);
    for (const n of noteList) expect(n.tag.map((t) => t.ordinamento)).toEqual([...n.tag.map((t) => t.ordinamento)].sort((a, b) => a - b));

    const cards = await get(path('pagelle_plain'), token());
    expectConforms('getReportCards', cards);
    const cardList = cards.json<ReportCard[]>();
    expect(cardList.length).toBe(current ? 1 : 4);
    for (const card of cardList) {
      expect(card.dettaglio).toContain('<strong>');
      expect(card.allegati).toHaveLength(1);
      const pdf = await get(card.allegati[0]!.allegato, token());
      expectConforms('getReportCardAttachment', pdf, 200, 'application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9_]+\.pdf"/);
      expectValidPdf(pdf.rawPayload, card.titolo.slice(0, 8), 'Classe', year.replace('_', '/'));
    }

    const topics = await get(path('argomenti_plain'), token());
    expectConforms('getLessonTopics', topics);
    const topicList = topics.json<Dated[]>();
    expect(topicList.length).toBeGreaterThan(current ? 100 : 400);
    expect(topicList.every((t) => inClass(t) && onLessonDay(day(t.data)) && (!current || day(t.data) <= TODAY))).toBe(true);

    const homework = await get(path('compiti_plain'), token());
    expectConforms('getHomework', homework);
    const homeworkList = homework.json<Homework[]>();
    // `data` is the due day; the text is in `assegnazioni`.
    expect(homeworkList.every((h) => inClass(h) && h.assegnazioni.length > 0 && h.dettaglio === '')).toBe(true);
    if (current) {
      expect(homeworkList.some((h) => day(h.data) < TODAY)).toBe(true);
      expect(homeworkList.some((h) => day(h.data) > TODAY && day(h.data) <= addDays(TODAY, 14))).toBe(true);
    }

    const timetable = await get(path('orario_plain'), token());
    expectConforms('getTimetable', timetable);
    const lessons = timetable.json<Lesson[]>();
    expect(lessons.length).toBeGreaterThan(150 * 4);
    expect(lessons.every((l) => subjectIds.has(l.id_materia) && onLessonDay(l.data_ora_inizio.slice(0, 10)))).toBe(true);
    expect(lessons.every((l) => l.data_ora_inizio.slice(11, 16) >= '08:00' && l.data_ora_fine.slice(11, 16) <= '13:00')).toBe(true);
    expect(lessons.some((l) => l.data_ora_inizio.startsWith(`${startYear}-12-2`) && l.data_ora_inizio.slice(8, 10) >= '23')).toBe(false);

    const tutor = await get(path('note_tutor'), token());
    expectConforms('getTutorNotes', tutor);
    expect(tutor.json<TutorNote[]>().length).toBeGreaterThanOrEqual(3);

    const material = await get(path('materiale_didattico'), token());
    expectConforms('getTeachingMaterials', material);
    const materials = material.json<Material[]>();
    expect(materials.length).toBeGreaterThanOrEqual(4);
    for (const m of materials.slice(0, 2)) {
      for (const file of m.allegati) {
        const res = await get(file.url, token());
        expectConforms('getTeachingMaterialAttachment', res, 200, file.tipo);
        expect(res.headers['content-disposition']).toContain(`filename="${file.nome}"`);
        if (file.tipo === 'application/pdf') expectValidPdf(res.rawPayload, 'Docente');
        else expect(res.body).toContain('Esercizi aggiuntivi');
      }
    }

    const tests = await get(path('verifiche'), token());
    expectConforms('getTests', tests);
    const testList = tests.json<{ data: string; id_materia: number; tipo: string }[]>();
    expect(testList.length).toBeGreaterThanOrEqual(8);
    expect(testList.every((t) => subjectIds.has(t.id_materia))).toBe(true);
    if (current) expect(testList.some((t) => t.data > TODAY)).toBe(true);

    const photo = await get(path('studente/foto'), token());
    expectConforms('getStudentPhoto', photo, 200, 'image/svg+xml');
    expect(photo.body).toMatch(new RegExp(`^<svg [^>]*>.*>${initials}</text></svg>$`));
  });

  it('filters by date range and rejects a bad one', async () => {
    const path = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);
    const week = await get(path('orario_plain?data_inizio=2026-11-16&data_fine=2026-11-21'), t.parent);
    expectConforms('getTimetable', week);
    const days = new Set(week.json<Lesson[]>().map((l) => l.data_ora_inizio.slice(0, 10)));
    expect([...days].sort()).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
    const topics = (await get(path('argomenti_plain?data_inizio=2026-11-20&data_fine=2026-11-20'), t.parent)).json<Dated[]>();
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.every((t) => day(t.data) === '2026-11-20')).toBe(true);
    const due = (await get(path(`compiti_plain?data_inizio=${TODAY}`), t.parent)).json<Homework[]>();
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((h) => day(h.data) >= TODAY)).toBe(true);
    const agenda = (await get(path('agenda_plain?data_inizio=2026-11-22&data_fine=2026-12-31'), t.parent)).json<AgendaEntry[]>();
    expect(agenda.every((a) => day(a.data) >= '2026-11-22' && day(a.data) <= '2026-12-31')).toBe(true);

    const inverted = await get(path('compiti_plain?data_inizio=2026-11-21&data_fine=2026-11-01'), t.parent);
    expectConforms('getHomework', inverted, 400);
    expect(inverted.json()).toMatchObject({ detail: 'data_inizio non può essere successiva a data_fine' });
    for (const [op, rest] of [['getAgenda', 'agenda_plain?data_inizio=2026-13-01'], ['getLessonTopics', 'argomenti_plain?data_fine=ieri'], ['getTimetable', 'orario_plain?data_inizio=2026-02-30']]) {
      const res = await get(path(rest as string), t.parent);
      expectConforms(op as string, res, 400);
      expect(res.json<{ detail: string }>().detail).toMatch(/data_(inizio|fine)/);
    }
  });

  it('keeps each family to its own students and each section to its service', async () => {
    const luca = (rest: string) => studentPath('DEMO01', 503, CURRENT_YEAR, rest);
    for (const [op, rest] of [['getSchoolCalendar', 'calendario_scolastico'], ['getAgenda', 'agenda_plain'], ['getAnnotations', 'annotazioni_plain'], ['getReportCards', 'pagelle_plain'], ['getTests', 'verifiche'], ['getStudentPhoto', 'studente/foto'], ['getTeachingMaterials', 'materiale_didattico']]) {
      const res = await get(luca(rest as string), t.parent);
      expectConforms(op as string, res, 403);
      expect(res.json()).toEqual({ detail: 'Accesso non consentito', error: 'forbidden' });
    }
    expectConforms('getTutorNotes', await get(luca('note_tutor')), 401);
    expectConforms('getReportCardAttachment', await get(luca('pagelle/1/allegato'), t.parent), 403);

    setService(502, CURRENT_YEAR, 'compiti', false);
    try {
      const off = await get(studentPath('DEMO02', 502, CURRENT_YEAR, 'compiti_plain'), t.parent);
      expectConforms('getHomework', off, 403);
      expect(off.json()).toEqual({ detail: 'Servizio non attivo per lo studente', error: 'servizio_non_attivo' });
    } finally {
      setService(502, CURRENT_YEAR, 'compiti', true);
    }
    expect((await get(studentPath('DEMO02', 502, CURRENT_YEAR, 'compiti_plain'), t.parent)).statusCode).toBe(200);
  });

  it('answers 404 for attachments of another student or that do not exist', async () => {
    const lucaCard = (await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'pagelle_plain'), t.student)).json<ReportCard[]>()[0];
    const lucaMaterial = (await get(studentPath('DEMO01', 503, CURRENT_YEAR, 'materiale_didattico'), t.student)).json<Material[]>()[0];
    if (!lucaCard || !lucaMaterial) throw new Error('Luca has report cards and material');
    const marco = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);
    expectConforms('getReportCardAttachment', await get(marco(`pagelle/${cardId(lucaCard)}/allegato`), t.parent), 404);
    expectConforms('getReportCardAttachment', await get(marco('pagelle/999999/allegato'), t.parent), 404);
    expectConforms('getReportCardAttachment', await get(marco('pagelle/abc/allegato'), t.parent), 400);
    const file = lucaMaterial.allegati[0];
    if (!file) throw new Error('material has attachments');
    const fileId = file.url.split('/').pop();
    expectConforms('getTeachingMaterialAttachment', await get(marco(`materiale_didattico/${lucaMaterial.id}/allegati/${fileId}`), t.parent), 404);
    const marcoMaterial = (await get(marco('materiale_didattico'), t.parent)).json<Material[]>()[0];
    expectConforms('getTeachingMaterialAttachment', await get(marco(`materiale_didattico/${marcoMaterial?.id}/allegati/${fileId}`), t.parent), 404);
    expect((await get(file.url, t.student)).statusCode).toBe(200);
  });

  describe('acknowledging a disciplinary note', () => {
    const marco = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);
    const unreadOf = async (url: string, token: string) => (await get(url, token)).json<Note[]>().find((n) => !n.presa_visione);

    it('sets presa_visione with the date and time once, then answers the same', async () => {
      const note = await unreadOf(marco('note_plain'), t.parent);
      if (!note) throw new Error('Marco has an unread note');
      expect(note).toMatchObject({ novita: true, data_presa_visione: null });
      const ack = await send('PUT', marco(`presa_visione_note/${note.id}`), t.parent);
      expectConforms('acknowledgeDisciplinaryNote', ack);
      expect(ack.json()).toMatchObject({
        id: note.id, presa_visione: true, novita: false,
        data_presa_visione: '2026-11-21T10:15:00+01:00', data_presa_visione_tradotta: '21-11-2026 10:15',
      });
      t.server.advance(600);
      const again = await send('PUT', marco(`presa_visione_note/${note.id}`), t.parent);
      expect(again.json()).toEqual(ack.json());
      const listed = (await get(marco('note_plain'), t.parent)).json<Note[]>().find((n) => n.id === note.id);
      expect(listed).toEqual(ack.json());
    });

    it('refuses bad input and other families, changing nothing', async () => {
      const lucaNote = await unreadOf(studentPath('DEMO01', 503, CURRENT_YEAR, 'note_plain'), t.student);
      if (!lucaNote) throw new Error('Luca has an unread note');
      const other = await send('PUT', studentPath('DEMO01', 503, CURRENT_YEAR, `presa_visione_note/${lucaNote.id}`), t.parent);
      expectConforms('acknowledgeDisciplinaryNote', other, 403);
      const crossed = await send('PUT', marco(`presa_visione_note/${lucaNote.id}`), t.parent);
      expectConforms('acknowledgeDisciplinaryNote', crossed, 404);
      expect(crossed.json()).toEqual({ detail: 'Contenuto non disponibile', error: 'not_found' });
      expectConforms('acknowledgeDisciplinaryNote', await send('PUT', marco('presa_visione_note/999999'), t.parent), 404);
      const bad = await send('PUT', marco('presa_visione_note/nota'), t.parent);
      expectConforms('acknowledgeDisciplinaryNote', bad, 400);
      expect(bad.json<{ detail: string }>().detail).toContain('id');
      expectConforms('acknowledgeDisciplinaryNote', await t.server.app.inject({ method: 'PUT', url: marco(`presa_visione_note/${lucaNote.id}`) }), 401);
      expect(await unreadOf(studentPath('DEMO01', 503, CURRENT_YEAR, 'note_plain'), t.student)).toEqual(lucaNote);
    });

    it('answers 409 when the school has note acknowledgement off, and 403 when notes are off', async () => {
      const giulia = (rest: string) => studentPath('DEMO02', 502, CURRENT_YEAR, rest);
      const note = await unreadOf(giulia('note_plain'), t.parent);
      if (!note) throw new Error('Giulia has an unread note');
      setService(502, CURRENT_YEAR, 'presa_visione_note', false);
      try {
        const res = await send('PUT', giulia(`presa_visione_note/${note.id}`), t.parent);
        expectConforms('acknowledgeDisciplinaryNote', res, 409);
        expect(res.json()).toEqual({ detail: 'Conflict', error: 'La presa visione delle note non è attiva per questa scuola' });
      } finally {
        setService(502, CURRENT_YEAR, 'presa_visione_note', true);
      }
      setService(502, CURRENT_YEAR, 'note', false);
      try {
        const res = await send('PUT', giulia(`presa_visione_note/${note.id}`), t.parent);
        expectConforms('acknowledgeDisciplinaryNote', res, 403);
        expect(res.json<{ detail: string }>().detail).toBe('Servizio non attivo per lo studente');
        expectConforms('getDisciplinaryNotes', await get(giulia('note_plain'), t.parent), 403);
      } finally {
        setService(502, CURRENT_YEAR, 'note', true);
      }
      expect(await unreadOf(giulia('note_plain'), t.parent)).toEqual(note);
    });
  });

  describe('marking a tutor note as read', () => {
    const marco = (rest: string) => studentPath('DEMO01', 501, CURRENT_YEAR, rest);

    it('sets letta, idempotently', async () => {
      const note = (await get(marco('note_tutor'), t.parent)).json<TutorNote[]>().find((n) => !n.letta);
      if (!note) throw new Error('Marco has an unread tutor note');
      const res = await send('POST', marco('note_tutor'), t.parent, { id_nota: note.id_nota });
      expectConforms('markTutorNoteRead', res);
      expect(res.json()).toEqual({ ...note, letta: true });
      expect((await send('POST', marco('note_tutor'), t.parent, { id_nota: note.id_nota })).json()).toEqual({ ...note, letta: true });
      expect((await get(marco('note_tutor'), t.parent)).json<TutorNote[]>().find((n) => n.id_nota === note.id_nota)?.letta).toBe(true);
    });

    it('refuses bad input, unknown notes and other families, changing nothing', async () => {
      const lucaPath = studentPath('DEMO01', 503, CURRENT_YEAR, 'note_tutor');
      const before = (await get(lucaPath, t.student)).json<TutorNote[]>();
      const lucaUnread = before.find((n) => !n.letta);
      if (!lucaUnread) throw new Error('Luca has an unread tutor note');
      const marcoBefore = (await get(marco('note_tutor'), t.parent)).json();

      for (const [payload, detail] of [
        [{}, /id_nota/],
        [{ id_nota: 'prima' }, /id_nota/],
        [{ id_nota: 0 }, /id_nota/],
        [{ id_nota: null }, /id_nota/],
      ] as const) {
        const res = await send('POST', marco('note_tutor'), t.parent, payload);
        expectConforms('markTutorNoteRead', res, 400);
        expect(res.json<{ detail: string }>().detail).toMatch(detail);
      }
      const noBody = await send('POST', marco('note_tutor'), t.parent);
      expectConforms('markTutorNoteRead', noBody, 400);
      expect(noBody.json<{ detail: string }>().detail).toBe('body must be object');
      expectConforms('markTutorNoteRead', await send('POST', marco('note_tutor'), t.parent, { id_nota: 999999 }), 404);
      expectConforms('markTutorNoteRead', await send('POST', marco('note_tutor'), t.parent, { id_nota: lucaUnread.id_nota }), 404);
      const other = await send('POST', lucaPath, t.parent, { id_nota: lucaUnread.id_nota });
      expectConforms('markTutorNoteRead', other, 403);
      expect(other.json<{ detail: string }>().detail).toBe('Accesso non consentito');

      expect((await get(lucaPath, t.student)).json()).toEqual(before);
      expect((await get(marco('note_tutor'), t.parent)).json()).toEqual(marcoBefore);
    });
  });

  it('seeds the same data for the same clock', async () => {
    const twin = await startTestServer({ freshSeed: true });
    try {
      const token = (await twin.login('genitore.demo')).token;
      for (const rest of ['calendario_scolastico', 'agenda_plain', 'annotazioni_plain', 'argomenti_plain', 'compiti_plain', 'orario_plain', 'materiale_didattico', 'verifiche', 'pagelle_plain']) {
        const url = studentPath('DEMO02', 502, CURRENT_YEAR, rest);
        const mine = await twin.app.inject({ url, headers: auth(token) });
        expect(mine.statusCode).toBe(200);
        expect(mine.body, rest).toBe((await get(url, t.parent)).body);
      }
    } finally {
      await twin.close();
    }
  });

  it('exercised every didattica operation', () => {
    expect(uncovered('didattica')).toEqual([]);
  });
});
