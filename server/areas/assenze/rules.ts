import type { Schemas } from '../../shared/contract';

/** Vocabulary and rules of the assenze area (see openapi/src/assenze.yaml). */

// The contract leaves these optional for real backends that omit them; the reference server always sends them.
export type TipoAssenza = NonNullable<Schemas['Absence']['tipo_assenza']>;
export type Giustificata = NonNullable<Schemas['Absence']['giustificata']>;
export type BookingKind = Schemas['AbsenceBooking']['tipo'];

/** Register symbols: C = course presence, AD = distance-learning absence (docs/product.md#absences). */
export const SYMBOL_OF: Record<TipoAssenza, string> = {
  assenza: 'A',
  ritardo: 'R',
  uscita: 'U',
  dad: 'AD',
  corso: 'C',
};

/** docs/product.md#absences: red unjustified, green justified, blue when no justification is required. */
export const COLOUR_OF: Record<Giustificata, string> = {
  NO: '#C62828',
  SI: '#1E7B34',
  '': '#1565C0',
};

export type Reason = Schemas['AbsenceReason'];

/** Justification reasons: `normale` for every event, `dad` for distance-learning absences. */
export const REASONS: { normale: Reason[]; dad: Reason[] } = {
  normale: [
    { codice: 'SAL', descrizione: 'Motivi di salute' },
    { codice: 'VIS', descrizione: 'Visita medica o esami clinici' },
    { codice: 'FAM', descrizione: 'Motivi familiari' },
    { codice: 'TRA', descrizione: 'Problemi di trasporto' },
    { codice: 'SPO', descrizione: 'Attività sportiva agonistica' },
    { codice: 'ALT', descrizione: 'Altro' },
  ],
  dad: [
    { codice: 'CON', descrizione: 'Problemi di connessione' },
    { codice: 'DIS', descrizione: 'Dispositivo non disponibile' },
    { codice: 'SAL', descrizione: 'Motivi di salute' },
    { codice: 'ALT', descrizione: 'Altro' },
  ],
};

export type BookingOption = Schemas['AbsenceBookingOption'];

/** Times a family may book an entry or an exit at (lessons start at 08:00, hours of 60 minutes). */
export const BOOKING_OPTIONS: Record<BookingKind, BookingOption[]> = {
  entrata: [
    { orario: '09:00', descrizione: "Ingresso all'inizio della seconda ora" },
    { orario: '10:00', descrizione: "Ingresso all'inizio della terza ora" },
    { orario: '11:00', descrizione: "Ingresso all'inizio della quarta ora" },
  ],
  uscita: [
    { orario: '10:00', descrizione: 'Uscita al termine della seconda ora' },
    { orario: '11:00', descrizione: 'Uscita al termine della terza ora' },
    { orario: '12:00', descrizione: 'Uscita al termine della quarta ora' },
  ],
};

export const KIND_PLURAL: Record<BookingKind, string> = { entrata: 'entrate', uscita: 'uscite' };
