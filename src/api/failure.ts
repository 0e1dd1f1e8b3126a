import type { ActionFailure } from '../domain/failure';
import { isApiError } from './client';

/** Any rejection as an ActionFailure: an API error keeps its status and the server's words. */
export const failureOf = (e: unknown): ActionFailure =>
  isApiError(e) ? { status: e.status, detail: e.detail, error: e.code } : { status: null, detail: null, error: null };
