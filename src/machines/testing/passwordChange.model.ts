/** Test model inputs of the password change, shared by its unit model test and QA's browser transition suite. */
import type { ActionFailure } from '../../domain/failure';
import type { passwordChangeMachine, PasswordFields } from '../passwordChange.machine';
import type { ModelEvent } from './model';

const fields = (oldPassword: string, newPassword: string, confirmation: string): PasswordFields => ({ oldPassword, newPassword, confirmation });
const VALID = fields('Demo.2026!', 'Nuova.Password7', 'Nuova.Password7');
const MISMATCH = fields('Demo.2026!', 'Nuova.Password7', 'Nuova.Password8');
const EMPTY_FIELD = fields('Demo.2026!', '', '');
const SAME_AS_OLD = fields('Demo.2026!', 'Demo.2026!', 'Demo.2026!');

export const passwordChangeModel = {
  fields: { valid: VALID, mismatch: MISMATCH, emptyField: EMPTY_FIELD, sameAsOld: SAME_AS_OLD },
  wrongCurrent: 'Attenzione, controlla che la password corrente sia corretta',
  /** Every event the dialog can send, with each kind of form, and each outcome of the call. */
  events: [
    { type: 'password.submitted', fields: VALID },
    { type: 'password.submitted', fields: MISMATCH },
    { type: 'password.submitted', fields: EMPTY_FIELD },
    { type: 'password.submitted', fields: SAME_AS_OLD },
    { type: 'password.visibilityToggled' },
    { type: 'xstate.done.actor.changePassword', output: undefined },
    { type: 'xstate.error.actor.changePassword', error: { status: 409, detail: 'Attenzione, controlla che la password corrente sia corretta', error: 'password_errata' } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof passwordChangeMachine>[],
};
