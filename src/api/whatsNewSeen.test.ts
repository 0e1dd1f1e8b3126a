import { describe, expect, it } from 'vitest';
import { keepAllSeen, keepSeen, readSeen, seenKey } from './whatsNewSeen';
import type { NewsItem } from '../domain/whatsNew';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const item = (key: string) => ({ key }) as NewsItem;

describe('Novità seen marks', () => {
  it('are kept per user, under a key without any token', () => {
    expect(seenKey({ id_utente: 1001 })).toBe('portale-famiglie.novita-viste.1001');
  });

  it('survive a new read of the storage (a reload) and add to what another tab marked', () => {
    const storage = memoryStorage();
    const key = seenKey({ id_utente: 1001 });
    keepSeen(key, ['a'], storage);
    // Another tab marks one meanwhile: this tab's next mark keeps it.
    storage.setItem(key, JSON.stringify({ keys: ['a', 'b'] }));
    expect(keepSeen(key, ['c'], storage).keys).toEqual(['a', 'b', 'c']);
    expect(readSeen(key, storage).keys).toEqual(['a', 'b', 'c']);
    expect(keepAllSeen(key, [item('c'), item('d')], storage).keys).toEqual(['a', 'b', 'c', 'd']);
    expect(JSON.parse(storage.map.get(key)!)).toEqual({ keys: ['a', 'b', 'c', 'd'] });
  });

  it('read a broken or foreign value as nothing seen, and a blocked storage as nothing kept', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readSeen('k', storage).keys).toEqual([]);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    };
    expect(keepSeen('k', ['a'], blocked).keys).toEqual(['a']);
  });
});
