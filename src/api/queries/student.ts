import type { QueryClient } from '@tanstack/react-query';
import type { StudentScope } from '../../domain/student';
import type { Student, Subject, Update } from '../../domain/records';
import { toStudentInfo } from '../boundary/session';
import { toSubjects, toUpdates } from '../boundary/student';
import { readQuery } from './read';
import { scoped } from './scope';

export type { Subject, Update };

// Never loaded by the sign-in page (the session asks for it through ../signedIn): every one of
// these calls is made by a signed-in session, and /login's budget is for the login page.

/** The login's record of the student fills what studente/info leaves out (class, address, services of the year). */
export const studentInfoQuery = (s: StudentScope, student: Student | null = null) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/studente/info', scoped(s), (raw) => toStudentInfo(raw, student, s.anno));

export const subjectsQuery = (s: StudentScope) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/materie_nextapi', scoped(s), toSubjects, {
    staleTime: 10 * 60_000,
  });

export const updatesQuery = (s: StudentScope) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/aggiornamenti_nextapi', scoped(s), toUpdates);

/**
 * The student's subjects, to place items a real backend names by subject instead of by id. A
 * failure leaves the names as they are rather than failing the list.
 */
export async function knownSubjects(client: QueryClient, s: StudentScope): Promise<Subject[]> {
  try {
    return await client.ensureQueryData(subjectsQuery(s));
  } catch {
    return [];
  }
}
