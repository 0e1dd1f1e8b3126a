import { describe, expect, it } from 'vitest';
import { isEmptyDraft, toComposerDraft, type ComposerDraft } from './drafts';

const draft: ComposerDraft = {
  fields: { destinatari: [{ id: 'D1', descrizione: 'Prof. Verdi' }], titolo: 'Uscita', testo: 'Buongiorno', presa_visione: true },
  allegati: [{ id: 7, nome: 'autorizzazione.pdf', dimensione: 1200 }],
};

describe('a draft read back from storage', () => {
  it('is the draft that was kept', () => {
    expect(toComposerDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('is no draft when storage holds nothing or another shape', () => {
    for (const raw of [null, 'testo', [], {}, { fields: {}, allegati: [] }, { fields: { titolo: 'a', testo: 'b' }, allegati: [] }, { fields: draft.fields }]) {
      expect(toComposerDraft(raw)).toBeNull();
    }
  });

  it('keeps the words when a recipient or an attachment cannot be read', () => {
    const raw = {
      fields: { ...draft.fields, destinatari: [{ id: 'D1', descrizione: 'Prof. Verdi' }, { id: 3 }, 'D2'] },
      allegati: [
        { id: 7, nome: 'autorizzazione.pdf', dimensione: 1200 },
        { id: '8', nome: 'x' },
      ],
    };
    expect(toComposerDraft(raw)).toEqual(draft);
  });

  it('reads a missing read receipt as not asked for, and keeps nothing beyond the fields', () => {
    const fields = { destinatari: draft.fields.destinatari, titolo: draft.fields.titolo, testo: draft.fields.testo };
    const read = toComposerDraft({ fields: { ...fields, extra: 1 }, allegati: [{ ...draft.allegati[0], url: '/x' }] });
    expect(read?.fields).toEqual({ ...fields, presa_visione: false });
    expect(read?.allegati).toEqual(draft.allegati);
  });
});

describe('an empty draft', () => {
  const empty: ComposerDraft = { fields: { destinatari: [], titolo: ' ', testo: '\n', presa_visione: true }, allegati: [] };

  it('has no recipient, no words and no attachment (blanks and the receipt alone do not count)', () => {
    expect(isEmptyDraft(empty)).toBe(true);
  });

  it('is not empty with any one of them', () => {
    expect(isEmptyDraft({ ...empty, fields: { ...empty.fields, destinatari: draft.fields.destinatari } })).toBe(false);
    expect(isEmptyDraft({ ...empty, fields: { ...empty.fields, titolo: 'Uscita' } })).toBe(false);
    expect(isEmptyDraft({ ...empty, fields: { ...empty.fields, testo: 'Buongiorno' } })).toBe(false);
    expect(isEmptyDraft({ ...empty, allegati: draft.allegati })).toBe(false);
  });
});
