import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { customDateFilter, dateFilterBounds, readDateFilter, resolveDateFilter, saveDateFilter } from './dateFilter';
import { readNavigationState, recordNavigation } from './navigationState';
import { DATE_FILTER_KEY, NAVIGATION_STATE_KEY, type KeyValueStorage } from './tabStorage';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const SCOPE = { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' };
const at = (path: string) => ({ path, scope: SCOPE, savedAt: '2026-11-20T08:00:00Z' });
const FILTER = { choice: { kind: 'quick', filter: 'today' }, from: '2026-11-20', to: '2026-11-20' } as const;
const PERIODS = [
  { numero: 1, data_inizio: '2026-09-14', data_fine: '2027-01-23' },
  { numero: 2, data_inizio: '2027-01-24', data_fine: '2027-06-08' },
];
const TODAY = Temporal.PlainDate.from('2026-11-20');

describe('navigation state', () => {
  it('saves every navigation under one fixed key', () => {
    const storage = memoryStorage();
    recordNavigation(storage, at('/home'), { clearsDateFilter: false });
    recordNavigation(storage, at('/voti'), { clearsDateFilter: true });
    expect([...storage.data.keys()]).toEqual([NAVIGATION_STATE_KEY]);
    expect(readNavigationState(storage)).toEqual(at('/voti'));
  });

  it('clears the date filter when a conditional section opens, not for sign-in-only ones', () => {
    const storage = memoryStorage();
    saveDateFilter(storage, FILTER);
    recordNavigation(storage, at('/home'), { clearsDateFilter: false });
    expect(readDateFilter(storage)).toEqual(FILTER);
    recordNavigation(storage, at('/voti'), { clearsDateFilter: true });
    expect(storage.data.has(DATE_FILTER_KEY)).toBe(false);
  });

  it('keeps the filter when the same section is loaded again (a reload)', () => {
    const storage = memoryStorage();
    recordNavigation(storage, at('/assenze'), { clearsDateFilter: true });
    saveDateFilter(storage, FILTER);
    recordNavigation(storage, at('/assenze'), { clearsDateFilter: true });
    expect(readDateFilter(storage)).toEqual(FILTER);
  });

  it('reads nothing from a damaged or foreign value, and survives a storage that throws', () => {
    expect(readNavigationState(memoryStorage({ [NAVIGATION_STATE_KEY]: '{not json' }))).toBeNull();
    expect(readNavigationState(memoryStorage({ [NAVIGATION_STATE_KEY]: '{"path":1}' }))).toBeNull();
    expect(readDateFilter(memoryStorage({ [DATE_FILTER_KEY]: '{"choice":{"kind":"quick","filter":"ieri"},"from":"2026-11-19","to":"2026-11-19"}' }))).toBeNull();
    expect(readDateFilter(memoryStorage({ [DATE_FILTER_KEY]: '{"choice":{"kind":"custom"},"from":"2026-11-21","to":"2026-11-19"}' }))).toBeNull();
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => recordNavigation(broken, at('/voti'), { clearsDateFilter: true })).not.toThrow();
    expect(readDateFilter(broken)).toBeNull();
  });
});

describe('date filter values', () => {
  it('resolves the quick filters, today counting as one of the last N days', () => {
    const r = (filter: 'today' | 'tomorrow' | 'last30' | 'last90') => resolveDateFilter({ kind: 'quick', filter }, { today: TODAY, periods: PERIODS });
    expect(r('today')).toMatchObject({ from: '2026-11-20', to: '2026-11-20' });
    expect(r('tomorrow')).toMatchObject({ from: '2026-11-21', to: '2026-11-21' });
    expect(r('last30')).toMatchObject({ from: '2026-10-22', to: '2026-11-20' });
    expect(r('last90')).toMatchObject({ from: '2026-08-23', to: '2026-11-20' });
  });

  it('resolves a whole month, February of a leap year included', () => {
    expect(resolveDateFilter({ kind: 'month', month: '2028-02' }, { today: TODAY, periods: PERIODS })).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('resolves a period from 00:00:00 of its first day to 23:59:59 of its last', () => {
    const value = resolveDateFilter({ kind: 'period', numero: 2 }, { today: TODAY, periods: PERIODS })!;
    expect(value).toMatchObject({ from: '2027-01-24', to: '2027-06-08' });
    const { start, end } = dateFilterBounds(value);
    expect(start.toPlainDateTime().toString()).toBe('2027-01-24T00:00:00');
    expect(end.toPlainDateTime().toString()).toBe('2027-06-08T23:59:59');
    expect(resolveDateFilter({ kind: 'period', numero: 3 }, { today: TODAY, periods: PERIODS })).toBeNull();
  });

  it('accepts a custom range only when both days are real and in order', () => {
    expect(customDateFilter('2026-11-01', '2026-11-20')).toEqual({ choice: { kind: 'custom' }, from: '2026-11-01', to: '2026-11-20' });
    expect(customDateFilter('2026-11-20', '2026-11-20')).not.toBeNull();
    expect(customDateFilter('2026-11-21', '2026-11-20')).toBeNull();
    expect(customDateFilter('2026-02-30', '2026-03-01')).toBeNull();
    expect(customDateFilter('', '2026-03-01')).toBeNull();
  });

  it('round-trips through storage and forgets on null', () => {
    const storage = memoryStorage();
    saveDateFilter(storage, FILTER);
    expect(readDateFilter(storage)).toEqual(FILTER);
    saveDateFilter(storage, null);
    expect(readDateFilter(storage)).toBeNull();
  });
});
