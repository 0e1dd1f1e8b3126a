import { assign, emit, fromPromise, setup } from 'xstate';
import {
  hasBookingErrors,
  validateBooking,
  type BookingErrors,
  type BookingFields,
  type BookingKind,
  type BookingLike,
  type BookingRequest,
} from '../domain/absences';
import type { ActionFailure } from '../domain/failure';


export type BookingOutcome =
  | { kind: 'invalid'; errors: BookingErrors }
  | { kind: 'created'; booking: BookingLike }
  | { kind: 'createFailed'; failure: ActionFailure }
  | { kind: 'cancelled'; booking: BookingLike }
  | { kind: 'cancelFailed'; booking: BookingLike; failure: ActionFailure };

export interface EntryExitBookingInput {
  /** First bookable day (ISO), from the school's cut-off (see firstBookableDate). */
  minDate: string;
  /** The times the school offers per kind, when known. */
  options?: Partial<Record<BookingKind, readonly string[]>>;
}

export interface EntryExitBookingContext extends EntryExitBookingInput {
  submitted: BookingFields | null;
  outcome: BookingOutcome | null;
  /** The booking the confirmation dialog asks about, and then cancels. */
  toCancel: BookingLike | null;
}

export type EntryExitBookingEvent =
  /** The fields travel with the submission: the form owns what is typed, so nothing is lost on an error. */
  | { type: 'booking.submitted'; fields: BookingFields }
  | { type: 'booking.cancelRequested'; booking: BookingLike }
  | { type: 'booking.cancelDismissed' }
  | { type: 'booking.cancelConfirmed' };

/** Told to the screen when a booking was created: the form starts again empty. */
export type EntryExitBookingEmitted = { type: 'booking.created'; booking: BookingLike };

const requestOf = (f: BookingFields): BookingRequest => ({
  data: f.data,
  orario: f.orario,
  tipo_assenza: f.tipo as BookingKind,
  motivazione: f.motivazione.trim(),
});

/**
 * Entry/exit bookings (docs/product.md#absences): create with date, time, type and reason, all required and the
 * date not before the school's cut-off allows; cancel by PATCH after a confirmation. One action at
 * a time: while creating or cancelling, other requests are ignored (a double click sends one).
 */
export const entryExitBookingMachine = setup({
  types: {
    input: {} as EntryExitBookingInput,
    context: {} as EntryExitBookingContext,
    events: {} as EntryExitBookingEvent,
    emitted: {} as EntryExitBookingEmitted,
  },
  actors: {
    createBooking: fromPromise<BookingLike, BookingRequest>(async () => {
      throw new Error('createBooking actor not provided');
    }),
    cancelBooking: fromPromise<BookingLike, { id: number }>(async () => {
      throw new Error('cancelBooking actor not provided');
    }),
  },
  guards: {
    isInvalid: ({ context }, p: { fields: BookingFields }) => hasBookingErrors(validateBooking(p.fields, context)),
  },
}).createMachine({
  id: 'entryExitBooking',
  context: ({ input }) => ({ ...input, submitted: null, outcome: null, toCancel: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'booking.submitted': [
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ fields: event.fields }) },
            actions: assign({ outcome: ({ context, event }) => ({ kind: 'invalid' as const, errors: validateBooking(event.fields, context) }) }),
          },
          { target: 'creating', actions: assign({ submitted: ({ event }) => event.fields, outcome: null }) },
        ],
        'booking.cancelRequested': { target: 'confirmingCancel', actions: assign({ toCancel: ({ event }) => event.booking }) },
      },
    },
    creating: {
      invoke: {
        id: 'createBooking',
        src: 'createBooking',
        input: ({ context }) => requestOf(context.submitted!),
        onDone: {
          target: 'editing',
          actions: [
            assign({ submitted: null, outcome: ({ event }) => ({ kind: 'created' as const, booking: event.output }) }),
            emit(({ event }) => ({ type: 'booking.created' as const, booking: event.output })),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ outcome: ({ event }) => ({ kind: 'createFailed' as const, failure: event.error as ActionFailure }) }),
        },
      },
    },
    confirmingCancel: {
      on: {
        'booking.cancelDismissed': { target: 'editing', actions: assign({ toCancel: null }) },
        'booking.cancelConfirmed': { target: 'cancelling' },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelBooking',
        src: 'cancelBooking',
        input: ({ context }) => ({ id: context.toCancel!.id }),
        onDone: {
          target: 'editing',
          actions: assign({ toCancel: null, outcome: ({ event }) => ({ kind: 'cancelled' as const, booking: event.output }) }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            outcome: ({ context, event }) => ({ kind: 'cancelFailed' as const, booking: context.toCancel!, failure: event.error as ActionFailure }),
            toCancel: null,
          }),
        },
      },
    },
  },
});
