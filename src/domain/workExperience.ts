import type { Election, SchoolDocument, WorkExperienceProject } from './records';

/** docs/product.md#school-services: PROPOSTO first, then by start day newest first, then by title. */
export function sortProjects(projects: readonly WorkExperienceProject[]): WorkExperienceProject[] {
  const proposed = (p: WorkExperienceProject) => (p.stato === 'PROPOSTO' ? 0 : 1);
  return [...projects].sort(
    (a, b) => proposed(a) - proposed(b) || b.data_inizio.localeCompare(a.data_inizio) || a.titolo.localeCompare(b.titolo, 'it'),
  );
}

/** docs/product.md#school-services: subscribe while PROPOSTO and prenotabile; cancel while PROPOSTO and not prenotabile; nothing otherwise. */
export function projectAction(p: WorkExperienceProject): 'subscribe' | 'cancel' | null {
  if (p.stato !== 'PROPOSTO') return null;
  return p.prenotabile ? 'subscribe' : 'cancel';
}

/** Newest first by start, then by title. */
export const sortElections = (elections: readonly Election[]): Election[] =>
  [...elections].sort((a, b) => Date.parse(b.data_inizio) - Date.parse(a.data_inizio) || a.titolo.localeCompare(b.titolo, 'it'));

/** Newest first, then by title. */
export const sortDocuments = (documents: readonly SchoolDocument[]): SchoolDocument[] =>
  [...documents].sort((a, b) => b.data.localeCompare(a.data) || a.titolo.localeCompare(b.titolo, 'it'));
