import { assign, fromPromise, setup } from 'xstate';
import type { ActionFailure } from '../domain/failure';

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmation: string;
}

export const EMPTY_PASSWORD_FIELDS: PasswordFields = { oldPassword: '', newPassword: '', confirmation: '' };

/** docs/product.md#sign-in-and-session: submitting is possible only with all three fields filled and a new password different from the old one. */
export const canSubmitPassword = (f: PasswordFields) =>
  f.oldPassword !== '' && f.newPassword !== '' && f.confirmation !== '' && f.oldPassword !== f.newPassword;

/** What the last attempt ended with; the dialog words it with the spec's messages. */
export type PasswordOutcome =
  | { kind: 'mismatch' }
  | { kind: 'failed'; /** the server's reason when it refused a rule of the new password (400) */ detail: string | null };

export interface PasswordChangeContext {
  /** The fields of the attempt in flight (or of the last one). */
  submitted: PasswordFields | null;
  outcome: PasswordOutcome | null;
  /** One show/hide switch for the three fields. */
  visible: boolean;
}

export type PasswordChangeEvent =
  /** The fields travel with the submission: the form owns what is typed, so nothing is lost whatever happens. */
  | { type: 'password.submitted'; fields: PasswordFields }
  | { type: 'password.visibilityToggled' };

export const passwordOutcomeOf = (f: ActionFailure): PasswordOutcome => ({
  kind: 'failed',
  detail: f.status === 400 && f.error !== null && f.error.startsWith('password_') ? f.detail : null,
});

/**
 * Changing the password (docs/product.md#sign-in-and-session): editing → submitting → changed. A confirmation that differs
 * from the new password never reaches the server; a failure returns to editing with the reason;
 * a second submission while one is in flight is ignored (a double click sends one request).
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    changePassword: fromPromise<void, { oldPassword: string; newPassword: string }>(async () => {
      throw new Error('changePassword actor not provided');
    }),
  },
  guards: {
    isIncomplete: (_, p: { fields: PasswordFields }) => !canSubmitPassword(p.fields),
    isMismatch: (_, p: { fields: PasswordFields }) => p.fields.newPassword !== p.fields.confirmation,
  },
}).createMachine({
  id: 'passwordChange',
  context: { submitted: null, outcome: null, visible: false },
  initial: 'editing',
  on: {
    'password.visibilityToggled': { actions: assign({ visible: ({ context }) => !context.visible }) },
  },
  states: {
    editing: {
      on: {
        'password.submitted': [
          // The button is disabled then, but Enter in a field must not get round the rule either.
          { guard: { type: 'isIncomplete', params: ({ event }) => ({ fields: event.fields }) } },
          {
            guard: { type: 'isMismatch', params: ({ event }) => ({ fields: event.fields }) },
            actions: assign({ outcome: { kind: 'mismatch' } }),
          },
          { target: 'submitting', actions: assign({ submitted: ({ event }) => event.fields, outcome: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.submitted!.oldPassword, newPassword: context.submitted!.newPassword }),
        onDone: { target: 'changed', actions: assign({ submitted: null }) },
        onError: { target: 'editing', actions: assign({ outcome: ({ event }) => passwordOutcomeOf(event.error as ActionFailure) }) },
      },
    },
    changed: { type: 'final' },
  },
});
