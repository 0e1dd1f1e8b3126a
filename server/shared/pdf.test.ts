import { describe, expect, it } from 'vitest';
import { expectValidPdf, pdfText } from '../testing';
import { pdfDocument, textPdf } from './pdf';

describe('pdf', () => {
  it('returns the whole file at once, trailer included', () => {
    const bytes = textPdf('Circolare n. 12', ['Uscita didattica al museo', 'Quota: 12,50 €']);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expectValidPdf(bytes, 'Circolare n. 12', 'Uscita didattica al museo', 'Quota: 12,50 €');
  });

  it('keeps Italian punctuation and turns what the standard fonts cannot show into ?', () => {
    const text = pdfText(pdfDocument('Prova', [{ text: 'L’orario “definitivo” – sì\tdal lunedì → 😀 (ok)' }]));
    expect(text).toBe('L’orario “definitivo” – sì dal lunedì ? ? (ok)');
  });

  it('writes the same bytes for the same content, so listed sizes match downloads', () => {
    const make = () => textPdf('Fattura n. 1', ['Importo: 10,00 €']);
    expect(make().equals(make())).toBe(true);
    expect(make().equals(textPdf('Fattura n. 2', ['Importo: 10,00 €']))).toBe(false);
  });

  it('runs long text onto more lines and pages instead of dropping it', () => {
    const long = Array.from({ length: 120 }, (_, i) => `Riga numero ${i + 1} del regolamento d’istituto, con abbastanza parole da andare a capo almeno una volta.`);
    const bytes = textPdf('Regolamento', long);
    expectValidPdf(bytes, 'Riga numero 1 ', 'Riga numero 120 ');
    expect(bytes.toString('latin1').match(/\/Type \/Page\n/g)?.length).toBeGreaterThan(1);
  });

  it('keeps blank lines as paragraph breaks', () => {
    const y = (bytes: Buffer) => [...bytes.toString('latin1').matchAll(/1 0 0 1 [\d.]+ ([\d.]+) Tm/g)].map((m) => Number(m[1]));
    const [, tight = 0] = y(textPdf('T', ['a', 'b'])).slice(1);
    const [, spaced = 0] = y(textPdf('T', ['a', '', 'b'])).slice(1);
    expect(spaced).toBeLessThan(tight);
  });
});
