import type { ActionFailure } from '../domain/failure';
import { isApiError, NETWORK_ERROR_STATUS, OFFLINE_CODE } from './client';

/** Any rejection as an ActionFailure: an API error keeps its status and the server's words. */
export const failureOf = (e: unknown): ActionFailure =>
  isApiError(e) ? { status: e.status, detail: e.detail, error: e.code } : { status: null, detail: null, error: null };

/**
 * A write that got no answer (a dropped connection, the client's timeout) may well have been applied:
 * the server's state is read again to tell (README "Reliability"). A write refused offline was never
 * sent, and any answer of the server says what happened itself.
 */
export const outcomeUnknown = (e: unknown) => isApiError(e) && e.status === NETWORK_ERROR_STATUS && e.code !== OFFLINE_CODE;
