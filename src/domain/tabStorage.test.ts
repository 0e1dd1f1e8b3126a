import { describe, expect, it } from 'vitest';
import { clearPrivate, privateKey } from './tabStorage';

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
    keys: () => [...map.keys()],
  };
}

describe('private tab storage', () => {
  it('scopes a key by its parts', () => {
    expect(privateKey('bozza', 1001, 'thread', 7)).toBe('portale-famiglie.privato.bozza.1001.thread.7');
  });

  it('clears every private key and keeps the rest', () => {
    const storage = memoryStorage({
      [privateKey('carrello', 1001, '2026_2027')]: '[]',
      [privateKey('bozza', 1001)]: '{}',
      'portale-famiglie.session': '{}',
      'portale-famiglie.navigazione': '{}',
    });
    clearPrivate(storage);
    expect(storage.keys()).toEqual(['portale-famiglie.session', 'portale-famiglie.navigazione']);
  });
});
