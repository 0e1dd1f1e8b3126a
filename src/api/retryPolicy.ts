import { isApiError } from './client';
import { NETWORK_ERROR_STATUS, OFFLINE_CODE, TIMEOUT_CODE } from '../domain/failure';

export { CLIENT_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './client';

/**
 * When a failed read is tried again, and after how long (README "Reliability").
 *
 * - Reads (GET) are retried on no answer at all (a dropped connection, status 0), a client timeout,
 *   408, 500, 502, 503 and 504: at most READ_RETRIES times, waiting an exponential backoff with
 *   jitter between tries, or the `Retry-After` of a 503 when the server gives one (capped).
 * - A read that timed out is tried once more only: a backend that did not answer within the client's
 *   timeout is not waited for four times, so a screen's error state comes within the stated bound.
 * - Nothing else is retried: other 4xx answers will not change, 901 is the school's own message.
 * - Writes are never retried automatically (mutations keep TanStack's `retry: 0`, machines send each
 *   write once): see api/queryClient.ts.
 */

/** How many more times a failed read is tried (so READ_RETRIES + 1 attempts in all). */
export const READ_RETRIES = 3;
/** How many more times a read that timed out is tried. */
export const TIMED_OUT_READ_RETRIES = 1;
/** First backoff step and the longest wait between two tries. */
export const BACKOFF_BASE_MS = 300;
export const BACKOFF_MAX_MS = 4_000;
/** The longest a `Retry-After` is honoured between two tries. */
export const RETRY_AFTER_MAX_MS = 5_000;

const RETRYABLE_STATUSES = new Set([NETWORK_ERROR_STATUS, 408, 500, 502, 503, 504]);

const timedOut = (error: unknown) => isApiError(error) && error.code === TIMEOUT_CODE;

/** Whether a read that failed `failureCount` times (0 before the first retry) is tried again. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === OFFLINE_CODE) return false;
  if (!RETRYABLE_STATUSES.has(error.status)) return false;
  return failureCount < (timedOut(error) ? TIMED_OUT_READ_RETRIES : READ_RETRIES);
}

/**
 * How long to wait before try `failureCount + 1`: a 503's Retry-After when given (capped), else
 * half the exponential step plus a random share of the other half ("equal jitter": never zero,
 * never in step with the other tabs or calls that failed at the same moment).
 */
export function readRetryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  if (isApiError(error) && error.status === 503 && error.retryAfterSeconds !== null) {
    return Math.min(error.retryAfterSeconds * 1000, RETRY_AFTER_MAX_MS);
  }
  const step = Math.min(BACKOFF_BASE_MS * 2 ** failureCount, BACKOFF_MAX_MS);
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * How many times the app sends one read that keeps failing with `status` (401: once more with a
 * renewed token), for tests that fault every attempt.
 */
export function readAttempts(status: number): number {
  if (status === 401) return 2;
  return RETRYABLE_STATUSES.has(status) ? READ_RETRIES + 1 : 1;
}

/**
 * The longest a screen whose every read fails waits for its error state, beyond the answers' own
 * time: every retry's longest wait (the README states these bounds; tests/e2e/flaky-network.spec.ts).
 */
export const worstBackoffMs = (): number =>
  Array.from({ length: READ_RETRIES }, (_, n) => Math.min(BACKOFF_BASE_MS * 2 ** n, BACKOFF_MAX_MS)).reduce((a, b) => a + b, 0);
