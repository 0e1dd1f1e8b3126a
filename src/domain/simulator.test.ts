import { describe, expect, it } from 'vitest';
import type { AverageGrade } from './grades';
import { parseSimulatorInput, requiredGrade, simulatorMode } from './simulator';

function g(voto_numerico: number | null, valore_peso = 100, over: Partial<AverageGrade> = {}): AverageGrade {
  return { sottotitolo: 'scritto', is_voto: false, is_competenza: false, voto_pesato: true, voto_numerico, valore_peso, ...over };
}

const weightedPolicy = { showAverages: true, weighted: true };
const arithmeticPolicy = { showAverages: true, weighted: false };

describe('simulatorMode', () => {
  it('is absent when the school shows no averages', () => {
    expect(simulatorMode([g(6)], { showAverages: false, weighted: false })).toBeNull();
  });

  it('follows the average rule: weighted only when every grade has a weight above 0', () => {
    expect(simulatorMode([g(6), g(7, 50)], weightedPolicy)).toBe('weighted');
    expect(simulatorMode([g(6), g(7, 0)], weightedPolicy)).toBe('arithmetic');
    expect(simulatorMode([g(6), g(7, 50, { voto_pesato: false })], weightedPolicy)).toBe('arithmetic');
    expect(simulatorMode([g(6)], arithmeticPolicy)).toBe('arithmetic');
    expect(simulatorMode([], weightedPolicy)).toBe('weighted');
  });
});

describe('requiredGrade, arithmetic', () => {
  it('finds the grade each coming grade needs', () => {
    // (5 + 6 + x) / 3 = 7 → x = 10; (5 + 6 + 2x) / 4 = 6.5 → x = 7.5
    expect(requiredGrade([g(5), g(6)], 'arithmetic', { target: 7, count: 1, weight: 100 })).toEqual({ kind: 'needed', grade: 10 });
    expect(requiredGrade([g(5), g(6)], 'arithmetic', { target: 6.5, count: 2, weight: 100 })).toEqual({ kind: 'needed', grade: 7.5 });
  });

  it('rounds up, so the grade shown is always enough', () => {
    // (5 + 6 + 3x) / 5 = 6.2 → x = 6.666…
    expect(requiredGrade([g(5), g(6)], 'arithmetic', { target: 6.2, count: 3, weight: 100 })).toEqual({ kind: 'needed', grade: 6.67 });
  });

  it('reports a target above what 10s can reach as impossible', () => {
    // (4 + 4 + x) / 3 = 8 → x = 16
    expect(requiredGrade([g(4), g(4)], 'arithmetic', { target: 8, count: 1, weight: 100 })).toEqual({ kind: 'impossible', grade: 16 });
  });

  it('reports a target already reached, with the grade that keeps it or none when any grade does', () => {
    // average 8; (16 + x) / 3 = 7 → x = 5
    expect(requiredGrade([g(8), g(8)], 'arithmetic', { target: 7, count: 1, weight: 100 })).toEqual({ kind: 'reached', grade: 5 });
    // (16 + x) / 3 = 5 → x = -1: any grade
    expect(requiredGrade([g(8), g(8)], 'arithmetic', { target: 5, count: 1, weight: 100 })).toEqual({ kind: 'reached', grade: null });
  });

  it('needs the target itself when there is no grade yet, and ignores grades that are not listed or numeric', () => {
    const ignored = [g(null), g(2, 100, { is_competenza: true, sottotitolo: 'competenza' }), g(2, 100, { sottotitolo: 'altro' })];
    expect(requiredGrade(ignored, 'arithmetic', { target: 6, count: 2, weight: 100 })).toEqual({ kind: 'needed', grade: 6 });
  });

  it('never asks for less than the lowest grade', () => {
    // (9 + 2x) / 3 = 3.5 → x = 0.75, but the current average 9 already reaches it: reached
    expect(requiredGrade([g(9)], 'arithmetic', { target: 3.5, count: 2, weight: 100 }).kind).toBe('reached');
  });
});

describe('requiredGrade, weighted', () => {
  it('weighs the grades so far and the coming ones', () => {
    // (6·100 + 8·50 + x·100) / 250 = 7 → x = 7.5
    expect(requiredGrade([g(6, 100), g(8, 50)], 'weighted', { target: 7, count: 1, weight: 100 })).toEqual({ kind: 'needed', grade: 7.5 });
    // (6·100 + 8·50 + 2·25·x) / 200 = 7 → x = 8
    expect(requiredGrade([g(6, 100), g(8, 50)], 'weighted', { target: 7, count: 2, weight: 25 })).toEqual({ kind: 'needed', grade: 8 });
    // (6·100 + 8·50 + 2·25·x) / 200 = 8 → x = 12: impossible
    expect(requiredGrade([g(6, 100), g(8, 50)], 'weighted', { target: 8, count: 2, weight: 25 })).toEqual({ kind: 'impossible', grade: 12 });
  });

  it('gives a different answer from the arithmetic rule on the same grades', () => {
    const grades = [g(4, 100), g(8, 50)];
    // weighted: (400 + 400 + 100x) / 250 = 6,5 → x = 8,25; arithmetic: (12 + x) / 3 = 6,5 → x = 7,5
    expect(requiredGrade(grades, 'weighted', { target: 6.5, count: 1, weight: 100 })).toEqual({ kind: 'needed', grade: 8.25 });
    expect(requiredGrade(grades, 'arithmetic', { target: 6.5, count: 1, weight: 100 })).toEqual({ kind: 'needed', grade: 7.5 });
  });
});

describe('parseSimulatorInput', () => {
  it('accepts decimals with a comma or a point', () => {
    expect(parseSimulatorInput({ target: '6,5', count: '2', weight: '50' }, 'weighted')).toEqual({
      ok: true,
      values: { target: 6.5, count: 2, weight: 50 },
    });
    expect(parseSimulatorInput({ target: ' 7.25 ', count: '1', weight: '' }, 'arithmetic')).toEqual({
      ok: true,
      values: { target: 7.25, count: 1, weight: 100 },
    });
  });

  it('reports every wrong field at once', () => {
    expect(parseSimulatorInput({ target: '', count: 'due', weight: '0' }, 'weighted')).toEqual({
      ok: false,
      errors: { target: 'required', count: 'notANumber', weight: 'outOfRange' },
    });
  });

  it('keeps the target between 1 and 10 and the count a whole number from 1 to 10', () => {
    expect(parseSimulatorInput({ target: '11', count: '1', weight: '' }, 'arithmetic')).toMatchObject({ errors: { target: 'outOfRange' } });
    expect(parseSimulatorInput({ target: '0,5', count: '1', weight: '' }, 'arithmetic')).toMatchObject({ errors: { target: 'outOfRange' } });
    expect(parseSimulatorInput({ target: '6', count: '1,5', weight: '' }, 'arithmetic')).toMatchObject({ errors: { count: 'notInteger' } });
    expect(parseSimulatorInput({ target: '6', count: '0', weight: '' }, 'arithmetic')).toMatchObject({ errors: { count: 'outOfRange' } });
    expect(parseSimulatorInput({ target: '6', count: '11', weight: '' }, 'arithmetic')).toMatchObject({ errors: { count: 'outOfRange' } });
    expect(parseSimulatorInput({ target: '-6', count: '1', weight: '' }, 'arithmetic')).toMatchObject({ errors: { target: 'notANumber' } });
  });

  it('reads the weight only in weighted mode, from above 0 to 100', () => {
    expect(parseSimulatorInput({ target: '6', count: '1', weight: 'abc' }, 'arithmetic').ok).toBe(true);
    expect(parseSimulatorInput({ target: '6', count: '1', weight: '101' }, 'weighted')).toMatchObject({ errors: { weight: 'outOfRange' } });
    expect(parseSimulatorInput({ target: '6', count: '1', weight: '' }, 'weighted')).toMatchObject({ errors: { weight: 'required' } });
  });
});
