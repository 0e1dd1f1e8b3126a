/** Test model inputs of the meeting slot booking, shared by its unit model test and the browser transition suite. */
import type { ActionFailure } from '../../domain/failure';
import type { slotBookingMachine, SlotChoice } from '../slotBooking.machine';
import type { ModelEvent } from './model';

const FREE: SlotChoice = { meeting: { id: 7013, docente: 'Prof. Giovanni Ferrari', data: '2026-11-26' }, slot: { numero: 3, orario: '10:20' } };
const MINE: SlotChoice = { meeting: { id: 7012, docente: 'Prof.ssa Anna Bianchi', data: '2026-11-21' }, slot: { numero: 2, orario: '11:10' } };

/**
 * Test model inputs, shared by the unit model test and the browser transition suite: every event
 * the machine can see, and each outcome of the calls.
 */
export const slotBookingModel = {
  choices: { free: FREE, mine: MINE },
  events: [
    { type: 'slot.chosen', choice: FREE },
    { type: 'booking.cancelRequested', choice: MINE },
    { type: 'choice.confirmed' },
    { type: 'choice.dismissed' },
    { type: 'xstate.done.actor.bookSlot', output: {} },
    { type: 'xstate.error.actor.bookSlot', error: { status: 409, detail: 'Conflict', error: 'Lo slot delle 10:20 è già stato prenotato' } satisfies ActionFailure },
    { type: 'xstate.error.actor.bookSlot', error: { status: 500, detail: 'Errore interno', error: 'internal' } satisfies ActionFailure },
    { type: 'xstate.done.actor.cancelBooking', output: {} },
    { type: 'xstate.error.actor.cancelBooking', error: { status: 409, detail: 'Conflict', error: 'Il colloquio è già iniziato: la prenotazione non si può annullare' } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof slotBookingMachine>[],
};
