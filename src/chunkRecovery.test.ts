import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY } from './chunkRecovery';

/** A fresh module each time: a reload under way is remembered for the page's life. */
const load = async () => {
  vi.resetModules();
  return (await import('./chunkRecovery')).recoverFromChunkError;
};
const storage = (last?: number) => {
  const values = new Map<string, string>(last === undefined ? [] : [[CHUNK_RELOAD_KEY, String(last)]]);
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
};

describe('recovering from a chunk that cannot be loaded', () => {
  it('reloads once into the new build, and says a reload is under way', async () => {
    const recover = await load();
    const reload = vi.fn();
    const kept = storage();
    expect(recover(kept, 1_000_000, reload, true)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(kept.values.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again so soon after the last recovery: the caller shows the error', async () => {
    const recover = await load();
    const reload = vi.fn();
    expect(recover(storage(1_000_000), 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, reload, true)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload while the browser is offline: the page, and what was typed in it, stays', async () => {
    const recover = await load();
    const reload = vi.fn();
    const kept = storage();
    expect(recover(kept, 1_000_000, reload, false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(kept.values.has(CHUNK_RELOAD_KEY)).toBe(false);
    // Back online, a failure is a deploy's again.
    expect(recover(kept, 1_000_500, reload, true)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
