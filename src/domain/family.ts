import type { Meeting, Student } from './records';
import type { SectionPath } from './services';
import type { StudentScope } from './student';
import { newestFirst } from './dated';

/**
 * Home for a family (docs/product.md#home, "Family Home"): one block per child of the account,
 * each with that child's day in a fixed order, each child's calls scoped to that child.
 */

/** The parts of a child's day, in the order the family Home shows them. */
export const FAMILY_DAY_PARTS = ['lessons', 'homework', 'tests', 'grades', 'notes', 'meetings', 'mealCredit'] as const;
export type FamilyDayPart = (typeof FAMILY_DAY_PARTS)[number];

/** How many child colours the tokens define (`--color-child-N`, ui/tokens.css); a fifth child takes the first again. */
export const CHILD_COLOURS = 4;

export interface FamilyMember {
  student: Student;
  /** What every call of this child's block is scoped to. */
  scope: StudentScope;
  /** The student open in the session (the top bar's): its block reads what Home's loader fetched. */
  current: boolean;
  /** Which of the child colours marks the block: by the child's place in the account, so it never changes. */
  colour: number;
}

/** Whether Home is the family's: the account follows more than one student. */
export const isFamily = (students: readonly Student[]) => students.length > 1;

const isStudentOf = (scope: StudentScope, s: Student) => scope.id_studente === s.id && scope.id_scuola === s.id_scuola;

/**
 * The children of the account, each with the scope of its block: the open student first, with the
 * session's scope (its year too, when a past year is open), whose day Home waits for; then every
 * other child in the account's order, in its current school year, whose blocks stream in below it,
 * so nothing already painted moves. A child's colour follows its place in the account, whichever is open.
 */
export function familyMembers(students: readonly Student[], current: StudentScope): FamilyMember[] {
  const members = students.map((student, i): FamilyMember => {
    const isCurrent = isStudentOf(current, student);
    return {
      student,
      scope: isCurrent ? current : { id_scuola: student.id_scuola, id_studente: student.id, anno: student.anno_corrente },
      current: isCurrent,
      colour: i % CHILD_COLOURS,
    };
  });
  return [...members.filter((m) => m.current), ...members.filter((m) => !m.current)];
}

/** The class of the child in the block's year, as the sign-in said it (null when it did not). */
export const classOfMember = (m: FamilyMember): string | null => m.student.anni.find((a) => a.id === m.scope.anno)?.classe ?? null;

/**
 * The parts of a child's day that apply (each given or null when its service is off), in the family
 * order: lessons, homework due, tests, new grades, notes to acknowledge, meetings within 36 hours,
 * the meal credit.
 */
export function familyDayParts<T>(parts: Record<FamilyDayPart, T | null>): { part: FamilyDayPart; value: T }[] {
  return FAMILY_DAY_PARTS.flatMap((part) => {
    const value = parts[part];
    return value === null || value === undefined ? [] : [{ part, value }];
  });
}

/** The screen each part's items open (for the child of the block). */
export const FAMILY_PART_SECTION = {
  lessons: '/agenda',
  homework: '/compiti',
  tests: '/verifiche',
  grades: '/voti',
  notes: '/note-disciplinari',
  meetings: '/colloqui',
  mealCredit: '/mense',
} as const satisfies Record<FamilyDayPart, SectionPath>;

/** A booked meeting opens the screen of its kind: individual or general meetings. */
export const meetingSection = (m: Pick<Meeting, 'tipo'>): SectionPath => (m.tipo === 'generale' ? '/colloqui-generali' : '/colloqui');

interface NoteLike {
  id: number;
  data: string;
  presa_visione: boolean;
  novita: boolean;
}

/**
 * Notes the family still has to look at, newest first: with acknowledgement on (the school's
 * `presa_visione_note`), those not yet acknowledged; without it there is nothing to acknowledge and
 * the new ones (`novita`, what the sidebar badge counts) are listed instead.
 */
export function notesToAcknowledge<T extends NoteLike>(notes: readonly T[], acknowledgementOn: boolean): T[] {
  return newestFirst(notes.filter((n) => (acknowledgementOn ? !n.presa_visione : n.novita)));
}
