import type { Temporal } from '../../domain/temporal';
import { hasService, type ServiceFlags } from '../../domain/services';
import type { StudentScope } from '../../domain/student';
import { homeworkQuery, testsQuery, timetableQuery } from './lessons';
import { disciplinaryNotesQuery } from './notes';
import { gradesQuery } from './grades';

/**
 * The calls Home's "Oggi" makes, each only when its service is on (today's lessons, homework due
 * today or tomorrow, grades, notes, tests); also what Home's loader prefetches.
 */
export function todayQueries(scope: StudentScope, servizi: ServiceFlags, today: Temporal.PlainDate) {
  const day = today.toString();
  const tomorrow = today.add({ days: 1 }).toString();
  const on = (service: string) => hasService(servizi, service);
  return {
    lessons: on('orario') ? timetableQuery(scope, { from: day, to: day }) : null,
    homework: on('compiti') ? homeworkQuery(scope, { from: day, to: tomorrow }) : null,
    grades: on('voti') ? gradesQuery(scope) : null,
    notes: on('note') ? disciplinaryNotesQuery(scope) : null,
    tests: on('verifiche') ? testsQuery(scope) : null,
  };
}
