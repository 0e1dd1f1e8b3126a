import { describe, expect, it } from 'vitest';
import { checkPickedFiles, contentTypeOf, validateComposer } from './attachments';

const limits = { maxBytes: 100, maxFiles: 2, types: ['application/pdf', 'image/png', 'application/vnd.oasis.opendocument.text'] };
const f = (name: string, size = 10, type = '') => ({ name, size, type });

describe('attachments', () => {
  it('reads the type from the extension first, the browser second', () => {
    expect(contentTypeOf(f('Compito.ODT'))).toBe('application/vnd.oasis.opendocument.text');
    expect(contentTypeOf(f('scan', 1, 'image/png'))).toBe('image/png');
    expect(contentTypeOf(f('setup.exe'))).toBeNull();
  });

  it('refuses empty, wrong-type, too big and one-too-many files before any upload', () => {
    const picked = [f('a.pdf'), f('vuoto.pdf', 0), f('virus.exe', 10, 'application/x-msdownload'), f('grande.png', 101), f('b.png'), f('c.pdf')];
    const { accepted, refused } = checkPickedFiles(picked, 0, limits);
    expect(accepted.map((x) => x.name)).toEqual(['a.pdf', 'b.png']);
    expect(refused.map((r) => [r.file.name, r.reason])).toEqual([
      ['vuoto.pdf', 'empty'],
      ['virus.exe', 'type'],
      ['grande.png', 'tooBig'],
      ['c.pdf', 'tooMany'],
    ]);
    expect(checkPickedFiles([f('d.pdf', 100)], 1, limits).accepted).toHaveLength(1);
    expect(checkPickedFiles([f('d.pdf')], 2, limits).refused[0]?.reason).toBe('tooMany');
  });

  it('needs recipients, title and text for a new message and only text for a reply', () => {
    const empty = { destinatari: [], titolo: ' ', testo: '\n', presa_visione: false };
    expect(validateComposer(empty, false)).toEqual({ destinatari: 'required', titolo: 'required', testo: 'required' });
    expect(validateComposer(empty, true)).toEqual({ testo: 'required' });
    expect(validateComposer({ ...empty, destinatari: [{ id: '1@x', descrizione: 'X' }], titolo: 'T', testo: 'ok' }, false)).toEqual({});
  });
});
