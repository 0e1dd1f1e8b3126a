import type { Db } from '../../db/database';
import { addDays, romeDate, romeInstant, romeParts, toRomeIso, weekday } from '../../shared/time';
import { classTeachers, seedEnrolments } from '../../shared/enrolments';
import { Random } from '../../shared/random';

/**
 * Meetings of every teacher of the demo schools for each seeded year. Current year: weekly
 * receptions (last week, this week, next week), the general meetings about two weeks ahead and, for
 * each demo student, a booked reception starting less than 36 hours after the clock (the client's
 * alert). Previous year: past receptions and general meetings. Other families hold some slots.
 */

const ADDRESSES: Record<string, string> = {
  DEMO01: 'Via Roma 12, 20121 Milano',
  DEMO02: 'Via Garibaldi 5, 10122 Torino',
};

const ROOMS = ['Aula colloqui 1, piano terra', 'Aula colloqui 2, primo piano', 'Sala docenti', 'Biblioteca'];

/** The first `wd` weekday (1 = Monday … 6 = Saturday) on or after `from`. */
function nextWeekday(from: string, wd: number): string {
  let d = from;
  while (weekday(d) !== wd) d = addDays(d, 1);
  return d;
}

/** The "soon" start: 3 hours after the clock on the hour, or 09:00 of the next day; always < 36 h away. */
function soonStart(now: Date): { data: string; ora: string } {
  const later = new Date(now.getTime() + 3 * 3_600_000);
  const p = romeParts(later);
  if (p.hour >= 8 && p.hour <= 17 && romeDate(later) === romeDate(now)) {
    return { data: romeDate(later), ora: `${String(p.hour).padStart(2, '0')}:00` };
  }
  const next = romeDate(now) === romeDate(later) ? addDays(romeDate(now), 1) : romeDate(later);
  return { data: next, ora: '09:00' };
}

export function seedMeetings(db: Db, now: Date): void {
  const today = romeDate(now);
  const rng = new Random(`colloqui:${today}`);
  const teachersOf = db.prepare<[string, string], { id: number }>(
    `SELECT DISTINCT p.id FROM professori p JOIN materie_professori mp ON mp.id_professore = p.id JOIN materie m ON m.id = mp.id_materia
      WHERE m.id_scuola = ? AND m.anno = ? ORDER BY p.id`,
  );
  const insert = db.prepare(
    `INSERT INTO colloqui (id, id_scuola, anno, tipo, id_professore, data, ora_inizio, durata_slot, numero_slot, modalita, luogo, link)
     VALUES (@id, @id_scuola, @anno, @tipo, @id_professore, @data, @ora_inizio, @durata_slot, @numero_slot, @modalita, @luogo, @link)`,
  );
  const book = db.prepare('INSERT INTO colloqui_prenotazioni (id_colloquio, numero_slot, id_studente, data_prenotazione) VALUES (?, ?, ?, ?)');
  let nextId = 7001;
  const past = (data: string, ora: string) => romeInstant(data, ora).getTime() <= now.getTime();
  const bookedAt = (data: string) => {
    const when = romeInstant(addDays(data, -3), '19:00');
    return toRomeIso(when.getTime() > now.getTime() ? new Date(now.getTime() - 86_400_000) : when);
  };

  function meeting(m: { id_scuola: string; anno: string; tipo: string; id_professore: number; data: string; ora_inizio: string; durata_slot: number; numero_slot: number; online: boolean }) {
    const id = nextId++;
    insert.run({
      id,
      ...m,
      modalita: m.online ? 'online' : 'presenza',
      luogo: m.online ? null : m.tipo === 'generale' ? 'Palestra, piano terra' : rng.pick(ROOMS),
      link: m.online ? `https://meet.scuola.example/colloqui-${m.id_professore}` : null,
    });
    // Other families: a few slots of every meeting (always slot 1 of the future ones).
    const taken = new Set<number>([1]);
    for (let i = rng.int(0, 2); i > 0; i--) taken.add(rng.int(2, m.numero_slot));
    for (const n of taken) book.run(id, n, null, bookedAt(m.data));
    return id;
  }

  db.transaction(() => {
    const address = db.prepare('INSERT INTO colloqui_sedi (id_scuola, indirizzo) VALUES (?, ?)');
    for (const [school, indirizzo] of Object.entries(ADDRESSES)) address.run(school, indirizzo);
    const enrolments = seedEnrolments(db, now);
    const years = [...new Map(enrolments.map((e) => [`${e.id_scuola}:${e.anno}`, e])).values()];
    for (const y of years) {
      const teachers = teachersOf.all(y.id_scuola, y.anno);
      const startYear = Number(y.anno.slice(0, 4));
      for (const t of teachers) {
        const wd = 1 + (t.id % 5);
        const hour = `${String(8 + (t.id % 5)).padStart(2, '0')}:00`;
        const online = t.id % 4 === 0;
        const days = y.current
          ? [-7, 0, 7].map((w) => nextWeekday(addDays(today, w + 1), wd))
          : [`${startYear}-11-10`, `${startYear + 1}-03-09`].map((d) => nextWeekday(d, wd));
        for (const data of days) {
          meeting({ id_scuola: y.id_scuola, anno: y.anno, tipo: 'individuale', id_professore: t.id, data, ora_inizio: hour, durata_slot: 10, numero_slot: 6, online });
        }
      }
      const generalDays = y.current ? [nextWeekday(addDays(today, 14), 4)] : [`${startYear}-12-10`, `${startYear + 1}-04-15`];
      for (const data of generalDays) {
        for (const t of teachers) {
          meeting({ id_scuola: y.id_scuola, anno: y.anno, tipo: 'generale', id_professore: t.id, data, ora_inizio: '15:00', durata_slot: 15, numero_slot: 12, online: false });
        }
      }
    }

    // Each current demo student: a reception < 36 h away, booked (slot 2), and a booking next week.
    const soon = soonStart(now);
    const soonByTeacher = new Map<number, number>();
    const findFuture = db.prepare<[string, string, number, string], { id: number; data: string }>(
      `SELECT id, data FROM colloqui WHERE id_scuola = ? AND anno = ? AND id_professore = ? AND tipo = 'individuale' AND data > ? ORDER BY data LIMIT 1`,
    );
    const freeSlot = db.prepare<[number], { n: number }>(
      `SELECT MIN(n) AS n FROM (SELECT 2 AS n UNION SELECT 3 UNION SELECT 4 UNION SELECT 5 UNION SELECT 6)
        WHERE n NOT IN (SELECT numero_slot FROM colloqui_prenotazioni WHERE id_colloquio = ?)`,
    );
    for (const e of enrolments.filter((x) => x.current)) {
      const teachers = classTeachers(db, e.id_scuola, e.anno, e.classe);
      const first = teachers[0];
      if (!first) continue;
      let soonId = soonByTeacher.get(first.id);
      if (soonId === undefined) {
        soonId = meeting({
          id_scuola: e.id_scuola, anno: e.anno, tipo: 'individuale', id_professore: first.id, data: soon.data, ora_inizio: soon.ora,
          durata_slot: 10, numero_slot: 6, online: weekday(soon.data) === 0,
        });
        soonByTeacher.set(first.id, soonId);
      }
      const slot = freeSlot.get(soonId)?.n;
      if (slot) book.run(soonId, slot, e.id_studente, toRomeIso(new Date(now.getTime() - 2 * 86_400_000)));
      const second = teachers[2] ?? teachers[1];
      const later = second && findFuture.get(e.id_scuola, e.anno, second.id, addDays(today, 3));
      const laterSlot = later ? freeSlot.get(later.id)?.n : undefined;
      if (later && laterSlot && !past(later.data, '08:00')) book.run(later.id, laterSlot, e.id_studente, toRomeIso(new Date(now.getTime() - 86_400_000)));
    }
  })();
}
