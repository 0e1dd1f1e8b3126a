import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { romeDate, romeInstant, romeParts, toRomeIso } from '../../shared/time';
import type { OperationHandler } from '../area';
import { serviceOff, studentAccess, type StudentAccess } from '../../shared/access';
import { isSchoolDay, schoolYearRange } from '../../shared/calendar';
import { assenzeRepository, type Absence } from './repository';
import { BOOKING_OPTIONS, KIND_PLURAL, REASONS, type BookingKind } from './rules';

const displayDate = (date: string): string => date.split('-').reverse().join('-');

/**
 * An event as a real school backend lists it: the day as a date-time, no `orario` and no
 * `descrizione`, the time (if any) only inside `titolo` as "… ore HH:MM". The id stays: the
 * justification is addressed by it.
 */
function realAbsence(a: Absence) {
  const { orario, descrizione = '', ...rest } = a;
  const said = orario ? descrizione.replace(` alle ${orario}`, ` ore ${orario}`) : descrizione;
  return {
    ...rest,
    data: toRomeIso(romeInstant(a.data, '00:00')),
    titolo: orario && !said.includes(`ore ${orario}`) ? `${said} ore ${orario}` : said,
  };
}

/** Distance-learning absences exist only where the student's year has the assenze_dad service. */
const dadOn = (s: StudentAccess): boolean => s.servizi.assenze_dad === true;

function bookingEnabled(s: StudentAccess): Record<BookingKind, boolean> {
  return { entrata: s.enrolment.prenotazione_entrate_attiva === 1, uscita: s.enrolment.prenotazione_uscite_attiva === 1 };
}

/** A booking switch of the school that is off: the same 403 as a service off, with its own detail. */
const bookingOff = (what: string) => serviceOff(`Prenotazione ${what} non attiva per la scuola`);

export function assenzeHandlers(ctx: AppContext, db: Db): Record<string, OperationHandler> {
  const repo = assenzeRepository(db);
  const scope = studentAccess(ctx);
  const idParam = (request: FastifyRequest): number => (request.params as { id: number }).id;
  const visible = (s: StudentAccess, a: Absence | undefined): a is Absence => a !== undefined && (a.tipo_assenza !== 'dad' || dadOn(s));

  return {
    async getAbsences(request: FastifyRequest) {
      // profile_update=0 asks not to record the visit; absences carry no novita, so it changes nothing here.
      const s = scope(request, 'assenze');
      return repo.absences(s.enrolment.id, s.enrolment.anno).filter((a) => visible(s, a)).map(realAbsence);
    },

    async getJustificationReasons(request: FastifyRequest) {
      const s = scope(request, 'assenze');
      return { normale: REASONS.normale, dad: dadOn(s) ? REASONS.dad : [] };
    },

    async justifyAbsence(request: FastifyRequest) {
      const s = scope(request, 'assenze');
      const id = idParam(request);
      const absence = repo.absence(id, s.enrolment.id, s.enrolment.anno);
      if (!visible(s, absence)) throw notFound();
      const sent = request.body as { tipo_assenza: string; motivazione: string };
      // The same justification again (its answer was lost, the client retried): it is the success it was.
      if (absence.giustificata === 'SI' && absence.tipo_giustificazione === sent.tipo_assenza && absence.motivazione === sent.motivazione.trim()) {
        return realAbsence(absence);
      }
      if (!absence.giustificabile) {
        throw conflict(
          absence.giustificata === 'SI' ? "L'assenza è già stata giustificata"
          : absence.giustificata === '' ? 'Questo evento non richiede giustificazione'
          : "I termini per giustificare l'assenza sono scaduti: rivolgersi alla segreteria",
        );
      }
      const { tipo_assenza, motivazione } = sent;
      const list = absence.tipo_assenza === 'dad' ? 'dad' : 'normale';
      if (!REASONS[list].some((r) => r.codice === tipo_assenza)) {
        throw badRequest(`tipo_assenza "${tipo_assenza}" non valido: usare un codice dell'elenco ${list} (${REASONS[list].map((r) => r.codice).join(', ')})`);
      }
      const text = motivazione.trim();
      if (!text) throw badRequest('La motivazione è obbligatoria');
      repo.justify(id, text, tipo_assenza, toRomeIso(ctx.now()));
      const justified = repo.absence(id, s.enrolment.id, s.enrolment.anno);
      if (!justified) throw notFound();
      return realAbsence(justified);
    },

    async getEntryExitBookings(request: FastifyRequest) {
      const s = scope(request, 'assenze');
      const enabled = bookingEnabled(s);
      if (!enabled.entrata && !enabled.uscita) throw bookingOff('di entrate e uscite');
      const { data } = (request.query ?? {}) as { data?: string };
      return {
        opzioni: { entrata: enabled.entrata ? BOOKING_OPTIONS.entrata : [], uscita: enabled.uscita ? BOOKING_OPTIONS.uscita : [] },
        prenotazioni: repo.bookings(s.enrolment.id, s.enrolment.anno, data),
      };
    },

    async createEntryExitBooking(request: FastifyRequest, reply: FastifyReply) {
      const s = scope(request, 'assenze');
      const body = request.body as { data: string; orario: string; tipo_assenza: BookingKind; motivazione: string };
      const kind = body.tipo_assenza;
      if (!bookingEnabled(s)[kind]) throw bookingOff(`delle ${KIND_PLURAL[kind]}`);
      const options = BOOKING_OPTIONS[kind];
      if (!options.some((o) => o.orario === body.orario)) {
        throw badRequest(`Orario ${body.orario} non previsto per le ${KIND_PLURAL[kind]}: scegliere tra ${options.map((o) => o.orario).join(', ')}`);
      }
      const motivazione = body.motivazione.trim();
      if (!motivazione) throw badRequest('La motivazione è obbligatoria');

      const now = ctx.now();
      const today = romeDate(now);
      const year = schoolYearRange(s.startYear);
      if (body.data < year.from || body.data > year.to) {
        throw conflict(`La data non appartiene all'anno scolastico ${s.enrolment.anno.replace('_', '/')}`);
      }
      if (body.data < today) throw conflict('Non è possibile prenotare per una data passata');
      const cutoff = s.enrolment.orario_limite_prenotazioni;
      const p = romeParts(now);
      const time = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
      if (body.data === today && time > cutoff) {
        throw conflict(`Le prenotazioni per oggi si chiudono alle ${cutoff}: prenota per un altro giorno`);
      }
      if (!isSchoolDay(body.data, s.startYear)) throw conflict(`Il ${displayDate(body.data)} non è un giorno di lezione`);
      const sameDay = repo.bookings(s.enrolment.id, s.enrolment.anno, body.data).filter((b) => b.stato === 'attiva');
      if (sameDay.some((b) => b.tipo === kind)) {
        throw conflict(`Esiste già una prenotazione di ${kind} attiva per il ${displayDate(body.data)}`);
      }
      const entry = sameDay.find((b) => b.tipo === 'entrata');
      const exit = sameDay.find((b) => b.tipo === 'uscita');
      if ((kind === 'uscita' && entry && entry.orario >= body.orario) || (kind === 'entrata' && exit && exit.orario <= body.orario)) {
        throw conflict("L'orario di uscita deve essere successivo a quello di entrata");
      }
      const id = repo.createBooking(s.enrolment.id, s.enrolment.anno, {
        data: body.data,
        orario: body.orario,
        tipo: kind,
        motivazione,
        creata_il: toRomeIso(now),
      });
      return reply.code(201).send(repo.booking(id, s.enrolment.id, s.enrolment.anno));
    },

    async cancelEntryExitBooking(request: FastifyRequest) {
      const s = scope(request, 'assenze');
      const id = idParam(request);
      const booking = repo.booking(id, s.enrolment.id, s.enrolment.anno);
      if (!booking) throw notFound();
      if (booking.stato === 'annullata') throw conflict('La prenotazione è già stata annullata');
      if (booking.data < romeDate(ctx.now())) throw conflict('Non è possibile annullare la prenotazione di un giorno passato');
      repo.cancelBooking(id, toRomeIso(ctx.now()));
      return repo.booking(id, s.enrolment.id, s.enrolment.anno);
    },
  };
}
