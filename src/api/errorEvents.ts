import { isApiError } from './client';

/** A failed call as the API error dialog sees it (docs/product.md#api-error-dialog): the status and what the server said. */
export interface ApiErrorReport {
  status: number;
  /** The contract's Error.detail (for 901, the school's message). */
  detail: string | null;
  /** The contract's Error.error (for 409, the text to show). */
  error: string | null;
}

/**
 * What goes to the dialog. Aborted calls are not failures: null (cancelled queries are left out by
 * the query client itself). A thrown value that is not an ApiError is a fault of ours, not an answer
 * of the server: the 500 text, without sign-out.
 */
export function toApiErrorReport(error: unknown): ApiErrorReport | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (isApiError(error)) return { status: error.status, detail: error.detail, error: error.code };
  return { status: 500, detail: null, error: null };
}

export type ApiErrorListener = (report: ApiErrorReport) => void;

/**
 * The one channel between the query client (which sees every failed query and mutation) and the
 * API error dialog (created later, once the router and the session exist).
 */
export function createErrorEvents() {
  const listeners = new Set<ApiErrorListener>();
  return {
    report(error: unknown) {
      const report = toApiErrorReport(error);
      if (report) for (const listener of listeners) listener(report);
    },
    subscribe(listener: ApiErrorListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type ErrorEvents = ReturnType<typeof createErrorEvents>;
