/** Test model inputs of the entry/exit bookings, shared by its unit model test and the browser transition suite. */
import type { BookingFields, BookingLike } from '../../domain/absences';
import type { ActionFailure } from '../../domain/failure';
import type { entryExitBookingMachine, EntryExitBookingInput } from '../entryExitBooking.machine';
import type { ModelEvent } from './model';

const MODEL_INPUT: EntryExitBookingInput = { minDate: '2026-11-21', options: { entrata: ['09:00', '10:00', '11:00'], uscita: ['10:00', '11:00', '12:00'] } };
const VALID: BookingFields = { data: '2026-11-23', orario: '09:00', tipo: 'entrata', motivazione: 'Visita medica.' };
const EMPTY: BookingFields = { data: '', orario: '', tipo: '', motivazione: '' };
/** Today, after the cut-off. */
const TOO_EARLY: BookingFields = { ...VALID, data: '2026-11-20' };
const ACTIVE: BookingLike = { id: 5, data: '2026-11-24', orario: '12:00', tipo: 'uscita', stato: 'attiva' };

/**
 * Test model inputs, shared by the unit model test and QA's browser transition suite: every event
 * the machine can see, with each kind of form and each outcome of the calls.
 */
export const entryExitBookingModel = {
  input: MODEL_INPUT,
  fields: { valid: VALID, empty: EMPTY, tooEarly: TOO_EARLY },
  events: [
    { type: 'booking.submitted', fields: VALID },
    { type: 'booking.submitted', fields: EMPTY },
    { type: 'booking.submitted', fields: TOO_EARLY },
    { type: 'booking.cancelRequested', booking: ACTIVE },
    { type: 'booking.cancelDismissed' },
    { type: 'booking.cancelConfirmed' },
    { type: 'xstate.done.actor.createBooking', output: { id: 40, data: VALID.data, orario: VALID.orario, tipo: 'entrata', stato: 'attiva' } },
    { type: 'xstate.error.actor.createBooking', error: { status: 409, detail: 'Conflict', error: 'Esiste già una prenotazione di entrata attiva per il 23-11-2026' } satisfies ActionFailure },
    { type: 'xstate.done.actor.cancelBooking', output: { ...ACTIVE, stato: 'annullata' } },
    { type: 'xstate.error.actor.cancelBooking', error: { status: 409, detail: 'Conflict', error: 'La prenotazione è già stata annullata' } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof entryExitBookingMachine>[],
};
