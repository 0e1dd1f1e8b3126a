import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { Area } from '../area';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../shared/errors';
import { addDays, romeDate, toRomeIso } from '../../shared/time';
import { studentAccess } from '../../shared/access';
import { classTeachers, seedEnrolments } from '../../shared/enrolments';
import { Random } from '../../shared/random';

interface ProjectRow {
  id: number;
  titolo: string;
  descrizione: string;
  ente: string;
  tutor: string;
  stato: 'PROPOSTO' | 'ISCRITTO' | 'IN_CORSO' | 'CONCLUSO';
  prenotabile: number;
  prenotato: number;
  data_prenotazione: string | null;
  data_inizio: string;
  data_fine: string;
  ore: number;
  ore_svolte: number;
  posti_disponibili: number;
}

const COLUMNS = `id, titolo, descrizione, ente, tutor, stato, prenotabile, prenotato, data_prenotazione, data_inizio, data_fine, ore,
  ore_svolte, posti_disponibili`;

const view = (r: ProjectRow) => ({ ...r, prenotabile: r.prenotabile === 1, prenotato: r.prenotato === 1 });

function projectsRepository(db: Db) {
  const list = db.prepare<[number, string], ProjectRow>(
    `SELECT ${COLUMNS} FROM alternanza_progetti WHERE id_studente = ? AND anno = ?
      ORDER BY stato = 'PROPOSTO' DESC, data_inizio DESC, titolo`,
  );
  const one = db.prepare<[number, number, string], ProjectRow>(`SELECT ${COLUMNS} FROM alternanza_progetti WHERE id = ? AND id_studente = ? AND anno = ?`);
  const subscribe = db.prepare<[string, number], unknown>(
    `UPDATE alternanza_progetti SET prenotabile = 0, prenotato = 1, data_prenotazione = ?, posti_disponibili = posti_disponibili - 1
      WHERE id = ? AND stato = 'PROPOSTO' AND prenotabile = 1 AND posti_disponibili > 0`,
  );
  const cancel = db.prepare<[number], unknown>(
    `UPDATE alternanza_progetti SET prenotabile = 1, prenotato = 0, data_prenotazione = NULL, posti_disponibili = posti_disponibili + 1
      WHERE id = ? AND stato = 'PROPOSTO' AND prenotabile = 0`,
  );
  return {
    list: (studentId: number, anno: string) => list.all(studentId, anno).map(view),
    find: (id: number, studentId: number, anno: string) => one.get(id, studentId, anno),
    subscribe: (id: number, at: string) => subscribe.run(at, id).changes === 1,
    cancel: (id: number) => cancel.run(id).changes === 1,
  };
}

const PROJECTS = [
  { titolo: 'Laboratorio di biotecnologie', ente: 'BioLab Ricerca S.r.l.', descrizione: 'Attività di laboratorio su colture cellulari ed estrazione del DNA, affiancati dai ricercatori.', ore: 40 },
  { titolo: 'Redazione del giornale locale', ente: 'Il Corriere di Quartiere', descrizione: 'Scrittura di articoli, impaginazione e verifica delle fonti in una redazione giornalistica.', ore: 30 },
  { titolo: 'Sviluppo di applicazioni web', ente: 'Digitale Futuro S.p.A.', descrizione: 'Progettazione di una piccola applicazione web con un team di sviluppatori.', ore: 50 },
  { titolo: 'Guida museale per un giorno', ente: 'Museo Civico di Storia Naturale', descrizione: 'Preparazione e conduzione di visite guidate per le scuole primarie.', ore: 24 },
  { titolo: 'Corso sulla sicurezza nei luoghi di lavoro', ente: 'Istituto scolastico', descrizione: 'Formazione generale obbligatoria (D.Lgs. 81/2008) con test finale.', ore: 4 },
  { titolo: 'Volontariato in biblioteca', ente: 'Biblioteca comunale', descrizione: 'Catalogazione, prestito e organizzazione di letture per bambini.', ore: 20 },
];

export function seedProjects(db: Db, now: Date): void {
  const today = romeDate(now);
  const insert = db.prepare(
    `INSERT INTO alternanza_progetti (id, id_studente, anno, ${COLUMNS.replace('id, ', '')})
     VALUES (@id, @id_studente, @anno, @titolo, @descrizione, @ente, @tutor, @stato, @prenotabile, @prenotato, @data_prenotazione,
       @data_inizio, @data_fine, @ore, @ore_svolte, @posti_disponibili)`,
  );
  let id = 8101;
  db.transaction(() => {
    for (const e of seedEnrolments(db, now)) {
      const rng = new Random(`alternanza:${today}:${e.id_studente}:${e.anno}`);
      const tutors = classTeachers(db, e.id_scuola, e.anno, e.classe);
      const tutor = () => (tutors.length ? rng.pick(tutors).nome : 'Referente PCTO');
      const yearEnd = `${e.anno.slice(5, 9)}-06-08`;
      const anchor = e.current ? today : yearEnd;
      // [project, state, bookable, booked, start offset in days from the anchor, length in days]
      const plan: [number, ProjectRow['stato'], boolean, boolean, number, number][] = e.current
        ? [
            [0, 'PROPOSTO', true, false, 80, 11],
            [1, 'PROPOSTO', false, true, 60, 5],
            [2, 'PROPOSTO', true, false, 110, 14],
            [3, 'ISCRITTO', false, true, 25, 3],
            [4, 'CONCLUSO', false, true, -50, 1],
            [5, 'IN_CORSO', false, true, -10, 30],
          ]
        : [
            [4, 'CONCLUSO', false, true, -240, 1],
            [5, 'CONCLUSO', false, true, -90, 30],
          ];
      for (const [index, stato, prenotabile, prenotato, offset, length] of plan) {
        const p = PROJECTS[index] ?? PROJECTS[0];
        if (!p) continue;
        const start = addDays(anchor, offset);
        const done = stato === 'CONCLUSO' ? p.ore : stato === 'IN_CORSO' ? Math.floor(p.ore / 3) : 0;
        insert.run({
          id: id++,
          id_studente: e.id_studente,
          anno: e.anno,
          ...p,
          tutor: tutor(),
          stato,
          prenotabile: Number(prenotabile),
          prenotato: Number(prenotato),
          data_prenotazione: prenotato ? toRomeIso(new Date(now.getTime() - (e.current ? 5 : 300) * 86_400_000)) : null,
          data_inizio: start,
          data_fine: addDays(start, length),
          ore_svolte: done,
          posti_disponibili: stato === 'PROPOSTO' ? rng.int(3, 8) : 0,
        });
      }
    }
  })();
}

export const alternanzaArea: Area = {
  name: 'alternanza',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedProjects,

  handlers(ctx, db) {
    const repo = projectsRepository(db);
    const access = studentAccess(ctx);

    function projectOf(request: FastifyRequest) {
      const e = access(request, 'alternanza').enrolment;
      const { id } = request.params as { id: number };
      const project = repo.find(id, e.id, e.anno);
      if (!project) throw notFound();
      return { e, project };
    }

    return {
      async listWorkExperienceProjects(request: FastifyRequest) {
        const e = access(request, 'alternanza').enrolment;
        return repo.list(e.id, e.anno);
      },

      async subscribeWorkExperienceProject(request: FastifyRequest) {
        const { e, project } = projectOf(request);
        if (project.stato !== 'PROPOSTO') throw conflict('Il progetto non è più aperto alle iscrizioni');
        if (project.prenotabile !== 1) throw conflict('Sei già iscritto a questo progetto');
        if (project.posti_disponibili < 1) throw conflict('Non ci sono più posti disponibili');
        repo.subscribe(project.id, toRomeIso(ctx.now()));
        const after = repo.find(project.id, e.id, e.anno);
        if (!after) throw notFound();
        return view(after);
      },

      async cancelWorkExperienceProject(request: FastifyRequest) {
        const { e, project } = projectOf(request);
        if (project.stato !== 'PROPOSTO') throw conflict("L'iscrizione è già stata confermata dalla scuola: per ritirarti contatta il tutor");
        if (project.prenotabile === 1) throw conflict('Non sei iscritto a questo progetto');
        repo.cancel(project.id);
        const after = repo.find(project.id, e.id, e.anno);
        if (!after) throw notFound();
        return view(after);
      },
    };
  },
};
