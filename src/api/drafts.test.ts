import { describe, expect, it } from 'vitest';
import type { ComposerDraft } from '../domain/drafts';
import { clearPrivate } from '../domain/tabStorage';
import { draftKey, dropDraft, hasDraft, keepDraft, readDraft } from './drafts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

const scope = { id_studente: 1001, anno: '2026_2027' };
const draft: ComposerDraft = {
  fields: { destinatari: [{ id: 'D1', descrizione: 'Prof. Verdi' }], titolo: 'Uscita', testo: 'Buongiorno', presa_visione: false },
  allegati: [],
};

describe('message drafts in the tab', () => {
  it('wait under a private key per student, thread or new message, year and version', () => {
    expect(draftKey(scope, undefined, 'v1')).toBe('portale-famiglie.privato.bozza.1001.nuovo.2026_2027.v1');
    expect(draftKey(scope, '12_ver_2', 'v2')).toBe('portale-famiglie.privato.bozza.1001.12_ver_2.2026_2027.v2');
  });

  it('are read back as they were kept', () => {
    const storage = memoryStorage();
    const key = draftKey(scope, undefined, 'v2');
    expect(hasDraft(key, storage)).toBe(false);
    keepDraft(key, draft, storage);
    expect(readDraft(key, storage)).toEqual(draft);
    expect(hasDraft(key, storage)).toBe(true);
    expect(readDraft(draftKey(scope, undefined, 'v1'), storage)).toBeNull();
  });

  it('are removed once emptied or sent', () => {
    const storage = memoryStorage();
    const key = draftKey(scope, undefined, 'v2');
    keepDraft(key, draft, storage);
    keepDraft(key, { ...draft, fields: { ...draft.fields, destinatari: [], titolo: '', testo: '' } }, storage);
    expect(storage.map.has(key)).toBe(false);
    keepDraft(key, draft, storage);
    dropDraft(key, storage);
    expect(hasDraft(key, storage)).toBe(false);
  });

  it('are no draft when the storage holds something else, and go with the private keys', () => {
    const storage = memoryStorage();
    const key = draftKey(scope, undefined, 'v1');
    storage.setItem(key, '{not json');
    expect(readDraft(key, storage)).toBeNull();
    storage.setItem(key, JSON.stringify({ fields: { titolo: 1 }, allegati: [] }));
    expect(hasDraft(key, storage)).toBe(false);
    keepDraft(key, draft, storage);
    clearPrivate(storage);
    expect(hasDraft(key, storage)).toBe(false);
  });

  it('never stop the writing when the storage refuses (full or blocked)', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => keepDraft(draftKey(scope, undefined, 'v1'), draft, refusing)).not.toThrow();
    expect(() => dropDraft(draftKey(scope, undefined, 'v1'), refusing)).not.toThrow();
  });
});
