import type { FastifyRequest } from 'fastify';
import type { NewsReader, SectionNews } from '../areas/area';
import type { AppContext } from '../context';
import type { ResponseBody } from '../shared/contract';
import type { ServiceKey } from '../shared/services';
import { studentAccess } from '../shared/access';
import { conflict, notFound } from '../shared/errors';
import type { EnrolmentRow } from '../repositories/students';
import { currentPeriod } from '../shared/schoolYear';
import { romeDate, romeInstant, toRomeDisplay, toRomeIso } from '../shared/time';

/** `1 nuovo voto`, `3 nuovi voti`: singular and plural of each section's new items. */
const NEWS_LABELS: Partial<Record<ServiceKey, [string, string]>> = {
  voti: ['nuovo voto', 'nuovi voti'],
  compiti: ['nuovo compito', 'nuovi compiti'],
  agenda: ['nuovo evento in agenda', 'nuovi eventi in agenda'],
  annotazioni: ['nuova annotazione', 'nuove annotazioni'],
  note: ['nuova nota disciplinare', 'nuove note disciplinari'],
  comunicazioni: ['nuova comunicazione', 'nuove comunicazioni'],
  notizie: ['nuova notizia', 'nuove notizie'],
};

function describeNews(sezione: ServiceKey, conteggio: number): string {
  const [one, many] = NEWS_LABELS[sezione] ?? ['novità', 'novità'];
  return `${conteggio} ${conteggio === 1 ? one : many}`;
}

/**
 * The core's per-student calls. `newsReaders` are the areas' contributions to `getUpdates` (see
 * `Area.updates`): grades come from the core, the other sections from their areas.
 */
export function studentHandlers(ctx: AppContext, newsReaders: readonly NewsReader[] = []) {
  /** Every per-student call: see server/shared/access.ts (any mismatch is the same 403). */
  const access = studentAccess(ctx);
  const enrolmentOf = (request: FastifyRequest): EnrolmentRow => access(request).enrolment;

  return {
    /**
     * In the real backend's shape: no student id, name or class (the login's year has them), the
     * school by name, periods as wall-clock date-times, the current period as an object, booleans
     * for the booking and meeting flags and the booking cut-off once per direction.
     */
    async getStudentInfo(request: FastifyRequest): Promise<ResponseBody<'getStudentInfo'>> {
      const { enrolment: e, servizi } = access(request);
      const periods = ctx.students.periods(e.id_scuola, e.anno).map((p) => ({
        periodo: p.periodo,
        numero: p.numero,
        data_inizio: `${p.data_inizio}T00:00:00`,
        data_fine: `${p.data_fine}T23:59:59`,
      }));
      const current = currentPeriod(ctx.students.periods(e.id_scuola, e.anno), romeDate(ctx.now()));
      const currentEntry = periods.find((p) => p.numero === current);
      return {
        periodi_scolastici: periods,
        ...(currentEntry ? { periodo_corrente: currentEntry } : {}),
        scuola: e.nome_scuola,
        voti_pesati: e.voti_pesati,
        media_voti: e.media_voti,
        servizi,
        richiesta_colloqui_individuali: e.richiesta_colloqui_individuali === 'SI',
        prenotazione_entrate_attiva: e.prenotazione_entrate_attiva === 1,
        prenotazione_uscite_attiva: e.prenotazione_uscite_attiva === 1,
        // The school has one cut-off for both directions; "0" is how real backends say "none".
        prenotazione_entrate_orario_limite: e.orario_limite_prenotazioni || '0',
        prenotazione_uscite_orario_limite: e.orario_limite_prenotazioni || '0',
        indirizzo: e.indirizzo,
      };
    },

    async getSubjects(request: FastifyRequest): Promise<ResponseBody<'getSubjects'>> {
      const e = enrolmentOf(request);
      return ctx.students.subjects(e.id_scuola, e.anno, e.classe);
    },

    async getUpdates(request: FastifyRequest): Promise<ResponseBody<'getUpdates'>> {
      const { enrolment: e, servizi } = access(request);
      const grades = ctx.grades.news(e.id, e.anno);
      const news: SectionNews[] = grades.conteggio > 0 && grades.data ? [{ sezione: 'voti', conteggio: grades.conteggio, data: grades.data }] : [];
      for (const read of newsReaders) news.push(...read(e));
      return news.map(({ sezione, conteggio, data }) => ({
        sezione,
        conteggio,
        descrizione: describeNews(sezione, conteggio),
        data: data.length === 10 ? toRomeIso(romeInstant(data, '00:00')) : data,
        visibile: servizi[sezione] === true,
      }));
    },

    async getGrades(request: FastifyRequest): Promise<ResponseBody<'getGrades'>> {
      const e = enrolmentOf(request);
      return ctx.grades.list(e.id, e.anno);
    },

    async acknowledgeGrade(request: FastifyRequest): Promise<ResponseBody<'acknowledgeGrade'>> {
      const { enrolment: e, servizi } = access(request);
      const { id } = request.params as { id: number };
      const grade = ctx.grades.find(id, e.id, e.anno);
      if (!grade) throw notFound();
      if (servizi.presa_visione_voti !== true) {
        throw conflict('La presa visione dei voti non è attiva per questa scuola');
      }
      if (grade.presa_visione) return grade;
      const now = ctx.now();
      ctx.grades.acknowledge(id, { iso: toRomeIso(now), display: toRomeDisplay(now) });
      const acknowledged = ctx.grades.find(id, e.id, e.anno);
      if (!acknowledged) throw notFound();
      return acknowledged;
    },
  };
}
