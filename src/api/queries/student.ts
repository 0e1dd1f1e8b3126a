import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { StudentScope } from '../../machines/session.machine';
import type { Grade, Student, Subject, Update } from '../../domain/records';
import { toStudentInfo } from '../boundary/session';
import { toGrade, toGrades, toSubjects, toUpdates } from '../boundary/teaching';
import { readQuery } from './read';

export type { Grade, Subject, Update };

/**
 * Every per-student call is addressed by school, student and year, and the path parameters are in
 * the query key: data of one student or year can never answer for another.
 */
const scoped = (s: StudentScope) => ({
  params: { path: { id_scuola: s.id_scuola, id_studente: s.id_studente, anno: s.anno } },
});

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

export const gradesQuery = (s: StudentScope) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/voti_plain', scoped(s), async (raw, client) =>
    toGrades(raw, await knownSubjects(client, s)),
  );

export async function acknowledgeGrade(queryClient: QueryClient, s: StudentScope, id: number): Promise<Grade> {
  const { data } = await api.client.PUT('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/presa_visione_voti/{id}', {
    params: { path: { ...scoped(s).params.path, id } },
  });
  const old = queryClient.getQueryData<Grade[]>(gradesQuery(s).queryKey)?.find((g) => g.id === id);
  // A backend that answers with less than a grade still acknowledged it: the cached grade is marked.
  const grade = toGrade(data, queryClient.getQueryData<Subject[]>(subjectsQuery(s).queryKey) ?? []) ?? (old ? { ...old, presa_visione: true, novita: false } : null);
  if (grade) queryClient.setQueryData<Grade[]>(gradesQuery(s).queryKey, (list) => list?.map((g) => (g.id === grade.id ? grade : g)));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: updatesQuery(s).queryKey }),
    grade ? null : queryClient.invalidateQueries({ queryKey: gradesQuery(s).queryKey }),
  ]);
  if (!grade) throw new Error('acknowledged grade not found');
  return grade;
}
