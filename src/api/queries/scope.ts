import type { StudentScope } from '../../domain/student';

/**
 * Every per-student call is addressed by school, student and year, and the path parameters are in
 * the query key: data of one student or year can never answer for another.
 */
export const BASE = '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}' as const;

export const studentPath = (s: StudentScope) => ({ id_scuola: s.id_scuola, id_studente: s.id_studente, anno: s.anno });

export const scoped = (s: StudentScope) => ({ params: { path: studentPath(s) } });
