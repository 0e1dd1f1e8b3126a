import type { Db } from '../../db/database';
import { romeInstant, toRomeIso } from '../../shared/time';
import { classTeachers } from '../../shared/enrolments';

interface MeetingRow {
  id: number;
  tipo: 'individuale' | 'generale';
  id_professore: number;
  docente: string;
  data: string;
  ora_inizio: string;
  durata_slot: number;
  numero_slot: number;
  modalita: string;
  luogo: string | null;
  link: string | null;
  indirizzo: string | null;
}

interface BookingRow {
  id_colloquio: number;
  numero_slot: number;
  id_studente: number | null;
  data_prenotazione: string;
}

export interface ClassRef {
  id: number;
  id_scuola: string;
  anno: string;
  classe: string;
}

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const slotTime = (m: { ora_inizio: string; durata_slot: number }, numero: number): string =>
  hhmm(minutesOf(m.ora_inizio) + (numero - 1) * m.durata_slot);
export const meetingStart = (m: { data: string; ora_inizio: string }): Date => romeInstant(m.data, m.ora_inizio);

export function meetingsRepository(db: Db) {
  const s = {
    meetings: db.prepare<[string, string], MeetingRow>(
      `SELECT c.id, c.tipo, c.id_professore, p.nome AS docente, c.data, c.ora_inizio, c.durata_slot, c.numero_slot, c.modalita, c.luogo, c.link, sd.indirizzo
         FROM colloqui c JOIN professori p ON p.id = c.id_professore LEFT JOIN colloqui_sedi sd ON sd.id_scuola = c.id_scuola
        WHERE c.id_scuola = ? AND c.anno = ?
        ORDER BY c.data, c.ora_inizio, p.nome, c.id`,
    ),
    bookings: db.prepare<[string, string], BookingRow>(
      `SELECT b.* FROM colloqui_prenotazioni b JOIN colloqui c ON c.id = b.id_colloquio WHERE c.id_scuola = ? AND c.anno = ?`,
    ),
    book: db.prepare<[number, number, number, string], unknown>(
      'INSERT INTO colloqui_prenotazioni (id_colloquio, numero_slot, id_studente, data_prenotazione) VALUES (?, ?, ?, ?)',
    ),
    cancel: db.prepare<[number, number], unknown>('DELETE FROM colloqui_prenotazioni WHERE id_colloquio = ? AND id_studente = ?'),
    pendingRequest: db.prepare<[number, string, number], { id: number }>(
      "SELECT id FROM colloqui_richieste WHERE id_studente = ? AND anno = ? AND id_professore = ? AND stato = 'INVIATA'",
    ),
    insertRequest: db.prepare<[number, string, number, number, string], unknown>(
      "INSERT INTO colloqui_richieste (id_studente, anno, id_utente, id_professore, data_richiesta, stato) VALUES (?, ?, ?, ?, ?, 'INVIATA')",
    ),
  };

  /** The meetings of the class's teachers, as the contract's Meeting for `student`. */
  function list(c: ClassRef, now: Date, filter: { tipi: string[]; from?: string; to?: string }) {
    const teachers = new Map(classTeachers(db, c.id_scuola, c.anno, c.classe).map((t) => [t.id, t.materie.join(', ')]));
    const bookings = s.bookings.all(c.id_scuola, c.anno);
    return s.meetings
      .all(c.id_scuola, c.anno)
      .filter((m) => teachers.has(m.id_professore) && filter.tipi.includes(m.tipo))
      .filter((m) => (!filter.from || m.data >= filter.from) && (!filter.to || m.data <= filter.to))
      .map((m) => {
        const taken = bookings.filter((b) => b.id_colloquio === m.id);
        const mine = taken.find((b) => b.id_studente === c.id);
        const start = meetingStart(m);
        return {
          id: m.id,
          tipo: m.tipo,
          data: m.data,
          ora_inizio: m.ora_inizio,
          ora_fine: hhmm(minutesOf(m.ora_inizio) + m.numero_slot * m.durata_slot),
          inizio: toRomeIso(start),
          docente: m.docente,
          id_professore: m.id_professore,
          materia: teachers.get(m.id_professore) ?? '',
          modalita: m.modalita,
          luogo: m.luogo,
          indirizzo: m.modalita === 'presenza' ? m.indirizzo : null,
          link: m.link,
          prenotabile: start.getTime() > now.getTime(),
          slot: Array.from({ length: m.numero_slot }, (_, i) => ({
            numero: i + 1,
            orario: slotTime(m, i + 1),
            libero: !taken.some((b) => b.numero_slot === i + 1),
          })),
          prenotato: mine ? { slot: mine.numero_slot, orario: slotTime(m, mine.numero_slot), data_prenotazione: mine.data_prenotazione } : null,
        };
      });
  }

  return {
    list,
    find: (c: ClassRef, now: Date, id: number) => list(c, now, { tipi: ['individuale', 'generale'] }).find((m) => m.id === id),
    book: (id: number, slot: number, studentId: number, at: string) => s.book.run(id, slot, studentId, at),
    cancel: (id: number, studentId: number) => s.cancel.run(id, studentId),
    hasPendingRequest: (studentId: number, anno: string, teacherId: number) => s.pendingRequest.get(studentId, anno, teacherId) !== undefined,
    request(studentId: number, anno: string, userId: number, teacherId: number, at: string): number {
      return Number(s.insertRequest.run(studentId, anno, userId, teacherId, at).lastInsertRowid);
    },
  };
}
