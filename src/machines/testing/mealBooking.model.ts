/** Test model inputs of the meal booking, shared by its unit model test and the browser transition suite. */
import type { ActionFailure } from '../../domain/failure';
import type { MealDay } from '../../domain/meals';
import type { mealBookingMachine, MealDayShown } from '../mealBooking.machine';
import type { ModelEvent } from './model';

const BOOKED_DAY = (codice: string): MealDay => ({
  id: 11,
  data: '2026-11-20',
  scadenza: '2026-11-20T09:30:00+01:00',
  prenotabile: true,
  descrizione: 'Risotto alla milanese',
  id_pasto_precedente: 10,
  id_pasto_successivo: 12,
  servizi: ['--', 'PC', 'PB', 'VEG'].map((c) => ({ codice: c, descrizione: c, selezionato: c === codice })),
});

/**
 * Test model inputs, shared by the unit model test and the browser transition suite: a day before
 * its deadline, one after it, and every outcome of the booking call.
 */
export const mealBookingModel = {
  /** Today before its 09:30 deadline, and yesterday, past it (the pinned clock is 09:00). */
  days: { open: { id: 11, open: true } satisfies MealDayShown, closed: { id: 10, open: false } satisfies MealDayShown },
  tooLate: 'Il termine per la prenotazione è scaduto',
  events: [
    { type: 'meal.dayShown', day: { id: 11, open: true } },
    { type: 'meal.dayShown', day: { id: 10, open: false } },
    { type: 'meal.chosen', codice: 'PC' },
    { type: 'xstate.done.actor.bookMeal', output: BOOKED_DAY('PC') },
    { type: 'xstate.error.actor.bookMeal', error: { status: 409, detail: 'Conflict', error: 'Il termine per la prenotazione è scaduto' } satisfies ActionFailure },
    { type: 'xstate.error.actor.bookMeal', error: { status: 500, detail: 'Errore interno', error: 'internal' } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof mealBookingMachine>[],
};
