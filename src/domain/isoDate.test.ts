import { describe, expect, it } from 'vitest';
import { isIsoDate } from './isoDate';

describe('isIsoDate', () => {
  it('accepts real calendar days only', () => {
    expect(['2026-11-20', '2028-02-29', '2000-02-29', '2026-12-31'].map(isIsoDate)).toEqual([true, true, true, true]);
    expect(['2026-02-29', '1900-02-29', '2026-13-01', '2026-04-31', '2026-11-00', '20261120', '', 20261120].map(isIsoDate)).toEqual([
      false, false, false, false, false, false, false, false,
    ]);
  });
});
