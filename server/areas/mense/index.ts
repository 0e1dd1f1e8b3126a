import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { addDays, romeDate, romeInstant, toRomeIso, weekday } from '../../shared/time';
import type { Area } from '../area';
import { euros } from '../../shared/money';
import { studentAccess } from '../../shared/access';
import { seedEnrolments } from '../../shared/enrolments';
import { Random } from '../../shared/random';

/** Below this credit (cents) the low-credit alarm is on. */
export const MEAL_CREDIT_THRESHOLD = 1000;
/** Meals can be booked for a day until this time of that day (Europe/Rome). */
export const MEAL_BOOKING_DEADLINE = '09:30';
export const NO_MEAL = '--';

const SERVICES: [string, string][] = [
  [NO_MEAL, 'Nessun pasto'],
  ['PC', 'Pasto completo'],
  ['PB', 'Pasto in bianco'],
  ['VEG', 'Menù vegetariano'],
];

const MENUS = [
  'Pasta al pomodoro, cotoletta di pollo al forno, insalata verde, frutta di stagione',
  'Risotto alla milanese, merluzzo gratinato, carote al vapore, yogurt',
  'Passato di verdure, frittata alle zucchine, patate al forno, budino al cioccolato',
  'Lasagne alla bolognese, prosciutto cotto, fagiolini, frutta di stagione',
  'Pizza margherita, mozzarella, insalata mista, gelato',
  'Pasta e fagioli, polpette al sugo, spinaci, frutta di stagione',
  'Gnocchi al ragù, bocconcini di tacchino, piselli, mela cotta',
  'Minestrone con orzo, filetto di platessa, purè di patate, frutta di stagione',
  'Pennette integrali al pesto, arrosto di vitello, finocchi gratinati, macedonia',
  'Crema di zucca, hamburger di legumi, insalata di cavolo cappuccio, crostata',
];

/** Remaining meal credit (cents) of the current year, when the demo needs a specific one. */
const CURRENT_CREDIT: Record<number, number> = { 501: 380, 503: 3740 };

interface DayRow {
  id: number;
  id_studente: number;
  anno: string;
  data: string;
  scadenza: string;
  descrizione: string;
  servizio: string | null;
  consumato: number;
  costo_cent: number;
}

function seedMense(db: Db, now: Date): void {
  const insert = {
    service: db.prepare('INSERT INTO mense_servizi (id_scuola, codice, descrizione, ordinamento) VALUES (?, ?, ?, ?)'),
    day: db.prepare(
      `INSERT INTO mense_giorni (id_studente, anno, data, scadenza, descrizione, servizio, consumato, costo_cent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    credit: db.prepare('INSERT INTO mense_crediti (id_studente, anno, data, descrizione, importo_cent, segno) VALUES (?, ?, ?, ?, ?, ?)'),
  };
  const schools = db.prepare<[], { id: string }>('SELECT id FROM scuole ORDER BY id').all();
  db.transaction(() => {
    for (const { id } of schools) SERVICES.forEach(([codice, descrizione], i) => insert.service.run(id, codice, descrizione, i));
    for (const e of seedEnrolments(db, now)) {
      const rng = new Random(`mense:${e.anchor}:${e.id_studente}:${e.anno}`);
      const cost = e.id_scuola === 'DEMO02' ? 420 : 460;
      const yearStart = `${e.startYear}-09-14`;
      let consumed = 0;
      const meals: { data: string; label: string }[] = [];
      let futureIndex = 0;
      for (let d = addDays(e.anchor, -28); d <= addDays(e.anchor, 9); d = addDays(d, 1)) {
        const wd = weekday(d);
        if (wd === 0 || wd === 6 || d < yearStart) continue;
        const menu = MENUS[(Number(d.slice(8, 10)) + Number(d.slice(5, 7))) % MENUS.length] as string;
        const scadenza = toRomeIso(romeInstant(d, MEAL_BOOKING_DEADLINE));
        if (d < e.anchor) {
          const r = rng.next();
          const servizio = r < 0.78 ? 'PC' : r < 0.84 ? 'PB' : r < 0.9 ? 'VEG' : NO_MEAL;
          const eaten = servizio !== NO_MEAL;
          if (eaten) {
            consumed++;
            const label = SERVICES.find(([c]) => c === servizio)?.[1] ?? servizio;
            meals.push({ data: d, label });
          }
          insert.day.run(e.id_studente, e.anno, d, scadenza, menu, servizio, Number(eaten), eaten ? cost : 0);
        } else {
          // The second upcoming day is already booked; the others wait for a choice.
          insert.day.run(e.id_studente, e.anno, d, scadenza, menu, futureIndex === 1 ? 'PC' : null, 0, 0);
          futureIndex++;
        }
      }
      const remaining = (e.current ? CURRENT_CREDIT[e.id_studente] : undefined) ?? rng.int(130, 260) * 10;
      const total = consumed * cost + remaining;
      const first = Math.max(1000, Math.floor((total * 0.6) / 1000) * 1000);
      if (total - first > 0) {
        insert.credit.run(e.id_studente, e.anno, addDays(e.anchor, -30), 'Ricarica tramite PagoPA', first, 'A');
        insert.credit.run(e.id_studente, e.anno, addDays(e.anchor, -14), 'Ricarica tramite PagoPA', total - first, 'A');
      } else {
        insert.credit.run(e.id_studente, e.anno, addDays(e.anchor, -30), 'Ricarica tramite PagoPA', total, 'A');
      }
      for (const m of meals) {
        insert.credit.run(e.id_studente, e.anno, m.data, `Pasto del ${m.data.split('-').reverse().join('-')}: ${m.label}`, cost, 'D');
      }
    }
  })();
}

function menseHandlers(ctx: AppContext, db: Db) {
  const s = {
    services: db.prepare<[string], { codice: string; descrizione: string }>(
      'SELECT codice, descrizione FROM mense_servizi WHERE id_scuola = ? ORDER BY ordinamento',
    ),
    day: db.prepare<[number, number, string], DayRow>('SELECT * FROM mense_giorni WHERE id = ? AND id_studente = ? AND anno = ?'),
    current: db.prepare<[number, string, string], DayRow>(
      'SELECT * FROM mense_giorni WHERE id_studente = ? AND anno = ? AND data >= ? ORDER BY data LIMIT 1',
    ),
    last: db.prepare<[number, string], DayRow>('SELECT * FROM mense_giorni WHERE id_studente = ? AND anno = ? ORDER BY data DESC LIMIT 1'),
    previous: db.prepare<[number, string, string], { id: number }>(
      'SELECT id FROM mense_giorni WHERE id_studente = ? AND anno = ? AND data < ? ORDER BY data DESC LIMIT 1',
    ),
    next: db.prepare<[number, string, string], { id: number }>(
      'SELECT id FROM mense_giorni WHERE id_studente = ? AND anno = ? AND data > ? ORDER BY data LIMIT 1',
    ),
    consumed: db.prepare<[number, string], DayRow>(
      'SELECT * FROM mense_giorni WHERE id_studente = ? AND anno = ? AND consumato = 1 ORDER BY data DESC',
    ),
    consumedCount: db.prepare<[number, string], { n: number }>(
      'SELECT COUNT(*) AS n FROM mense_giorni WHERE id_studente = ? AND anno = ? AND consumato = 1',
    ),
    credits: db.prepare<[number, string], { data: string; descrizione: string; importo_cent: number; segno: 'A' | 'D' }>(
      'SELECT data, descrizione, importo_cent, segno FROM mense_crediti WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC',
    ),
    book: db.prepare<[string, number]>('UPDATE mense_giorni SET servizio = ? WHERE id = ?'),
  };
  const access = studentAccess(ctx);
  const scope = (request: FastifyRequest) => access(request, 'mense').enrolment;

  function dayView(row: DayRow, schoolId: string) {
    const selected = row.servizio ?? NO_MEAL;
    return {
      id: row.id,
      data: row.data,
      scadenza: row.scadenza,
      prenotabile: new Date(row.scadenza).getTime() > ctx.now().getTime(),
      descrizione: row.descrizione,
      id_pasto_precedente: s.previous.get(row.id_studente, row.anno, row.data)?.id ?? null,
      id_pasto_successivo: s.next.get(row.id_studente, row.anno, row.data)?.id ?? null,
      servizi: s.services.all(schoolId).map((sv) => ({ codice: sv.codice, descrizione: sv.descrizione, selezionato: sv.codice === selected })),
    };
  }

  function credit(studentId: number, anno: string) {
    const rows = s.credits.all(studentId, anno);
    const balance = rows.reduce((sum, r) => sum + (r.segno === 'A' ? r.importo_cent : -r.importo_cent), 0);
    return { rows, balance };
  }

  function findDay(request: FastifyRequest) {
    const e = scope(request);
    const { id } = request.params as { id: number };
    const row = s.day.get(id, e.id, e.anno);
    if (!row) throw notFound();
    return { e, row };
  }

  return {
    async getMeals(request: FastifyRequest) {
      const e = scope(request);
      const { balance } = credit(e.id, e.anno);
      const current = s.current.get(e.id, e.anno, romeDate(ctx.now())) ?? s.last.get(e.id, e.anno);
      return {
        pasti_consumati: s.consumedCount.get(e.id, e.anno)?.n ?? 0,
        credito_residuo: euros(balance),
        soglia_credito: euros(MEAL_CREDIT_THRESHOLD),
        allarme_credito_residuo: balance < MEAL_CREDIT_THRESHOLD,
        pasto_corrente: current ? dayView(current, e.id_scuola) : null,
      };
    },

    async getMealCredit(request: FastifyRequest) {
      const e = scope(request);
      const { rows, balance } = credit(e.id, e.anno);
      return {
        credito_residuo: euros(balance),
        soglia_credito: euros(MEAL_CREDIT_THRESHOLD),
        allarme_credito_residuo: balance < MEAL_CREDIT_THRESHOLD,
        costo_pasto: euros(e.id_scuola === 'DEMO02' ? 420 : 460),
        movimenti: rows.map((r) => ({ data: r.data, descrizione: r.descrizione, importo: euros(r.importo_cent), segno: r.segno })),
      };
    },

    async getConsumedMeals(request: FastifyRequest) {
      const e = scope(request);
      const names = new Map(s.services.all(e.id_scuola).map((sv) => [sv.codice, sv.descrizione]));
      return s.consumed.all(e.id, e.anno).map((row) => ({
        id: row.id,
        data: row.data,
        descrizione: row.descrizione,
        codice: row.servizio ?? NO_MEAL,
        servizio: names.get(row.servizio ?? NO_MEAL) ?? row.servizio ?? NO_MEAL,
        costo: euros(row.costo_cent),
      }));
    },

    async getMeal(request: FastifyRequest) {
      const { e, row } = findDay(request);
      return dayView(row, e.id_scuola);
    },

    async bookMeal(request: FastifyRequest) {
      const { e, row } = findDay(request);
      const { servizi } = request.body as { servizi: string[] };
      const [code] = servizi;
      if (servizi.length !== 1 || code === undefined) throw badRequest('Indicare esattamente un servizio', 'servizio_non_valido');
      if (!s.services.all(e.id_scuola).some((sv) => sv.codice === code)) {
        throw badRequest(`Servizio mensa sconosciuto: ${code}`, 'servizio_non_valido');
      }
      if (new Date(row.scadenza).getTime() <= ctx.now().getTime()) throw conflict('Il termine per la prenotazione è scaduto');
      s.book.run(code, row.id);
      return dayView({ ...row, servizio: code }, e.id_scuola);
    },
  };
}

export const menseArea: Area = {
  name: 'mense',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedMense,
  handlers: menseHandlers,
};
