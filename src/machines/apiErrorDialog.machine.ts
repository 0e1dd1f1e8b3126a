import { assign, enqueueActions, setup } from 'xstate';
import type { ApiErrorReport } from '../api/errorEvents';

/** Status the school's backend uses for "show this message, then go Home" (docs/product.md#api-error-dialog). */
export const SCHOOL_MESSAGE_STATUS = 901;
/** A failed call with no HTTP answer at all (see api/client.ts). */
export const NETWORK_STATUS = 0;
/** Statuses that also mean the token could not be verified (docs/product.md#api-error-dialog). */
export const TOKEN_VERIFICATION_STATUSES: readonly number[] = [400, 401];

export type ApiErrorDialogEvent =
  | ({ type: 'apiError.raised' } & ApiErrorReport)
  | { type: 'dialog.dismissed' }
  | { type: 'dialog.reload' };

export interface ApiErrorDialogContext {
  /** The failure on screen; null while the dialog is closed. */
  shown: ApiErrorReport | null;
}

/** Which of the dialog's states a status opens (docs/product.md#api-error-dialog). */
const BY_STATUS = [
  [SCHOOL_MESSAGE_STATUS, 'schoolMessage'],
  [401, 'sessionExpired'],
  [403, 'forbidden'],
  [404, 'notFound'],
  [408, 'timeout'],
  [409, 'conflict'],
  [500, 'serverError'],
  [NETWORK_STATUS, 'offline'],
] as const;

/**
 * The API error dialog (docs/product.md#api-error-dialog): one failure at a time, its text and follow-up chosen by status.
 * - 901: the server's message (detail), then Home;
 * - 401, 403 and any status not listed: the status's text, then sign-out;
 * - 404, 409 (the server's `error` text), 500: the text only;
 * - 408: Annulla, or Ricarica pagina which reloads;
 * - no answer at all (status 0, not an HTTP status): the connection text only. Signing out someone
 *   whose train went into a tunnel would lose their work for nothing.
 * Statuses 400 and 401 also report a failed token verification (`notifyTokenVerificationFailed`),
 * whether or not the dialog is already open. While a dialog is open, later failures do not replace
 * it: a burst of failures usually has one cause, and the first one's follow-up is the one to keep.
 * Follow-ups with consequences (Home, sign-out) need the button; the others can be dismissed with
 * Escape too.
 */
export const apiErrorDialogMachine = setup({
  types: {
    context: {} as ApiErrorDialogContext,
    events: {} as ApiErrorDialogEvent,
  },
  actions: {
    /** Side effects the app provides (main.tsx): navigation, the session, the page. */
    goHome: () => {},
    signOut: () => {},
    reloadPage: () => {},
    notifyTokenVerificationFailed: () => {},
    reportTokenVerification: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'apiError.raised' && TOKEN_VERIFICATION_STATUSES.includes(event.status)) {
        enqueue('notifyTokenVerificationFailed');
      }
    }),
    remember: assign({
      shown: ({ event }) =>
        event.type === 'apiError.raised' ? { status: event.status, detail: event.detail, error: event.error } : null,
    }),
    forget: assign({ shown: null }),
  },
  guards: {
    hasStatus: ({ event }, params: { status: number }) => event.type === 'apiError.raised' && event.status === params.status,
  },
}).createMachine({
  id: 'apiErrorDialog',
  context: { shown: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forget',
      on: {
        'apiError.raised': [
          ...BY_STATUS.map(([status, state]) => ({
            guard: { type: 'hasStatus' as const, params: { status } },
            target: `showing.${state}`,
            actions: ['reportTokenVerification' as const, 'remember' as const],
          })),
          { target: 'showing.unexpected', actions: ['reportTokenVerification', 'remember'] },
        ],
      },
    },
    showing: {
      // Always entered through a status's own state; XState wants a default all the same.
      initial: 'unexpected',
      on: {
        'apiError.raised': { actions: 'reportTokenVerification' },
      },
      states: {
        schoolMessage: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle', actions: 'goHome' } } },
        sessionExpired: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle', actions: 'signOut' } } },
        forbidden: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle', actions: 'signOut' } } },
        notFound: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle' } } },
        timeout: {
          on: {
            'dialog.dismissed': { target: '#apiErrorDialog.idle' },
            'dialog.reload': { target: '#apiErrorDialog.idle', actions: 'reloadPage' },
          },
        },
        conflict: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle' } } },
        serverError: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle' } } },
        offline: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle' } } },
        unexpected: { on: { 'dialog.dismissed': { target: '#apiErrorDialog.idle', actions: 'signOut' } } },
      },
    },
  },
});

export type ApiErrorDialogSnapshot = ReturnType<typeof apiErrorDialogMachine.transition>;
export type ApiErrorDialogKind = (typeof BY_STATUS)[number][1] | 'unexpected';

/** The dialog's kind in a snapshot, or null when it is closed. */
export function dialogKindOf(snapshot: { value: unknown }): ApiErrorDialogKind | null {
  const value = snapshot.value;
  if (typeof value === 'object' && value !== null && 'showing' in value) {
    return (value as { showing: ApiErrorDialogKind }).showing;
  }
  return null;
}

/** Kinds whose follow-up matters (Home, sign-out): only the button closes them, never Escape. */
export const isDismissible = (kind: ApiErrorDialogKind) =>
  kind !== 'schoolMessage' && kind !== 'sessionExpired' && kind !== 'forbidden' && kind !== 'unexpected';
