import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { failureOf } from './failure';

describe('failureOf', () => {
  it("keeps the status and what the server said; anything else is a fault of ours, with no status", () => {
    expect(failureOf(new ApiError(409, 'Conflict', 'Già giustificata'))).toEqual({ status: 409, detail: 'Conflict', error: 'Già giustificata' });
    expect(failureOf(new TypeError('x'))).toEqual({ status: null, detail: null, error: null });
  });
});
