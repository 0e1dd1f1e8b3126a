import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Area } from '../area';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { toRomeIso } from '../../shared/time';
import { serviceOff, studentAccess } from '../../shared/access';
import { classTeachers } from '../../shared/enrolments';
import { meetingsRepository } from './repository';
import { seedMeetings } from './seed';

interface RangeQuery {
  data_inizio?: string;
  data_fine?: string;
}

function checkedRange(query: unknown): RangeQuery {
  const q = (query ?? {}) as RangeQuery;
  if (q.data_inizio && q.data_fine && q.data_fine < q.data_inizio) throw badRequest('Intervallo di date non valido: data_fine precede data_inizio');
  return q;
}

export const colloquiArea: Area = {
  name: 'colloqui',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedMeetings,

  handlers(ctx, db) {
    const repo = meetingsRepository(db);
    const access = studentAccess(ctx);

    function meetingOf(request: FastifyRequest) {
      const a = access(request);
      const e = a.enrolment;
      const { id } = request.params as { id: number };
      const meeting = repo.find(e, ctx.now(), id);
      if (!meeting) throw notFound();
      const service = meeting.tipo === 'individuale' ? 'colloqui_individuali' : 'colloqui_generali';
      if (a.servizi[service] !== true) throw serviceOff();
      return { e, meeting };
    }

    return {
      async listMeetings(request: FastifyRequest) {
        const { enrolment: e, servizi: services } = access(request, 'colloqui_individuali', 'colloqui_generali');
        const q = checkedRange(request.query);
        if (!q.data_inizio || !q.data_fine) throw badRequest('Intervallo di date obbligatorio');
        const tipi = [services.colloqui_individuali ? 'individuale' : '', services.colloqui_generali ? 'generale' : ''];
        return repo.list(e, ctx.now(), { tipi, from: q.data_inizio, to: q.data_fine });
      },

      async listIndividualMeetings(request: FastifyRequest) {
        const e = access(request, 'colloqui_individuali').enrolment;
        const q = checkedRange(request.query);
        return repo.list(e, ctx.now(), { tipi: ['individuale'], from: q.data_inizio, to: q.data_fine });
      },

      async listGeneralMeetings(request: FastifyRequest) {
        const e = access(request, 'colloqui_generali').enrolment;
        const q = checkedRange(request.query);
        return repo.list(e, ctx.now(), { tipi: ['generale'], from: q.data_inizio, to: q.data_fine });
      },

      async requestIndividualMeeting(request: FastifyRequest, reply: FastifyReply) {
        const { enrolment: e, user } = access(request, 'colloqui_individuali');
        const { id_professore } = request.body as { id_professore: number };
        if (e.richiesta_colloqui_individuali !== 'SI') throw conflict('La scuola non accetta richieste di colloquio individuale');
        const teacher = classTeachers(db, e.id_scuola, e.anno, e.classe).find((t) => t.id === id_professore);
        if (!teacher) throw badRequest(`Il docente ${id_professore} non insegna nella classe dello studente`);
        if (repo.hasPendingRequest(e.id, e.anno, teacher.id)) throw conflict(`Hai già inviato una richiesta di colloquio a ${teacher.nome}`);
        const at = toRomeIso(ctx.now());
        const id = repo.request(e.id, e.anno, user.id_utente, teacher.id, at);
        return reply.code(201).send({ ok: true, id, id_professore: teacher.id, docente: teacher.nome, data_richiesta: at, stato: 'INVIATA' });
      },

      async bookMeeting(request: FastifyRequest) {
        const { e, meeting } = meetingOf(request);
        const { slot } = request.query as { slot: number };
        if (slot > meeting.slot.length) throw badRequest(`Lo slot ${slot} non esiste: il colloquio ha ${meeting.slot.length} slot`);
        if (!meeting.prenotabile) throw conflict('Il colloquio è già iniziato: non è più prenotabile');
        if (meeting.prenotato) {
          throw conflict(`Hai già prenotato questo colloquio (slot ${meeting.prenotato.slot} alle ${meeting.prenotato.orario}): annulla la prenotazione per cambiarla`);
        }
        if (!meeting.slot[slot - 1]?.libero) throw conflict(`Lo slot delle ${meeting.slot[slot - 1]?.orario ?? ''} è già stato prenotato`);
        try {
          repo.book(meeting.id, slot, e.id, toRomeIso(ctx.now()));
        } catch {
          throw conflict('Lo slot è già stato prenotato');
        }
        return repo.find(e, ctx.now(), meeting.id);
      },

      async cancelMeetingBooking(request: FastifyRequest) {
        const { e, meeting } = meetingOf(request);
        if (!meeting.prenotato) throw conflict('Non hai prenotazioni per questo colloquio');
        if (!meeting.prenotabile) throw conflict('Il colloquio è già iniziato: la prenotazione non si può annullare');
        repo.cancel(meeting.id, e.id);
        return repo.find(e, ctx.now(), meeting.id);
      },
    };
  },
};
