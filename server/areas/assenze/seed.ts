import type { Db } from '../../db/database';
import { schoolYearOf } from '../../shared/schoolYear';
import { addDays, romeDate, romeInstant, toRomeIso } from '../../shared/time';
import { schoolDayFrom, schoolDays } from '../../shared/calendar';
import { seedEnrolments } from '../../shared/enrolments';
import { Random } from '../../shared/random';
import { REASONS, SYMBOL_OF, type Giustificata, type TipoAssenza } from './rules';

/**
 * Demo absences of every student's year (14-18 events on lesson days), relative to `now` and
 * deterministic for a given day. In the current year the latest events still wait for a
 * justification; last year's are all settled, one left unjustified after the deadline.
 */

const COURSES = ['Corso pomeridiano di recupero di matematica', 'Laboratorio teatrale', 'Corso di certificazione linguistica'];
const JUSTIFICATIONS: Record<string, string[]> = {
  SAL: ['Febbre e mal di gola.', 'Influenza.', 'Indisposizione.'],
  VIS: ['Visita dal dentista.', 'Esami del sangue.', 'Visita oculistica.'],
  FAM: ['Matrimonio di un parente.', 'Impegni familiari improrogabili.'],
  TRA: ['Sciopero dei mezzi pubblici.', 'Ritardo del treno regionale.'],
  SPO: ['Gara regionale di nuoto.'],
};

interface Planned {
  tipo: TipoAssenza;
  orario: string | null;
  breve?: boolean;
  booked?: boolean;
}

export function seedAssenze(db: Db, now: Date): void {
  const today = romeDate(now);
  const current = schoolYearOf(today);
  const insertAbsence = db.prepare(
    `INSERT INTO assenze_registro (id_studente, anno, data, orario, simbolo, descrizione, tipo_assenza, giustificata,
       giustificabile, motivazione, tipo_giustificazione, data_giustificazione, prenotazione)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBooking = db.prepare(
    `INSERT INTO assenze_prenotazioni (id_studente, anno, data, orario, tipo, motivazione, stato, creata_il, annullata_il)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const iso = (date: string, time: string): string => toRomeIso(romeInstant(date, time));

  db.transaction(() => {
    for (const e of seedEnrolments(db, now)) {
      const rng = new Random(`assenze:${today}:${e.id_studente}:${e.anno}`);
      const isCurrent = e.anno === current.id;
      // Events up to yesterday: today's register is still open.
      const days = schoolDays(e.startYear).filter((d) => !isCurrent || d < today);
      if (days.length === 0) continue;

      const plan: Planned[] = [
        ...Array.from({ length: rng.int(5, 7) }, (): Planned => ({ tipo: 'assenza', orario: null })),
        { tipo: 'ritardo', orario: '08:10', breve: true },
        { tipo: 'ritardo', orario: rng.pick(['09:00', '10:00']) },
        { tipo: 'ritardo', orario: '09:00' },
        { tipo: 'ritardo', orario: '10:00', booked: true },
        { tipo: 'uscita', orario: rng.pick(['11:00', '12:00']) },
        { tipo: 'uscita', orario: '12:00' },
        { tipo: 'uscita', orario: '11:00', booked: true },
        { tipo: 'dad', orario: null },
        ...Array.from({ length: rng.int(1, 2) }, (): Planned => ({ tipo: 'corso', orario: '14:30' })),
      ];
      const chosen = rng.sample(days, plan.length);
      // The distance-learning absence is among the latest, so that it waits for a justification.
      const order = rng.shuffle(plan.filter((p) => p.tipo !== 'dad'));
      order.splice(Math.max(0, order.length - rng.int(1, 3)), 0, plan.find((p) => p.tipo === 'dad') as Planned);
      const events = chosen.map((data, i) => ({ data, ...(order[i] as Planned) }));
      const toJustify = new Set(
        events
          .filter((ev) => ev.tipo !== 'corso' && !ev.breve && !ev.booked)
          .slice(-4)
          .map((ev) => ev.data),
      );
      const expired = events.find((ev) => ev.tipo === 'assenza')?.data;

      for (const ev of events) {
        let giustificata: Giustificata = 'SI';
        let giustificabile = 0;
        let motivazione = '';
        let codice: string | null = null;
        let quando: string | null = null;
        if (ev.tipo === 'corso' || ev.breve) {
          giustificata = '';
        } else if (ev.booked) {
          motivazione = ev.tipo === 'ritardo' ? 'Visita medica programmata.' : 'Allenamento della squadra regionale.';
          codice = ev.tipo === 'ritardo' ? 'VIS' : 'SPO';
          quando = iso(addDays(ev.data, -1), '18:20');
        } else if (isCurrent ? toJustify.has(ev.data) : ev.data === expired) {
          giustificata = 'NO';
          giustificabile = Number(isCurrent);
        } else {
          const reasons = ev.tipo === 'dad' ? REASONS.dad : REASONS.normale.filter((r) => r.codice !== 'ALT');
          const reason = rng.pick(reasons);
          codice = reason.codice;
          motivazione = rng.pick(JUSTIFICATIONS[reason.codice] ?? [`${reason.descrizione}.`]);
          quando = iso(schoolDayFrom(addDays(ev.data, 1), e.startYear), '07:50');
        }
        const descrizione =
          ev.tipo === 'assenza' ? 'Assenza giornaliera'
          : ev.tipo === 'ritardo' ? (ev.breve ? `Ritardo breve: ingresso alle ${ev.orario}` : `Ingresso in ritardo alle ${ev.orario}`)
          : ev.tipo === 'uscita' ? `Uscita anticipata alle ${ev.orario}`
          : ev.tipo === 'dad' ? 'Assenza dalle lezioni in didattica digitale integrata'
          : `Presenza a corso: ${rng.pick(COURSES)}`;
        insertAbsence.run(
          e.id_studente, e.anno, ev.data, ev.orario, SYMBOL_OF[ev.tipo], descrizione, ev.tipo, giustificata, giustificabile,
          motivazione, codice, quando, Number(Boolean(ev.booked)),
        );
        if (ev.booked) {
          insertBooking.run(
            e.id_studente, e.anno, ev.data, ev.orario, ev.tipo === 'ritardo' ? 'entrata' : 'uscita', motivazione, 'attiva',
            iso(addDays(ev.data, -1), '18:20'), null,
          );
        }
      }

      if (isCurrent) {
        // One booking ahead and one the family cancelled.
        const ahead = schoolDayFrom(addDays(today, rng.int(3, 6)), e.startYear);
        if (ahead > today) {
          insertBooking.run(e.id_studente, e.anno, ahead, '12:00', 'uscita', 'Visita medica specialistica.', 'attiva', toRomeIso(now), null);
        }
        const cancelled = schoolDayFrom(addDays(today, rng.int(7, 10)), e.startYear);
        if (cancelled > today) {
          const created = new Date(now.getTime() - 2 * 86_400_000);
          insertBooking.run(
            e.id_studente, e.anno, cancelled, '10:00', 'entrata', 'Esami del sangue.', 'annullata', toRomeIso(created),
            toRomeIso(new Date(now.getTime() - 86_400_000)),
          );
        }
      }
    }
  })();
}
