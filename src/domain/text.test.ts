import { describe, expect, it } from 'vitest';
import { RECIPIENTS_SUMMARY_MAX, SUBJECT_LABEL_MAX, truncateLabel } from './text';

describe('truncateLabel', () => {
  it('uses the spec limits of 30', () => {
    expect(SUBJECT_LABEL_MAX).toBe(30);
    expect(RECIPIENTS_SUMMARY_MAX).toBe(30);
  });

  it('keeps strings up to the limit unchanged', () => {
    const exactly30 = 'a'.repeat(30);
    expect(truncateLabel(exactly30)).toBe(exactly30);
    expect(truncateLabel('Matematica')).toBe('Matematica');
    expect(truncateLabel('')).toBe('');
  });

  it('cuts to 30 characters plus an ellipsis', () => {
    expect(truncateLabel('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`);
    expect(truncateLabel('Lingua e cultura straniera (inglese) - potenziamento')).toBe('Lingua e cultura straniera (in…');
  });

  it('drops trailing spaces before the ellipsis', () => {
    expect(truncateLabel('Scienze motorie e sportive e altro', 27)).toBe('Scienze motorie e sportive…');
    expect(truncateLabel('abc   def', 5)).toBe('abc…');
  });

  it('honours a custom max', () => {
    expect(truncateLabel('Storia dell’arte', 6)).toBe('Storia…');
    expect(truncateLabel('Storia', 6)).toBe('Storia');
  });

  it('does not split astral characters', () => {
    expect(truncateLabel('😀😀😀', 2)).toBe('😀😀…');
    expect(truncateLabel('😀😀', 2)).toBe('😀😀');
  });
});
