/**
 * Test-only: one property test per operation a reader reads. The reader gets the operation's
 * answers (contract shapes and real samples, mutated); it must not throw (or only as documented),
 * its output must keep the invariants, and, for lists, it keeps exactly the usable items (the first
 * of each id) and drops the rest: drops are counted by comparing what was sent with what was kept.
 */
import fc from 'fast-check';
import { it } from 'vitest';
import { asArray } from '../read';
import { answerOf, fuzzParameters } from './arbitraries';
import { duplicateIds, violations, type Rules } from './invariants';

export interface ReaderCase<T> {
  /** operationIds of the contract whose success answer this reader reads. */
  operations: readonly string[];
  reader: string;
  read: (raw: unknown) => T;
  /** Real-shaped answers (realAnswers.fixture.ts) to mutate as well. */
  samples?: readonly unknown[];
  rules?: Rules;
  /** A throw the boundary documents: true when this error for this answer is the documented one. */
  documentedThrow?: (error: unknown, raw: unknown) => boolean;
  /** Lists whose ids must be unique, as [label, ids]. */
  unique?: (out: T) => Array<[string, readonly unknown[]]>;
  /**
   * A list answer: which sent items are usable and the id each would keep (null: none sent). The
   * output holds exactly the usable items, the first of each id; everything else was dropped.
   */
  keeps?: { usable: (item: unknown) => boolean; id?: (item: unknown) => unknown; output?: (out: T) => readonly unknown[] };
  /** Further checks of this record type. */
  check?: (out: T, raw: unknown) => string[];
}

const brief = (raw: unknown) => {
  const s = JSON.stringify(raw, (_k, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v));
  return s && s.length > 2000 ? `${s.slice(0, 2000)}…` : s;
};

/** The number of items a list reader should keep of an answer. */
function expectedKept<T>(raw: unknown, keeps: NonNullable<ReaderCase<T>['keeps']>): number {
  const seen = new Set<unknown>();
  let kept = 0;
  for (const item of asArray(raw)) {
    if (!keeps.usable(item)) continue;
    const id = keeps.id?.(item) ?? null;
    if (id !== null) {
      if (seen.has(id)) continue;
      seen.add(id);
    }
    kept++;
  }
  return kept;
}

export function fuzzReader<T>(c: ReaderCase<T>) {
  const { seed, numRuns } = fuzzParameters();
  for (const operation of c.operations) {
    it(`${operation} → ${c.reader}: never throws, keeps the invariants, drops what it cannot use (${numRuns} runs, seed ${seed})`, () => {
      const property = fc.property(answerOf(operation, c.samples), (raw) => {
        let out: T;
        try {
          out = c.read(raw);
        } catch (error) {
          if (c.documentedThrow?.(error, raw)) return;
          throw new Error(`${c.reader} threw ${String(error)} on ${brief(raw)}`, { cause: error });
        }
        const problems = [
          ...violations(out, c.rules),
          ...(c.unique?.(out) ?? []).flatMap(([label, ids]) => duplicateIds(label, ids)),
          ...(c.check?.(out, raw) ?? []),
        ];
        if (c.keeps) {
          const kept = (c.keeps.output?.(out) ?? (out as unknown[])).length;
          const expected = expectedKept(raw, c.keeps);
          if (kept !== expected) problems.push(`kept ${kept} items where ${expected} are usable (sent ${asArray(raw).length})`);
        }
        if (problems.length > 0) throw new Error(`${c.reader}:\n  ${problems.slice(0, 8).join('\n  ')}\nanswer: ${brief(raw)}`);
      });
      fc.assert(property, { seed, numRuns });
    }, 600_000);
  }
}

/** The ids (or another key) of a list of records. */
export const ids = (list: readonly unknown[], key = 'id') => list.map((x) => (x as Record<string, unknown>)[key]);
