import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Student, StudentInfo, Update } from '../../domain/records';
import { quickFilterRange } from '../../domain/quickFilters';
import { hasService } from '../../domain/services';
import type { StudentScope } from '../../domain/student';
import type { Temporal } from '../../domain/temporal';
import { mergeNews, type ChildNews, type NewsItem } from '../../domain/whatsNew';
import { absencesQuery } from './absences';
import { communicationsQuery, noticeBoardQuery } from './communications';
import { gradesQuery } from './grades';
import { homeworkQuery } from './lessons';
import { annotationsQuery, disciplinaryNotesQuery, reportCardsQuery } from './notes';
import { statementQuery } from './payments';
import { studentInfoQuery, updatesQuery } from './student';
import { threadsQuery } from './threads';

export type { NewsItem };

/** What Novità shows: the merged items, and the children one of whose sections could not be read. */
export interface WhatsNew {
  items: NewsItem[];
  /** `${id_scuola}:${id}` of each child with a section missing from the list. */
  incomplete: string[];
}

const scopeOf = (s: Student): StudentScope => ({ id_scuola: s.id_scuola, id_studente: s.id, anno: s.anno_corrente });

/** Sections whose items carry `novita`: asked only when `aggiornamenti_nextapi` counts something new in them. */
type Flagged = 'voti' | 'compiti' | 'annotazioni' | 'note' | 'comunicazioni' | 'notizie';

/**
 * A section's answer, read with its screen's own call and reader; a section's failure is not the
 * list's. In a cache entry of Novità's own: the session loading a student (a switch) and the
 * screens never wait for, or get, an answer that Novità's background reading asked for.
 */
async function read<T>(client: QueryClient, options: { queryKey: readonly unknown[]; queryFn?: unknown }, missing: () => void): Promise<T | undefined> {
  try {
    const own = { ...(options as Parameters<QueryClient['fetchQuery']>[0]), queryKey: ['novita-sezione', ...options.queryKey] };
    return (await client.fetchQuery({ ...own, staleTime: 30_000, meta: { errorDialog: false } })) as T;
  } catch {
    missing();
    return undefined;
  }
}

/**
 * One child's sections, in parallel (docs/product.md, "Novità"): the school's configuration says which
 * sections the child has, `aggiornamenti_nextapi` which of the flagged ones hold something new (all
 * of them when it cannot be read), and the sections without a flag (absences, report cards,
 * payments, threads) are asked when the child has them. No call the real backend lacks.
 */
async function childNews(client: QueryClient, student: Student, today: Temporal.PlainDate, missing: () => void): Promise<ChildNews> {
  const s = scopeOf(student);
  const child = { id_scuola: student.id_scuola, id: student.id, anno: student.anno_corrente };
  const info = await read<StudentInfo>(client, studentInfoQuery(s, student), missing);
  if (!info) return { child };
  const updates = await read<Update[]>(client, updatesQuery(s), () => {});
  const on = (service: string) => hasService(info.servizi, service);
  const flagged = (service: Flagged) => on(service) && (!updates || updates.some((u) => u.sezione === service && u.visibile && u.conteggio > 0));
  const v2 = student.versione_messenger === 'VERSIONE_2';
  const [grades, homework, annotations, notes, communications, threads, notices, absences, reportCards, statement] = await Promise.all([
    flagged('voti') ? read<ChildNews['grades']>(client, gradesQuery(s), missing) : undefined,
    flagged('compiti') ? read<ChildNews['homework']>(client, homeworkQuery(s, {}), missing) : undefined,
    flagged('annotazioni') ? read<ChildNews['annotations']>(client, annotationsQuery(s), missing) : undefined,
    flagged('note') ? read<ChildNews['notes']>(client, disciplinaryNotesQuery(s), missing) : undefined,
    !v2 && flagged('comunicazioni') ? read<ChildNews['communications']>(client, communicationsQuery(s, quickFilterRange('last90', today)), missing) : undefined,
    v2 && on('comunicazioni') ? read<ChildNews['threads']>(client, threadsQuery(s), missing) : undefined,
    v2 && flagged('notizie') ? read<ChildNews['notices']>(client, noticeBoardQuery(s), missing) : undefined,
    on('assenze') ? read<ChildNews['absences']>(client, absencesQuery(s), missing) : undefined,
    on('pagelle') ? read<ChildNews['reportCards']>(client, reportCardsQuery(s), missing) : undefined,
    on('pagamenti') ? read<{ pagamenti: NonNullable<ChildNews['payments']> }>(client, statementQuery(s), missing) : undefined,
  ]);
  return { child, grades, homework, annotations, notes, communications, threads, notices, absences, reportCards, payments: statement?.pagamenti };
}

/**
 * Novità for every child of the family, each child's calls in parallel with the others'. Today is
 * in the key: the report cards' and payments' windows move with it.
 */
export const whatsNewQuery = (students: readonly Student[], today: Temporal.PlainDate) =>
  queryOptions({
    queryKey: ['novita', students.map(scopeOf), today.toString()] as const,
    queryFn: async ({ client }): Promise<WhatsNew> => {
      const incomplete = new Set<string>();
      const children = await Promise.all(
        students.map((st) => childNews(client, st, today, () => incomplete.add(`${st.id_scuola}:${st.id}`))),
      );
      return { items: mergeNews(children, today), incomplete: [...incomplete] };
    },
    staleTime: 30_000,
  });
