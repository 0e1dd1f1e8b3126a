export interface SubjectLike {
  id: number;
  descrizione: string;
  ordinamento: number;
}

export const SUBJECT_PALETTE_SIZE = 12;

/** A stable colour slot for a subject, taken from its ordinamento so it survives reloads and student switches. */
export function subjectColorIndex(subject: { id: number; ordinamento: number }, paletteSize = SUBJECT_PALETTE_SIZE): number {
  if (!Number.isInteger(paletteSize) || paletteSize <= 0) {
    throw new RangeError(`paletteSize must be a positive integer, got ${paletteSize}`);
  }
  const n = Math.trunc(subject.ordinamento);
  return ((n % paletteSize) + paletteSize) % paletteSize;
}

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** Subjects by ordinamento, then descrizione (Italian collation), then id. Returns a new array. */
export function sortSubjects<S extends SubjectLike>(subjects: readonly S[]): S[] {
  return [...subjects].sort(
    (a, b) => a.ordinamento - b.ordinamento || collator.compare(a.descrizione, b.descrizione) || a.id - b.id,
  );
}
