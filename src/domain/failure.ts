/** Why a call failed, as the screen words it (docs/product.md#a-failed-action): the status and what the server said. */
export interface ActionFailure {
  /** null: not an answer of the server (a fault of ours). */
  status: number | null;
  detail: string | null;
  /** The contract's Error.error: on 409 the text to show. */
  error: string | null;
}

/** No answer at all (a dropped connection, the client's timeout, a write refused offline): status 0. */
export const NETWORK_ERROR_STATUS = 0;
/** `error` (status 0) of a call the client gave up waiting for after its timeout. */
export const TIMEOUT_CODE = 'timeout';
/** `error` (status 0) of a write refused because the browser is offline: it was never sent. */
export const OFFLINE_CODE = 'offline';

/** 409: the server refused because the state changed meanwhile; its `error` is the sentence to show. */
export const isConflict = (f: ActionFailure) => f.status === 409;

/**
 * A write that got no answer (a dropped connection, the client's timeout) may well have been applied:
 * the server's state is read again to tell (README "Reliability"). A write refused offline was never
 * sent, and any answer of the server says what happened itself.
 */
export const outcomeUnknown = (f: ActionFailure) => f.status === NETWORK_ERROR_STATUS && f.error !== OFFLINE_CODE;
