import { Temporal } from './temporal';

/** An item of a school day (YYYY-MM-DD): grades, notes, annotations, homework, topics, material. */
export interface Dated {
  /** YYYY-MM-DD */
  data: string;
}

/** Latest day first. */
export const byDateDesc = (a: Dated, b: Dated) => Temporal.PlainDate.compare(Temporal.PlainDate.from(b.data), Temporal.PlainDate.from(a.data));

/** Newest first; items of one day by id, newest id first, so the order never depends on the server's. Returns a new array. */
export function newestFirst<T extends Dated & { id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => byDateDesc(a, b) || b.id - a.id);
}
