import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startSpidBinding, takeSpidVerifier } from './spidBinding';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('SPID binding to the tab', () => {
  it('sends the SHA-256 of a verifier the tab keeps, and hands the verifier over once', async () => {
    const storage = memoryStorage();
    const challenge = await startSpidBinding(storage);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const verifier = takeSpidVerifier(storage);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    expect(takeSpidVerifier(storage)).toBe('');
  });

  it('makes a new verifier for every start', async () => {
    const storage = memoryStorage();
    await startSpidBinding(storage);
    const first = takeSpidVerifier(storage);
    await startSpidBinding(storage);
    expect(takeSpidVerifier(storage)).not.toBe(first);
  });

  it('a tab that started nothing has no verifier (a code from a link cannot be exchanged)', () => {
    expect(takeSpidVerifier(memoryStorage())).toBe('');
  });
});
