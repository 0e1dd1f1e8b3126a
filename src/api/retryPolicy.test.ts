import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import {
  BACKOFF_MAX_MS,
  READ_RETRIES,
  RETRY_AFTER_MAX_MS,
  readAttempts,
  readRetryDelay,
  shouldRetryRead,
  worstBackoffMs,
} from './retryPolicy';

const err = (status: number, code: string | null = null, retryAfter: number | null = null) => new ApiError(status, null, code, retryAfter);

describe('read retry policy', () => {
  it.each([0, 408, 500, 502, 503, 504])('retries status %i a bounded number of times', (status) => {
    for (let n = 0; n < READ_RETRIES; n++) expect(shouldRetryRead(n, err(status))).toBe(true);
    expect(shouldRetryRead(READ_RETRIES, err(status))).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 418, 422, 429, 501, 901])('never retries status %i', (status) => {
    expect(shouldRetryRead(0, err(status))).toBe(false);
  });

  it('tries a timed-out read once more only', () => {
    expect(shouldRetryRead(0, err(0, 'timeout'))).toBe(true);
    expect(shouldRetryRead(1, err(0, 'timeout'))).toBe(false);
  });

  it('does not retry what is not an API failure (a fault of ours), nor a refusal while offline', () => {
    expect(shouldRetryRead(0, new Error('boom'))).toBe(false);
    expect(shouldRetryRead(0, new DOMException('x', 'AbortError'))).toBe(false);
    expect(shouldRetryRead(0, err(0, 'offline'))).toBe(false);
  });

  it('backs off exponentially with jitter, within [step/2, step]', () => {
    const low = [0, 1, 2, 3, 10].map((n) => readRetryDelay(n, err(500), () => 0));
    const high = [0, 1, 2, 3, 10].map((n) => readRetryDelay(n, err(500), () => 1));
    expect(low).toEqual([150, 300, 600, 1200, BACKOFF_MAX_MS / 2]);
    expect(high).toEqual([300, 600, 1200, 2400, BACKOFF_MAX_MS]);
    const some = readRetryDelay(1, err(0), () => 0.5);
    expect(some).toBe(450);
  });

  it("honours a 503's Retry-After, capped", () => {
    expect(readRetryDelay(0, err(503, null, 2), () => 0)).toBe(2000);
    expect(readRetryDelay(0, err(503, null, 0), () => 0)).toBe(0);
    expect(readRetryDelay(0, err(503, null, 3600), () => 0)).toBe(RETRY_AFTER_MAX_MS);
    // Without Retry-After, the backoff.
    expect(readRetryDelay(0, err(503), () => 1)).toBe(300);
    // Only a 503's: a 500 with Retry-After still backs off.
    expect(readRetryDelay(0, err(500, null, 3), () => 1)).toBe(300);
  });

  it('counts the attempts a test must fault, and bounds the waits', () => {
    expect(readAttempts(500)).toBe(READ_RETRIES + 1);
    expect(readAttempts(0)).toBe(READ_RETRIES + 1);
    expect(readAttempts(401)).toBe(2);
    expect(readAttempts(404)).toBe(1);
    expect(worstBackoffMs()).toBe(300 + 600 + 1200);
  });
});
