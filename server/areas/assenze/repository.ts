import type { Db } from '../../db/database';
import type { Schemas } from '../../shared/contract';
import { COLOUR_OF, type BookingKind, type Giustificata } from './rules';

export type Absence = Schemas['Absence'];

export type Booking = Schemas['AbsenceBooking'];

type AbsenceRow = Omit<Absence, 'colore_simbolo' | 'giustificabile' | 'prenotazione' | 'giustificata'> & {
  giustificata: Giustificata;
  giustificabile: number;
  prenotazione: number;
};
type BookingRow = Omit<Booking, 'tipo_assenza'>;

const toAbsence = (row: AbsenceRow): Absence => ({
  id: row.id,
  data: row.data,
  orario: row.orario,
  simbolo: row.simbolo,
  descrizione: row.descrizione,
  colore_simbolo: COLOUR_OF[row.giustificata],
  tipo_assenza: row.tipo_assenza,
  giustificata: row.giustificata,
  giustificabile: row.giustificabile === 1,
  motivazione: row.motivazione,
  tipo_giustificazione: row.tipo_giustificazione,
  data_giustificazione: row.data_giustificazione,
  prenotazione: row.prenotazione === 1,
});
const toBooking = (row: BookingRow): Booking => ({ ...row, tipo_assenza: row.tipo });

const ABSENCE_COLUMNS = `id, data, orario, simbolo, descrizione, tipo_assenza, giustificata, giustificabile, motivazione,
  tipo_giustificazione, data_giustificazione, prenotazione`;
const BOOKING_COLUMNS = 'id, data, orario, tipo, motivazione, stato, creata_il';

export function assenzeRepository(db: Db) {
  const absences = db.prepare<[number, string], AbsenceRow>(
    `SELECT ${ABSENCE_COLUMNS} FROM assenze_registro WHERE id_studente = ? AND anno = ? ORDER BY data DESC, orario DESC, id DESC`,
  );
  const absence = db.prepare<[number, number, string], AbsenceRow>(
    `SELECT ${ABSENCE_COLUMNS} FROM assenze_registro WHERE id = ? AND id_studente = ? AND anno = ?`,
  );
  const justify = db.prepare<[string, string, string, number], unknown>(
    `UPDATE assenze_registro
        SET giustificata = 'SI', giustificabile = 0, motivazione = ?, tipo_giustificazione = ?, data_giustificazione = ?
      WHERE id = ? AND giustificabile = 1`,
  );
  const bookings = db.prepare<[number, string], BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM assenze_prenotazioni WHERE id_studente = ? AND anno = ? ORDER BY data DESC, orario, id DESC`,
  );
  const bookingsOn = db.prepare<[number, string, string], BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM assenze_prenotazioni WHERE id_studente = ? AND anno = ? AND data = ? ORDER BY orario, id`,
  );
  const booking = db.prepare<[number, number, string], BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM assenze_prenotazioni WHERE id = ? AND id_studente = ? AND anno = ?`,
  );
  const insertBooking = db.prepare<[number, string, string, string, string, string, string], unknown>(
    `INSERT INTO assenze_prenotazioni (id_studente, anno, data, orario, tipo, motivazione, stato, creata_il)
     VALUES (?, ?, ?, ?, ?, ?, 'attiva', ?)`,
  );
  const cancelBooking = db.prepare<[string, number], unknown>(
    "UPDATE assenze_prenotazioni SET stato = 'annullata', annullata_il = ? WHERE id = ? AND stato = 'attiva'",
  );

  return {
    absences: (studentId: number, anno: string): Absence[] => absences.all(studentId, anno).map(toAbsence),
    absence(id: number, studentId: number, anno: string): Absence | undefined {
      const row = absence.get(id, studentId, anno);
      return row ? toAbsence(row) : undefined;
    },
    /** Justifies once: an absence no longer justifiable is left as it is. */
    justify: (id: number, motivazione: string, codice: string, at: string): void => void justify.run(motivazione, codice, at, id),

    bookings: (studentId: number, anno: string, day?: string): Booking[] =>
      (day === undefined ? bookings.all(studentId, anno) : bookingsOn.all(studentId, anno, day)).map(toBooking),
    booking(id: number, studentId: number, anno: string): Booking | undefined {
      const row = booking.get(id, studentId, anno);
      return row ? toBooking(row) : undefined;
    },
    createBooking(studentId: number, anno: string, b: { data: string; orario: string; tipo: BookingKind; motivazione: string; creata_il: string }): number {
      return Number(insertBooking.run(studentId, anno, b.data, b.orario, b.tipo, b.motivazione, b.creata_il).lastInsertRowid);
    },
    cancelBooking: (id: number, at: string): void => void cancelBooking.run(at, id),
  };
}

export type AssenzeRepository = ReturnType<typeof assenzeRepository>;
