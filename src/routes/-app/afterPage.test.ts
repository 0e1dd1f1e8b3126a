import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyRouter } from '@tanstack/react-router';
import { afterPageIdle } from './afterPage';

/** The part of the router afterPageIdle reads: its state and its "resolved" event. */
function fakeRouter(state: { resolvedLocation?: object; isLoading: boolean; status: 'idle' | 'pending' }) {
  const listeners = new Set<() => void>();
  const router = {
    state,
    subscribe: (event: string, listener: () => void) => {
      expect(event).toBe('onResolved');
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const resolve = () => {
    state.resolvedLocation = {};
    state.isLoading = false;
    state.status = 'idle';
    listeners.forEach((l) => l());
  };
  return { router: router as unknown as AnyRouter, resolve, listening: () => listeners.size };
}

describe('afterPageIdle', () => {
  const idleCallbacks: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    idleCallbacks.length = 0;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idleCallbacks.push(run));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => (idleCallbacks[handle - 1] = () => {}));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const idleNow = () => idleCallbacks.splice(0).forEach((run) => run());

  it('waits for the first load, which has not started yet, then for an idle moment', () => {
    // Before its first load the router looks settled (neither loading nor pending): it is not.
    const { router, resolve, listening } = fakeRouter({ isLoading: false, status: 'idle' });
    const run = vi.fn();
    afterPageIdle(router, run);
    idleNow();
    expect(run).not.toHaveBeenCalled();
    resolve();
    expect(listening()).toBe(0);
    expect(run).not.toHaveBeenCalled();
    idleNow();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits only for an idle moment when the page has resolved', () => {
    const { router } = fakeRouter({ resolvedLocation: {}, isLoading: false, status: 'idle' });
    const run = vi.fn();
    afterPageIdle(router, run);
    expect(run).not.toHaveBeenCalled();
    idleNow();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a page whose calls hang after settleMs', () => {
    const { router, resolve, listening } = fakeRouter({ resolvedLocation: {}, isLoading: true, status: 'pending' });
    const run = vi.fn();
    afterPageIdle(router, run, { settleMs: 10_000 });
    vi.advanceTimersByTime(9_999);
    idleNow();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listening()).toBe(0);
    idleNow();
    expect(run).toHaveBeenCalledTimes(1);
    // The page resolving later does not run it again.
    resolve();
    idleNow();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, wherever it was waiting', () => {
    const loading = fakeRouter({ isLoading: true, status: 'pending' });
    const first = vi.fn();
    afterPageIdle(loading.router, first, { settleMs: 5_000 })();
    loading.resolve();
    vi.advanceTimersByTime(5_000);
    idleNow();
    expect(first).not.toHaveBeenCalled();

    const settled = fakeRouter({ resolvedLocation: {}, isLoading: false, status: 'idle' });
    const second = vi.fn();
    afterPageIdle(settled.router, second)();
    idleNow();
    expect(second).not.toHaveBeenCalled();
  });

  it('falls back to a timer where the browser has no idle callback (Safari)', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { router } = fakeRouter({ resolvedLocation: {}, isLoading: false, status: 'idle' });
    const run = vi.fn();
    afterPageIdle(router, run);
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
