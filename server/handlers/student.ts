import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { conflict, forbidden, notFound } from '../errors';
import type { EnrolmentRow } from '../repositories/students';
import { currentPeriod } from '../schoolYear';
import { requireUser } from '../security';
import { romeDate, toRomeDisplay, toRomeIso } from '../time';

interface StudentPath {
  id_scuola: string;
  id_studente: number;
  anno: string;
}

export function studentHandlers(ctx: AppContext) {
  /**
   * Every per-student call: the signed-in user must have the student, the student must be in
   * that school and enrolled in that year. Any mismatch is the same 403, so nothing tells
   * another family's students apart from students that do not exist.
   */
  function enrolmentOf(request: FastifyRequest): EnrolmentRow {
    const user = requireUser(request);
    const { id_scuola, id_studente, anno } = request.params as StudentPath;
    const enrolment = ctx.students.findEnrolment(user.id_utente, id_studente, id_scuola, anno);
    if (!enrolment) throw forbidden();
    return enrolment;
  }

  return {
    async getStudentInfo(request: FastifyRequest) {
      const e = enrolmentOf(request);
      const periods = ctx.students.periods(e.id_scuola, e.anno);
      const servizi = ctx.students.services(e.id, e.anno);
      return {
        id: e.id,
        nome: e.nome,
        cognome: e.cognome,
        classe: e.classe,
        indirizzo: e.indirizzo,
        scuola: { id: e.id_scuola, nome: e.nome_scuola },
        periodi_scolastici: periods,
        periodo_corrente: currentPeriod(periods, romeDate(ctx.now())),
        voti_pesati: e.voti_pesati,
        media_voti: e.media_voti,
        presa_visione_voti: servizi.presa_visione_voti === true,
        richiesta_colloqui_individuali: e.richiesta_colloqui_individuali,
        prenotazione_entrate_attiva: e.prenotazione_entrate_attiva === 1,
        prenotazione_uscite_attiva: e.prenotazione_uscite_attiva === 1,
        orario_limite_prenotazioni: e.orario_limite_prenotazioni,
        servizi,
      };
    },

    async getSubjects(request: FastifyRequest) {
      const e = enrolmentOf(request);
      return ctx.students.subjects(e.id_scuola, e.anno, e.classe);
    },

    async getUpdates(request: FastifyRequest) {
      const e = enrolmentOf(request);
      const servizi = ctx.students.services(e.id, e.anno);
      const grades = ctx.grades.news(e.id, e.anno);
      const updates = [];
      if (grades.conteggio > 0 && grades.data) {
        updates.push({
          sezione: 'voti',
          conteggio: grades.conteggio,
          descrizione: grades.conteggio === 1 ? '1 nuovo voto' : `${grades.conteggio} nuovi voti`,
          data: grades.data,
          visibile: servizi.voti === true,
        });
      }
      return updates;
    },

    async getGrades(request: FastifyRequest) {
      const e = enrolmentOf(request);
      return ctx.grades.list(e.id, e.anno);
    },

    async acknowledgeGrade(request: FastifyRequest) {
      const e = enrolmentOf(request);
      const { id } = request.params as { id: number };
      const grade = ctx.grades.find(id, e.id, e.anno);
      if (!grade) throw notFound();
      if (ctx.students.services(e.id, e.anno).presa_visione_voti !== true) {
        throw conflict('La presa visione dei voti non è attiva per questa scuola');
      }
      if (grade.presa_visione) return grade;
      const now = ctx.now();
      ctx.grades.acknowledge(id, { iso: toRomeIso(now), display: toRomeDisplay(now) });
      return ctx.grades.find(id, e.id, e.anno);
    },
  };
}
