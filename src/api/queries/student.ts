import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { StudentScope } from '../../domain/student';
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

/**
 * Presa visione of a grade (spec §4). The grade shows as seen as soon as the server has said ok;
 * the sidebar counts follow in the background.
 */
export const acknowledgeGradeMutation = (s: StudentScope, id: number) =>
  mutationOptions({
    mutationKey: ['presa_visione_voti', s, id],
    mutationFn: async (_: void, { client }): Promise<Grade> => {
      const { data } = await api.client.PUT('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/presa_visione_voti/{id}', {
        params: { path: { ...scoped(s).params.path, id } },
      });
      const old = client.getQueryData<Grade[]>(gradesQuery(s).queryKey)?.find((g) => g.id === id);
      // A backend that answers with less than a grade still acknowledged it: the cached grade is marked.
      const grade = toGrade(data, client.getQueryData<Subject[]>(subjectsQuery(s).queryKey) ?? []) ?? (old ? { ...old, presa_visione: true, novita: false } : null);
      if (grade) return grade;
      void client.invalidateQueries({ queryKey: gradesQuery(s).queryKey });
      throw new Error('acknowledged grade not found');
    },
    onSuccess: (grade, _vars, _result, { client }) => {
      client.setQueryData<Grade[]>(gradesQuery(s).queryKey, (list) => list?.map((g) => (g.id === grade.id ? grade : g)));
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });
