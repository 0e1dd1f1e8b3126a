import type { Db } from '../../db/database';
import { schoolYearOf, periodsOf } from '../../shared/schoolYear';
import { addDays, romeDate, romeInstant, toRomeDisplay, toRomeIso, weekday } from '../../shared/time';
import {
  ANNOTATION_SYMBOLS, DISCIPLINARY_NOTES, NOTE_TAGS, SCHOOL_ACTIVITIES, TUTOR_NOTES, contentOf, type SubjectContent,
} from './content';
import { schoolDayFrom, schoolDays } from '../../shared/calendar';
import { classSubjects, seedEnrolments, type ClassSubject as SeedSubject } from '../../shared/enrolments';
import { slug } from '../../shared/files';
import { Random } from '../../shared/random';

/**
 * Demo data of the didattica area for every student's year of the core seed, relative to `now`
 * (Europe/Rome) and deterministic for a given day. Lessons follow a weekly timetable per class;
 * topics, homework, tests and agenda follow the lessons, so they fall on the subject's lesson days.
 */

/** Lesson hours: hour n runs from 07:00 + n h to 08:00 + n h. */
export const LESSON_HOURS = 5;
export const lessonStart = (ora: number): string => `${String(7 + ora).padStart(2, '0')}:00`;
export const lessonEnd = (ora: number): string => `${String(8 + ora).padStart(2, '0')}:00`;

const iso = (date: string, time: string): string => toRomeIso(romeInstant(date, time));

interface Slot {
  giorno: number;
  ora: number;
  subject: SeedSubject;
  aula: string;
}

/** Weekly timetable: each subject's hours on distinct, least-loaded days; at most 5 hours a day. */
function weeklyTimetable(rng: Random, classe: string, subjects: readonly SeedSubject[], contents: Map<number, SubjectContent>): Slot[] {
  const perDay: SeedSubject[][] = [[], [], [], [], [], []];
  const ordered = [...subjects].sort((a, b) => (contents.get(b.id)?.ore ?? 0) - (contents.get(a.id)?.ore ?? 0));
  for (const subject of ordered) {
    const hours = contents.get(subject.id)?.ore ?? 0;
    for (let h = 0; h < hours; h++) {
      const open = perDay.map((list, day) => ({ day, list })).filter(({ list }) => list.length < LESSON_HOURS);
      if (open.length === 0) break;
      // Prefer days without this subject, then the least loaded, ties at random.
      const scored = rng.shuffle(open).sort((a, b) => {
        const repeat = Number(a.list.includes(subject)) - Number(b.list.includes(subject));
        return repeat || a.list.length - b.list.length;
      });
      (scored[0] as { list: SeedSubject[] }).list.push(subject);
    }
  }
  const slots: Slot[] = [];
  perDay.forEach((list, index) => {
    // Two hours of the same subject on one day are consecutive.
    const order = rng.shuffle([...new Set(list)]).flatMap((s) => list.filter((x) => x === s));
    order.forEach((subject, i) => {
      slots.push({ giorno: index + 1, ora: i + 1, subject, aula: contents.get(subject.id)?.aula ?? `Aula ${classe}` });
    });
  });
  return slots;
}

interface Lesson {
  data: string;
  ora: number;
  subject: SeedSubject;
}

export async function seedDidattica(db: Db, now: Date): Promise<void> {
  const today = romeDate(now);
  const current = schoolYearOf(today);

  const insert = {
    activity: db.prepare(
      `INSERT OR IGNORE INTO didattica_attivita (id_scuola, anno, data, data_ora_inizio, data_ora_fine, descrizione)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    slot: db.prepare(
      `INSERT OR IGNORE INTO didattica_orario (id_scuola, anno, classe, giorno, ora, id_materia, docente, aula)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    agenda: db.prepare(
      `INSERT INTO didattica_agenda (id_studente, anno, data, data_ora_inizio, data_ora_fine, id_materia, titolo, dettaglio, tipo, novita)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    annotation: db.prepare(
      `INSERT INTO didattica_annotazioni (id_studente, anno, data, id_materia, simbolo, descrizione_simbolo, dettaglio, novita)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    note: db.prepare(
      `INSERT INTO didattica_note (id_studente, anno, data, docente, dettaglio, tag, presa_visione, data_presa_visione,
         data_presa_visione_tradotta, novita)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    reportCard: db.prepare(
      `INSERT INTO didattica_pagelle (id_studente, anno, titolo, periodo, data_pubblicazione, dettaglio, nome_file, righe)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    topic: db.prepare('INSERT INTO didattica_argomenti (id_studente, anno, data, id_materia, modulo, dettaglio) VALUES (?, ?, ?, ?, ?, ?)'),
    homework: db.prepare(
      'INSERT INTO didattica_compiti (id_studente, anno, data, data_consegna, id_materia, dettaglio, novita) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    tutorNote: db.prepare('INSERT INTO didattica_note_tutor (id_studente, anno, data, tutor, titolo, dettaglio, letta) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    material: db.prepare('INSERT INTO didattica_materiale (id_studente, anno, id_materia, data, titolo, descrizione) VALUES (?, ?, ?, ?, ?, ?)'),
    materialFile: db.prepare('INSERT INTO didattica_materiale_allegati (id_materiale, nome, tipo, contenuto) VALUES (?, ?, ?, ?)'),
    test: db.prepare('INSERT INTO didattica_verifiche (id_studente, anno, id_materia, data, titolo, tipo, argomenti) VALUES (?, ?, ?, ?, ?, ?, ?)'),
  };
  const gradeAverages = db.prepare<[number, string, string, string], { id_materia: number; media: number }>(
    `SELECT id_materia, AVG(voto_numerico) AS media FROM voti
      WHERE id_studente = ? AND anno = ? AND data BETWEEN ? AND ? AND voto_numerico IS NOT NULL AND is_voto = 1
      GROUP BY id_materia`,
  );
  const schoolYears = db.prepare<[], { id_scuola: string; anno: string }>('SELECT id_scuola, anno FROM anni_scolastici ORDER BY id_scuola, anno');

  db.transaction(() => {
    // ------------------------------------------------------------ school calendar activities
    for (const { id_scuola, anno } of schoolYears.all()) {
      const startYear = Number(anno.slice(0, 4));
      const fixed: Array<[string, number]> = [
        [`${startYear}-10-15`, 6], [`${startYear}-10-28`, 0], [`${startYear}-11-10`, 2], [`${startYear}-12-03`, 1],
        [`${startYear}-12-13`, 3], [`${startYear + 1}-01-30`, 0], [`${startYear + 1}-03-06`, 5], [`${startYear + 1}-03-20`, 2],
        [`${startYear + 1}-04-14`, 1], [`${startYear + 1}-04-29`, 0], [`${startYear + 1}-05-20`, 4],
      ];
      if (anno === current.id) {
        // A few around today, so that the demo always has something recent and upcoming.
        fixed.push([addDays(today, -9), 0], [addDays(today, 4), 2], [addDays(today, 12), 1], [addDays(today, 18), 5]);
      }
      for (const [date, index] of fixed) {
        const activity = SCHOOL_ACTIVITIES[index] ?? SCHOOL_ACTIVITIES[0];
        if (!activity) continue;
        const data = schoolDayFrom(date, startYear);
        insert.activity.run(id_scuola, anno, data, iso(data, activity.inizio), iso(data, activity.fine), activity.descrizione);
      }
    }

    // ------------------------------------------------------------ per student and year
    const timetables = new Map<string, Slot[]>();
    for (const e of seedEnrolments(db, now)) {
      const rng = new Random(`didattica:${today}:${e.id_studente}:${e.anno}`);
      const isCurrent = e.anno === current.id;
      const lastDone = isCurrent ? today : '9999-12-31';
      const middleSchool = /secondaria di primo grado/i.test(e.indirizzo);
      const subjects = classSubjects(db, e.id_scuola, e.anno, e.classe);
      if (subjects.length === 0) continue;
      const contents = new Map(subjects.map((s) => [s.id, contentOf(s.descrizione, middleSchool)]));
      const content = (s: SeedSubject): SubjectContent => contents.get(s.id) as SubjectContent;

      // Timetable of the class (shared by the students of the class).
      const classKey = `${e.id_scuola}:${e.anno}:${e.classe}`;
      let slots = timetables.get(classKey);
      if (!slots) {
        slots = weeklyTimetable(rng, e.classe, subjects, contents);
        timetables.set(classKey, slots);
        for (const s of slots) insert.slot.run(e.id_scuola, e.anno, e.classe, s.giorno, s.ora, s.subject.id, s.subject.docente, s.aula);
      }

      const days = schoolDays(e.startYear);
      const lessons: Lesson[] = days.flatMap((data) =>
        slots.filter((s) => s.giorno === weekday(data)).map((s) => ({ data, ora: s.ora, subject: s.subject })),
      );
      /** Lesson days of each subject, in order (one entry per day even with two hours). */
      const daysOf = new Map<number, string[]>();
      for (const l of lessons) {
        const list = daysOf.get(l.subject.id) ?? [];
        if (list[list.length - 1] !== l.data) list.push(l.data);
        daysOf.set(l.subject.id, list);
      }
      const nextLessonDay = (subject: SeedSubject, after: string): string | undefined => daysOf.get(subject.id)?.find((d) => d > after);
      const firstHourOn = (subject: SeedSubject, data: string): number =>
        lessons.find((l) => l.data === data && l.subject.id === subject.id)?.ora ?? 1;

      /** Where the programme of a subject stands on its n-th lesson day of the year. */
      const programmeAt = (subject: SeedSubject, data: string) => {
        const all = daysOf.get(subject.id) ?? [];
        const lessonsOfModule = content(subject).moduli.flatMap(([modulo, items], m) =>
          items.map((item) => ({ modulo: `Modulo ${m + 1}: ${modulo}`, lezione: item, moduleIndex: m })),
        );
        const n = Math.max(0, all.findIndex((d) => d >= data));
        const span = Math.max(1, Math.ceil(all.length / Math.max(1, lessonsOfModule.length)));
        const index = Math.min(lessonsOfModule.length - 1, Math.floor(n / span));
        const step = (n % span) / span;
        return { ...(lessonsOfModule[index] ?? { modulo: 'Programma', lezione: 'Lezione in classe', moduleIndex: 0 }), step, n };
      };

      // -------------------------------------------------------- topics: every lesson day done
      for (const [subjectId, list] of daysOf) {
        const subject = subjects.find((s) => s.id === subjectId) as SeedSubject;
        for (const data of list) {
          if (data > lastDone) break;
          const p = programmeAt(subject, data);
          const kind = p.step < 0.34 ? 'Spiegazione' : p.step < 0.67 ? 'Esercitazione in classe' : 'Ripasso e correzione dei compiti';
          const dettaglio = subject.descrizione === 'Scienze motorie e sportive' ? p.lezione : `${kind}: ${p.lezione}.`;
          insert.topic.run(e.id_studente, e.anno, data, subject.id, p.modulo, dettaglio);
        }
      }

      // -------------------------------------------------------- homework: past and the next two weeks
      const homeworkText = (subject: SeedSubject, data: string): string => {
        const p = programmeAt(subject, data);
        const page = 12 + Math.floor(p.n * 2.5) + rng.int(0, 3);
        const first = rng.int(1, 40);
        switch (content(subject).compiti) {
          case 'esercizi':
            return `Esercizi a pag. ${page} n. ${first}-${first + rng.int(3, 8)} (${p.lezione}).`;
          case 'lingua':
            return `Eserciziario pag. ${page} es. ${first % 9 + 1}, ${first % 9 + 2} e ${first % 9 + 3}; ripassare: ${p.lezione}.`;
          default:
            return `Studiare pag. ${page}-${page + rng.int(4, 9)}: ${p.lezione}.`;
        }
      };
      const withHomework = subjects.filter((s) => content(s).compiti !== 'nessuno' && (daysOf.get(s.id)?.length ?? 0) > 0);
      const doneDays = days.filter((d) => d <= lastDone);
      const recentFrom = doneDays[Math.max(0, doneDays.length - 3)] ?? today;
      for (const data of doneDays) {
        const recent = isCurrent && data >= recentFrom;
        for (const subject of withHomework) {
          if (!lessons.some((l) => l.data === data && l.subject.id === subject.id)) continue;
          if (!rng.chance(recent ? 0.6 : 0.22)) continue;
          const due = nextLessonDay(subject, data);
          if (!due) continue;
          insert.homework.run(e.id_studente, e.anno, data, due, subject.id, homeworkText(subject, data), Number(isCurrent && data >= addDays(today, -2)));
        }
      }
      if (isCurrent && doneDays.length > 0 && withHomework.length > 0) {
        // A longer assignment due in about two weeks, so "upcoming" always has something.
        const assigned = doneDays[doneDays.length - 1] as string;
        const subject = rng.pick(withHomework);
        const target = schoolDayFrom(addDays(today, rng.int(10, 14)), e.startYear);
        const due = daysOf.get(subject.id)?.find((d) => d >= target) ?? target;
        if (due > assigned) {
          const p = programmeAt(subject, assigned);
          insert.homework.run(
            e.id_studente, e.anno, assigned, due, subject.id,
            `Lavoro di gruppo: preparare una presentazione (massimo 10 slide) su "${p.lezione}" da caricare su Classroom.`, 1,
          );
        }
      }

      // -------------------------------------------------------- tests, and the agenda that announces them
      const testable = subjects.filter((s) => !['Religione cattolica', 'Scienze motorie e sportive'].includes(s.descrizione) && (daysOf.get(s.id)?.length ?? 0) > 0);
      const lastPlanned = isCurrent ? addDays(today, 21) : '9999-12-31';
      const insertTest = (subject: SeedSubject, data: string, tipo: 'scritto' | 'orale'): void => {
        const p = programmeAt(subject, data);
        const module = content(subject).moduli[p.moduleIndex];
        const argomenti = module ? `${module[0]}: ${module[1].join('; ')}` : p.lezione;
        const titolo = tipo === 'scritto' ? `Verifica scritta di ${subject.descrizione}` : `Interrogazione di ${subject.descrizione}`;
        insert.test.run(e.id_studente, e.anno, subject.id, data, titolo, tipo, argomenti);
        const ora = firstHourOn(subject, data);
        insert.agenda.run(
          e.id_studente, e.anno, data, iso(data, lessonStart(ora)), iso(data, lessonEnd(ora)), subject.id, titolo,
          `Argomenti: ${argomenti}`, tipo === 'scritto' ? 'verifica' : 'interrogazione', Number(isCurrent && data > today && data <= addDays(today, 7)),
        );
      };
      for (const period of periodsOf(e.startYear)) {
        for (const subject of rng.sample(testable, 8)) {
          const candidates = (daysOf.get(subject.id) ?? []).filter((d) => d >= addDays(period.data_inizio, 14) && d <= period.data_fine && d <= lastPlanned);
          if (candidates.length === 0) continue;
          const data = rng.pick(candidates);
          const tipo = ['Lingua e letteratura italiana', 'Matematica', 'Italiano', 'Lingua e cultura latina', 'Fisica'].includes(subject.descrizione) || rng.chance(0.4) ? 'scritto' : 'orale';
          insertTest(subject, data, tipo);
        }
      }
      if (isCurrent) {
        // Upcoming tests in the next three weeks.
        for (const subject of rng.sample(testable, 3)) {
          const data = nextLessonDay(subject, addDays(today, rng.int(1, 14)));
          if (data && data <= lastPlanned) insertTest(subject, data, rng.chance(0.6) ? 'scritto' : 'orale');
        }
      }
      const classEvents: Array<{ titolo: string; dettaglio: string; tipo: 'attività' | 'evento'; inizio: string; fine: string; withSubject: boolean }> = [
        { titolo: 'Assemblea di classe', dettaglio: 'Ordine del giorno: andamento didattico, proposte per le uscite didattiche.', tipo: 'evento', inizio: '11:00', fine: '13:00', withSubject: false },
        { titolo: "Incontro con l'autore", dettaglio: 'In aula magna: incontro con uno scrittore sul romanzo letto in classe.', tipo: 'attività', inizio: '10:00', fine: '12:00', withSubject: true },
        { titolo: 'Progetto educazione alla salute', dettaglio: "Incontro con gli operatori dell'ASL sulla prevenzione.", tipo: 'attività', inizio: '09:00', fine: '11:00', withSubject: false },
        { titolo: 'Laboratorio di approfondimento', dettaglio: 'Attività pratica a piccoli gruppi: portare il camice e il quaderno di laboratorio.', tipo: 'attività', inizio: '08:00', fine: '10:00', withSubject: true },
        { titolo: 'Consiglio di classe', dettaglio: 'Consiglio di classe aperto ai rappresentanti dei genitori e degli studenti.', tipo: 'evento', inizio: '15:00', fine: '16:00', withSubject: false },
      ];
      const eventDays = isCurrent ? days.filter((d) => d <= addDays(today, 30)) : days;
      classEvents.forEach((event, i) => {
        const near = isCurrent && i < 2;
        const data = near ? schoolDayFrom(addDays(today, i === 0 ? 3 : -6), e.startYear) : eventDays.length ? rng.pick(eventDays) : undefined;
        if (!data) return;
        const subject = event.withSubject ? rng.pick(subjects) : null;
        insert.agenda.run(
          e.id_studente, e.anno, data, iso(data, event.inizio), iso(data, event.fine), subject?.id ?? null, event.titolo, event.dettaglio,
          event.tipo, Number(isCurrent && data > today && data <= addDays(today, 7)),
        );
      });

      // -------------------------------------------------------- annotations
      const done = lessons.filter((l) => l.data <= lastDone);
      const annotationCount = rng.int(8, 11);
      const annotated = rng.sample(done, annotationCount);
      const lastLesson = done[done.length - 1];
      if (isCurrent && lastLesson && !annotated.includes(lastLesson)) annotated.push(lastLesson);
      for (const lesson of annotated) {
        const symbol = rng.pick(ANNOTATION_SYMBOLS.filter((a) => a.simbolo !== 'G' || lesson.subject.descrizione === 'Scienze motorie e sportive'));
        insert.annotation.run(
          e.id_studente, e.anno, lesson.data, lesson.subject.id, symbol.simbolo, symbol.descrizione_simbolo, rng.pick(symbol.dettagli),
          Number(isCurrent && lesson.data >= addDays(today, -4)),
        );
      }

      // -------------------------------------------------------- disciplinary notes
      const noteCount = rng.int(2, 4);
      const notedLessons = rng.sample(done.filter((l) => !isCurrent || l.data < addDays(today, -10)), noteCount - (isCurrent ? 1 : 0));
      if (isCurrent) {
        const recent = done.filter((l) => l.data >= addDays(today, -10));
        const last = recent.length ? rng.pick(recent) : done[done.length - 1];
        if (last) notedLessons.push(last);
      }
      const atNow = (instant: Date): Date => (instant.getTime() > now.getTime() ? now : instant);
      const noteTexts = rng.shuffle(DISCIPLINARY_NOTES);
      notedLessons.forEach((lesson, i) => {
        const def = noteTexts[i % noteTexts.length] as (typeof DISCIPLINARY_NOTES)[number];
        const unread = isCurrent && i === notedLessons.length - 1;
        const seen = atNow(romeInstant(addDays(lesson.data, 1), '19:05'));
        insert.note.run(
          e.id_studente, e.anno, lesson.data, lesson.subject.docente || 'Coordinatore di classe', def.dettaglio,
          JSON.stringify(def.tag.map((t) => NOTE_TAGS[t]).sort((a, b) => a.ordinamento - b.ordinamento)),
          Number(!unread), unread ? null : toRomeIso(seen), unread ? null : toRomeDisplay(seen), Number(unread),
        );
      });

      // -------------------------------------------------------- tutor notes
      const tutor = `${subjects[0]?.docente || 'Prof.ssa Anna Bianchi'} (docente tutor)`;
      const tutorDays = rng.sample(doneDays, rng.int(3, 4));
      tutorDays.forEach((data, i) => {
        const def = TUTOR_NOTES[i % TUTOR_NOTES.length] as (typeof TUTOR_NOTES)[number];
        const unread = isCurrent && i >= tutorDays.length - 2;
        insert.tutorNote.run(e.id_studente, e.anno, data, tutor, def.titolo, def.dettaglio, Number(!unread));
      });

      // -------------------------------------------------------- teaching material
      for (const lesson of rng.sample(done.filter((l) => content(l.subject).compiti !== 'nessuno'), rng.int(4, 6))) {
        const p = programmeAt(lesson.subject, lesson.data);
        const id = insert.material.run(
          e.id_studente, e.anno, lesson.subject.id, lesson.data, `Dispensa: ${p.lezione}`,
          `Sintesi della lezione e materiali di approfondimento (${p.modulo}).`,
        ).lastInsertRowid;
        insert.materialFile.run(
          id, `dispensa_${lesson.data}.pdf`, 'application/pdf',
          [`${lesson.subject.descrizione} - ${p.modulo}`, `Lezione del ${lesson.data.split('-').reverse().join('-')}: ${p.lezione}`, `Docente: ${lesson.subject.docente}`,
            'Obiettivi: comprendere i concetti chiave, saperli applicare negli esercizi, esporli con il linguaggio specifico.'].join('\n'),
        );
        if (rng.chance(0.6)) {
          insert.materialFile.run(
            id, 'esercizi_aggiuntivi.txt', 'text/plain',
            `Esercizi aggiuntivi - ${p.lezione}\n\n1. Rileggi gli appunti della lezione.\n2. Svolgi gli esercizi proposti sul libro di testo.\n3. Annota i dubbi da chiarire in classe.\n`,
          );
        }
      }

      // -------------------------------------------------------- report cards published so far
      const periods = periodsOf(e.startYear);
      const [first, second] = periods;
      if (first && second) {
        const plans = [
          { titolo: 'Pagellino di metà primo periodo', periodo: first.periodo, from: first.data_inizio, publish: `${e.startYear}-11-14`, finale: false },
          { titolo: 'Pagella del primo periodo', periodo: first.periodo, from: first.data_inizio, publish: `${e.startYear + 1}-01-20`, finale: false },
          { titolo: 'Pagellino di metà secondo periodo', periodo: second.periodo, from: second.data_inizio, publish: `${e.startYear + 1}-03-25`, finale: false },
          { titolo: 'Pagella finale', periodo: second.periodo, from: first.data_inizio, publish: `${e.startYear + 1}-06-15`, finale: true },
        ];
        for (const plan of plans) {
          let published = plan.publish;
          while (weekday(published) === 0) published = addDays(published, 1);
          if (published > today) continue;
          const averages = new Map(gradeAverages.all(e.id_studente, e.anno, plan.from, published).map((r) => [r.id_materia, r.media]));
          const righe = subjects.map((s) => {
            if (s.descrizione === 'Religione cattolica') return { materia: s.descrizione, voto: rng.pick(['Buono', 'Distinto', 'Ottimo']) };
            const avg = averages.get(s.id);
            const value = avg === undefined ? rng.int(6, 8) : Math.min(10, Math.max(4, Math.round(avg)));
            return { materia: s.descrizione, voto: String(value) };
          });
          righe.push({ materia: 'Comportamento', voto: String(rng.int(8, 10)) });
          const numeric = righe.map((r) => Number(r.voto)).filter((v) => Number.isFinite(v));
          const media = (numeric.reduce((a, b) => a + b, 0) / Math.max(1, numeric.length)).toFixed(2).replace('.', ',');
          const insufficient = righe.filter((r) => Number(r.voto) < 6).map((r) => r.materia);
          const dettaglio = [
            `<p><strong>${plan.titolo}</strong> &ndash; ${plan.periodo}, anno scolastico ${e.anno.replace('_', '/')}</p>`,
            `<ul><li>Classe: <em>${e.classe}</em></li><li>Media dei voti: <strong>${media}</strong></li></ul>`,
            insufficient.length
              ? `<p>Carenze da recuperare in: <em>${insufficient.join(', ')}</em>. Il corso di recupero è indicato nel calendario.</p>`
              : '<p>Nessuna carenza da recuperare.</p>',
            plan.finale ? '<p>Esito: <strong>ammissione alla classe successiva</strong>.</p>' : '',
            // Harmful markup that a careless client would run: the portal must sanitise dettaglio.
            '<img src="x" onerror="alert(\'pagella\')">',
          ].join('');
          const nome_file = `${slug(plan.titolo)}_${e.anno}.pdf`;
          insert.reportCard.run(e.id_studente, e.anno, plan.titolo, plan.periodo, published, dettaglio, nome_file, JSON.stringify(righe));
        }
      }
    }
  })();
}
