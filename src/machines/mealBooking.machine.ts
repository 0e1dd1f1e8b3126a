import { assign, fromPromise, setup } from 'xstate';
import { isConflict, type ActionFailure } from '../domain/failure';
import type { MealDay } from '../domain/meals';

export interface MealDayShown {
  id: number;
  /** Whether the day can still be booked (deadline in the future, and the server agrees). */
  open: boolean;
}

export type MealBookingOutcome =
  | { kind: 'booked'; codice: string }
  /** 409: the deadline passed while the page was open; the server's text. */
  | { kind: 'tooLate'; message: string }
  | { kind: 'failed'; failure: ActionFailure };

export interface MealBookingContext {
  dayId: number | null;
  /** The code being sent: what the radio group shows while the server has not answered. */
  pending: string | null;
  outcome: MealBookingOutcome | null;
}

export type MealBookingEvent =
  /** The screen shows a day (first load, previous/next, or the same day closing on a refresh). */
  | { type: 'meal.dayShown'; day: MealDayShown }
  | { type: 'meal.chosen'; codice: string };

/**
 * Booking a day's meal (docs/product.md#meals): one choice at a time, sent as soon as it is made, only while the
 * day is open. A 409 means the deadline passed meanwhile: the day is closed from then on. Showing
 * another day starts again from that day's own state; while a booking is sent the screen does not
 * move to another day.
 */
export const mealBookingMachine = setup({
  types: {
    context: {} as MealBookingContext,
    events: {} as MealBookingEvent,
  },
  actors: {
    bookMeal: fromPromise<MealDay, { id: number; codice: string }>(async () => {
      throw new Error('bookMeal actor not provided');
    }),
  },
  actions: {
    show: assign((_, p: { day: MealDayShown }) => ({ dayId: p.day.id, pending: null, outcome: null })),
  },
  guards: {
    opensDay: (_, p: { day: MealDayShown }) => p.day.open,
    isTooLate: (_, p: { failure: ActionFailure }) => isConflict(p.failure),
  },
}).createMachine({
  id: 'mealBooking',
  context: { dayId: null, pending: null, outcome: null },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'meal.dayShown': [
          { guard: { type: 'opensDay', params: ({ event }) => ({ day: event.day }) }, target: 'choosing', actions: { type: 'show', params: ({ event }) => ({ day: event.day }) } },
          { target: 'closed', actions: { type: 'show', params: ({ event }) => ({ day: event.day }) } },
        ],
      },
    },
    choosing: {
      on: {
        'meal.chosen': { target: 'booking', actions: assign({ pending: ({ event }) => event.codice, outcome: null }) },
        'meal.dayShown': [
          { guard: { type: 'opensDay', params: ({ event }) => ({ day: event.day }) }, target: 'choosing', actions: { type: 'show', params: ({ event }) => ({ day: event.day }) } },
          { target: 'closed', actions: { type: 'show', params: ({ event }) => ({ day: event.day }) } },
        ],
      },
    },
    booking: {
      invoke: {
        id: 'bookMeal',
        src: 'bookMeal',
        input: ({ context }) => ({ id: context.dayId!, codice: context.pending! }),
        onDone: {
          target: 'choosing',
          actions: assign({ outcome: ({ context }) => ({ kind: 'booked' as const, codice: context.pending! }), pending: null }),
        },
        onError: [
          {
            guard: { type: 'isTooLate', params: ({ event }) => ({ failure: event.error as ActionFailure }) },
            target: 'closed',
            actions: assign({ pending: null, outcome: ({ event }) => ({ kind: 'tooLate' as const, message: (event.error as ActionFailure).error ?? '' }) }),
          },
          { target: 'choosing', actions: assign({ pending: null, outcome: ({ event }) => ({ kind: 'failed' as const, failure: event.error as ActionFailure }) }) },
        ],
      },
    },
    closed: {
      on: {
        'meal.dayShown': [
          { guard: { type: 'opensDay', params: ({ event }) => ({ day: event.day }) }, target: 'choosing', actions: { type: 'show', params: ({ event }) => ({ day: event.day }) } },
          { target: 'closed', actions: { type: 'show', params: ({ event }) => ({ day: event.day }) } },
        ],
      },
    },
  },
});
