import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { ApiError } from '../../shared/errors';
import { addDays, romeDate, romeParts, weekday } from '../../shared/time';
import type { Area } from '../area';
import { euros, eurosText } from '../../shared/money';
import { studentAccess } from '../../shared/access';
import { seedEnrolments } from '../../shared/enrolments';

interface ServiceRow {
  id_marketplace: number;
  id_scuola: string;
  descrizione: string;
  costo_cent: number;
  giorni: string;
  orario_limite: string;
}

interface ServiceSeed extends Omit<ServiceRow, 'id_scuola'> {
  /** Past bookings in the fortnight before the anchor day (days back). */
  past: number[];
}

const SERVICES: Record<string, ServiceSeed[]> = {
  DEMO01: [
    { id_marketplace: 21, descrizione: 'Aula studio assistita (14:30-16:30)', costo_cent: 300, giorni: '12345', orario_limite: '08:00', past: [3, 10] },
    { id_marketplace: 22, descrizione: 'Navetta Stazione FS - Liceo (andata)', costo_cent: 150, giorni: '123456', orario_limite: '07:00', past: [2, 4, 9, 11] },
  ],
  DEMO02: [
    { id_marketplace: 31, descrizione: 'Pre-scuola (7:30-8:00)', costo_cent: 200, giorni: '12345', orario_limite: '07:00', past: [4] },
    { id_marketplace: 32, descrizione: 'Post-scuola (16:30-18:00)', costo_cent: 450, giorni: '12345', orario_limite: '12:00', past: [3, 8] },
    { id_marketplace: 33, descrizione: 'Doposcuola con aiuto compiti (14:00-16:00)', costo_cent: 600, giorni: '135', orario_limite: '10:00', past: [] },
  ],
};

/** Top-up of the year (cents); what is left after the seeded bookings is the credit. */
const TOP_UP: Record<number, number> = { 501: 3000, 502: 2000, 503: 500 };

const isoWeekday = (date: string): number => weekday(date) || 7;
const runsOn = (s: { giorni: string }, date: string): boolean => s.giorni.includes(String(isoWeekday(date)));
const display = (date: string): string => date.split('-').reverse().join('-');

function seedServiziGiornalieri(db: Db, now: Date): void {
  const insert = {
    service: db.prepare(
      'INSERT INTO sg_servizi (id_marketplace, id_scuola, descrizione, costo_cent, giorni, orario_limite) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    booking: db.prepare('INSERT INTO sg_prenotazioni (id_studente, anno, id_marketplace, data, costo_cent) VALUES (?, ?, ?, ?, ?)'),
    credit: db.prepare('INSERT INTO sg_crediti (id_studente, anno, data, descrizione, importo_cent, segno) VALUES (?, ?, ?, ?, ?, ?)'),
  };
  db.transaction(() => {
    for (const [school, services] of Object.entries(SERVICES)) {
      for (const s of services) insert.service.run(s.id_marketplace, school, s.descrizione, s.costo_cent, s.giorni, s.orario_limite);
    }
    for (const e of seedEnrolments(db, now)) {
      const services = SERVICES[e.id_scuola] ?? [];
      const topUp = TOP_UP[e.id_studente] ?? 2000;
      insert.credit.run(e.id_studente, e.anno, addDays(e.anchor, -20), 'Ricarica credito servizi (PagoPA)', topUp, 'A');
      const charges: { data: string; s: ServiceSeed }[] = [];
      for (const s of services) {
        for (const back of s.past) {
          let day = addDays(e.anchor, -back);
          while (!runsOn(s, day)) day = addDays(day, -1);
          if (!charges.some((c) => c.data === day && c.s === s)) charges.push({ data: day, s });
        }
      }
      const first = services[0];
      if (first && e.current) {
        // One upcoming booking (from the second running day on), so that there is one to cancel.
        let day = addDays(e.anchor, 2);
        while (!runsOn(first, day)) day = addDays(day, 1);
        charges.push({ data: day, s: first });
      }
      let spent = 0;
      for (const c of charges.sort((a, b) => a.data.localeCompare(b.data))) {
        if (spent + c.s.costo_cent > topUp) continue;
        spent += c.s.costo_cent;
        insert.booking.run(e.id_studente, e.anno, c.s.id_marketplace, c.data, c.s.costo_cent);
        insert.credit.run(e.id_studente, e.anno, c.data, `${c.s.descrizione} del ${display(c.data)}`, c.s.costo_cent, 'D');
      }
    }
  })();
}

function serviziGiornalieriHandlers(ctx: AppContext, db: Db) {
  const s = {
    services: db.prepare<[string], ServiceRow>('SELECT * FROM sg_servizi WHERE id_scuola = ? ORDER BY id_marketplace'),
    service: db.prepare<[number, string], ServiceRow>('SELECT * FROM sg_servizi WHERE id_marketplace = ? AND id_scuola = ?'),
    booking: db.prepare<[number, string, number, string], { id: number; costo_cent: number }>(
      'SELECT id, costo_cent FROM sg_prenotazioni WHERE id_studente = ? AND anno = ? AND id_marketplace = ? AND data = ?',
    ),
    count: db.prepare<[number, string, number], { n: number }>(
      'SELECT COUNT(*) AS n FROM sg_prenotazioni WHERE id_studente = ? AND anno = ? AND id_marketplace = ?',
    ),
    bookings: db.prepare<[number, string], { id: number; id_marketplace: number; descrizione: string; data: string; costo_cent: number; orario_limite: string }>(
      `SELECT p.id, p.id_marketplace, s.descrizione, p.data, p.costo_cent, s.orario_limite
         FROM sg_prenotazioni p JOIN sg_servizi s ON s.id_marketplace = p.id_marketplace
        WHERE p.id_studente = ? AND p.anno = ? ORDER BY p.data DESC, p.id_marketplace`,
    ),
    credits: db.prepare<[number, string], { id: number; data: string; descrizione: string; importo_cent: number; segno: 'A' | 'D' }>(
      'SELECT id, data, descrizione, importo_cent, segno FROM sg_crediti WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC',
    ),
    insertBooking: db.prepare('INSERT INTO sg_prenotazioni (id_studente, anno, id_marketplace, data, costo_cent) VALUES (?, ?, ?, ?, ?)'),
    deleteBooking: db.prepare<[number]>('DELETE FROM sg_prenotazioni WHERE id = ?'),
    insertCredit: db.prepare('INSERT INTO sg_crediti (id_studente, anno, data, descrizione, importo_cent, segno) VALUES (?, ?, ?, ?, ?, ?)'),
  };
  const access = studentAccess(ctx);
  const scope = (request: FastifyRequest) => access(request, 'servizi_giornalieri').enrolment;

  function balance(studentId: number, anno: string): number {
    return s.credits.all(studentId, anno).reduce((sum, r) => sum + (r.segno === 'A' ? r.importo_cent : -r.importo_cent), 0);
  }

  /** Whether `date` can be booked or cancelled now, and why not. */
  function availability(service: Pick<ServiceRow, 'giorni' | 'orario_limite'>, date: string, anno: string) {
    const now = ctx.now();
    const today = romeDate(now);
    const start = Number(anno.slice(0, 4));
    if (date < `${start}-09-01` || date > `${start + 1}-08-31`) {
      return { stato: 'NON_ATTIVA' as const, messaggio: "La data scelta non appartiene all'anno scolastico" };
    }
    if (!runsOn(service, date)) return { stato: 'NON_ATTIVA' as const, messaggio: 'Il servizio non è attivo nel giorno scelto' };
    if (date < today) return { stato: 'CHIUSA' as const, messaggio: 'Non è possibile modificare le adesioni di una data passata' };
    if (date === today) {
      const p = romeParts(now);
      const hhmm = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
      if (hhmm >= service.orario_limite) {
        return { stato: 'CHIUSA' as const, messaggio: `Il termine per oggi è scaduto alle ore ${service.orario_limite}` };
      }
    }
    return { stato: 'ATTIVA' as const, messaggio: '' };
  }

  function serviceOf(request: FastifyRequest) {
    const e = scope(request);
    const { data_adesione, id_marketplace } = request.body as { data_adesione: string; id_marketplace: number };
    const service = s.service.get(id_marketplace, e.id_scuola);
    if (!service) throw new ApiError(404, `Servizio giornaliero non trovato: ${id_marketplace}`, 'not_found');
    return { e, service, date: data_adesione };
  }

  const outcome = (esito: 'OK' | 'KO', messaggio: string, booked: boolean, credit: number) => ({
    esito,
    messaggio,
    adesione: booked ? 'SI' : 'NO',
    credito_residuo: euros(credit),
  });

  return {
    async getDailyServices(request: FastifyRequest) {
      const e = scope(request);
      const { data_adesione } = request.query as { data_adesione?: string };
      const date = data_adesione ?? romeDate(ctx.now());
      return {
        data_adesione: date,
        credito_residuo: euros(balance(e.id, e.anno)),
        servizi: s.services.all(e.id_scuola).map((service) => {
          const booked = s.booking.get(e.id, e.anno, service.id_marketplace, date) !== undefined;
          const a = availability(service, date, e.anno);
          return {
            id_marketplace: service.id_marketplace,
            descrizione: service.descrizione,
            costo_unitario_prenotazione: euros(service.costo_cent),
            adesione: booked ? 'SI' : 'NO',
            adesione_giornaliera: a.stato,
            data_adesione: date,
            orario_limite: service.orario_limite,
            adesioni: s.count.get(e.id, e.anno, service.id_marketplace)?.n ?? 0,
            esito: a.stato === 'ATTIVA' ? 'OK' : 'KO',
            messaggio: a.messaggio,
          };
        }),
      };
    },

    async getDailyServiceCredit(request: FastifyRequest) {
      const e = scope(request);
      const rows = s.credits.all(e.id, e.anno);
      return {
        credito_residuo: euros(balance(e.id, e.anno)),
        movimenti: rows.map((r) => ({ id: r.id, data: r.data, descrizione: r.descrizione, importo: euros(r.importo_cent), segno: r.segno })),
      };
    },

    async getDailyBookings(request: FastifyRequest) {
      const e = scope(request);
      return s.bookings.all(e.id, e.anno).map((b) => ({
        id: b.id,
        id_marketplace: b.id_marketplace,
        descrizione: b.descrizione,
        data_adesione: b.data,
        costo: euros(b.costo_cent),
        annullabile: availability({ giorni: '1234567', orario_limite: b.orario_limite }, b.data, e.anno).stato === 'ATTIVA',
      }));
    },

    async bookDailyService(request: FastifyRequest) {
      const { e, service, date } = serviceOf(request);
      return db.transaction(() => {
        const credit = balance(e.id, e.anno);
        const booked = s.booking.get(e.id, e.anno, service.id_marketplace, date) !== undefined;
        if (booked) return outcome('KO', 'Il servizio è già prenotato per il giorno scelto', true, credit);
        const a = availability(service, date, e.anno);
        if (a.stato !== 'ATTIVA') return outcome('KO', a.messaggio, false, credit);
        if (credit < service.costo_cent) {
          return outcome('KO', `Credito insufficiente: servono ${eurosText(service.costo_cent)}, disponibili ${eurosText(credit)}`, false, credit);
        }
        s.insertBooking.run(e.id, e.anno, service.id_marketplace, date, service.costo_cent);
        s.insertCredit.run(e.id, e.anno, romeDate(ctx.now()), `${service.descrizione} del ${display(date)}`, service.costo_cent, 'D');
        return outcome('OK', 'Prenotazione effettuata', true, credit - service.costo_cent);
      })();
    },

    async cancelDailyBooking(request: FastifyRequest) {
      const { e, service, date } = serviceOf(request);
      return db.transaction(() => {
        const credit = balance(e.id, e.anno);
        const booking = s.booking.get(e.id, e.anno, service.id_marketplace, date);
        if (!booking) return outcome('KO', 'Nessuna prenotazione da annullare per il giorno scelto', false, credit);
        const a = availability(service, date, e.anno);
        if (a.stato !== 'ATTIVA') return outcome('KO', `Non è più possibile annullare: ${a.messaggio.charAt(0).toLowerCase()}${a.messaggio.slice(1)}`, true, credit);
        s.deleteBooking.run(booking.id);
        s.insertCredit.run(e.id, e.anno, romeDate(ctx.now()), `Storno: ${service.descrizione} del ${display(date)}`, booking.costo_cent, 'A');
        return outcome('OK', 'Prenotazione annullata', false, credit + booking.costo_cent);
      })();
    },
  };
}

export const serviziGiornalieriArea: Area = {
  name: 'servizi_giornalieri',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedServiziGiornalieri,
  handlers: serviziGiornalieriHandlers,
};
