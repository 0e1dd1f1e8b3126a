import { assign, fromPromise, setup } from 'xstate';
import { isConflict, type ActionFailure } from '../domain/failure';
import type { Meeting } from '../domain/records';

/** What the dialog and the result talk about: the meeting and the slot chosen. */
export interface SlotChoice {
  meeting: Pick<Meeting, 'id' | 'docente' | 'data'>;
  slot: { numero: number; orario: string };
}

export type SlotBookingOutcome =
  | { kind: 'booked'; choice: SlotChoice }
  /** 409: the slot was taken meanwhile, or the meeting started: the server's words are shown. */
  | { kind: 'refused'; choice: SlotChoice; failure: ActionFailure }
  | { kind: 'failed'; action: 'book' | 'cancel'; choice: SlotChoice; failure: ActionFailure }
  | { kind: 'cancelled'; choice: SlotChoice };

export interface SlotBookingContext {
  choice: SlotChoice | null;
  outcome: SlotBookingOutcome | null;
}

export type SlotBookingEvent =
  | { type: 'slot.chosen'; choice: SlotChoice }
  | { type: 'booking.cancelRequested'; choice: SlotChoice }
  | { type: 'choice.confirmed' }
  | { type: 'choice.dismissed' };

/** What every resting state accepts: a new choice, or a cancellation to confirm. */
const resting = {
  'slot.chosen': { target: 'confirmingBooking', actions: 'rememberChoice' },
  'booking.cancelRequested': { target: 'confirmingCancel', actions: 'rememberChoice' },
} as const;

/**
 * Booking a meeting slot (both meeting screens): choose a slot → confirm → booking → booked,
 * refused (409, the slot taken meanwhile) or failed; cancel a booking → confirm → cancelling →
 * cancelled or failed. One action at a time: while a call runs other choices are ignored, so a
 * double click books once. The last outcome stays on screen until the next action is confirmed.
 */
export const slotBookingMachine = setup({
  types: {
    context: {} as SlotBookingContext,
    events: {} as SlotBookingEvent,
  },
  actions: {
    rememberChoice: assign({ choice: ({ event }) => ('choice' in event ? event.choice : null) }),
  },
  actors: {
    bookSlot: fromPromise<unknown, { meetingId: number; slot: number }>(async () => {
      throw new Error('bookSlot actor not provided');
    }),
    cancelBooking: fromPromise<unknown, { meetingId: number }>(async () => {
      throw new Error('cancelBooking actor not provided');
    }),
  },
}).createMachine({
  id: 'slotBooking',
  context: { choice: null, outcome: null },
  initial: 'idle',
  states: {
    idle: { on: resting },
    confirmingBooking: {
      on: {
        'choice.confirmed': { target: 'booking', actions: assign({ outcome: null }) },
        'choice.dismissed': { target: 'idle', actions: assign({ choice: null }) },
      },
    },
    booking: {
      invoke: {
        id: 'bookSlot',
        src: 'bookSlot',
        input: ({ context }) => ({ meetingId: context.choice!.meeting.id, slot: context.choice!.slot.numero }),
        onDone: { target: 'booked', actions: assign({ outcome: ({ context }) => ({ kind: 'booked' as const, choice: context.choice! }) }) },
        onError: [
          {
            guard: ({ event }) => isConflict(event.error as ActionFailure),
            target: 'refused',
            actions: assign({ outcome: ({ context, event }) => ({ kind: 'refused' as const, choice: context.choice!, failure: event.error as ActionFailure }) }),
          },
          {
            target: 'failed',
            actions: assign({
              outcome: ({ context, event }) => ({ kind: 'failed' as const, action: 'book' as const, choice: context.choice!, failure: event.error as ActionFailure }),
            }),
          },
        ],
      },
    },
    booked: { on: resting },
    refused: { on: resting },
    failed: { on: resting },
    confirmingCancel: {
      on: {
        'choice.confirmed': { target: 'cancelling', actions: assign({ outcome: null }) },
        'choice.dismissed': { target: 'idle', actions: assign({ choice: null }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelBooking',
        src: 'cancelBooking',
        input: ({ context }) => ({ meetingId: context.choice!.meeting.id }),
        onDone: { target: 'cancelled', actions: assign({ outcome: ({ context }) => ({ kind: 'cancelled' as const, choice: context.choice! }) }) },
        onError: {
          target: 'failed',
          actions: assign({
            outcome: ({ context, event }) => ({ kind: 'failed' as const, action: 'cancel' as const, choice: context.choice!, failure: event.error as ActionFailure }),
          }),
        },
      },
    },
    cancelled: { on: resting },
  },
});
