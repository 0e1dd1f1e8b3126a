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

/** How long a section's answer is good for Novità. */
const SECTION_FRESH_MS = 30_000;

/** What the reading of every child's sections met: answers, the first failure, the children left incomplete. */
interface Tally {
  answered: number;
  failure: { error: unknown } | null;
  incomplete: Set<string>;
}

/** One reading of Novità: the cache, its tally, and whether a failed section is tried once only (the badge). */
interface Reading {
  client: QueryClient;
  tally: Tally;
  once: boolean;
}

/**
 * A section's answer, read with its screen's own call and reader; a section's failure is not the
 * list's (the child is marked incomplete; `child` null: an aid whose failure marks nothing). Only
 * a section's answer counts as one (`section`: not the child's configuration). In a
 * cache entry of Novità's own: the session loading a student (a switch) and the screens never wait
 * for, or get, an answer that Novità's background reading asked for; Novità takes theirs when
 * fresh.
 */
async function read<T>({ client, tally, once }: Reading, options: { queryKey: readonly unknown[]; queryFn?: unknown }, child: string | null, section = true): Promise<T | undefined> {
  try {
    // An answer the screen's own entry already holds, fresh, is not asked for again (Home's grades).
    // The cache's own rule: an entry invalidated (an acknowledged grade) is stale however young.
    const screens = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    const fresh = screens?.state.status === 'success' && !screens.isStaleByTime(SECTION_FRESH_MS);
    const own = { ...(options as Parameters<QueryClient['fetchQuery']>[0]), queryKey: ['novita-sezione', ...options.queryKey] };
    const answer = fresh
      ? (screens.state.data as T)
      : ((await client.fetchQuery({ ...own, staleTime: SECTION_FRESH_MS, meta: { errorDialog: false }, ...(once ? { retry: false } : {}) })) as T);
    if (child && section) tally.answered++;
    return answer;
  } catch (error) {
    if (child) {
      tally.failure ??= { error };
      tally.incomplete.add(child);
    }
    return undefined;
  }
}

/**
 * One child's sections, in parallel (docs/product.md, "Novità"): the school's configuration says which
 * sections the child has, `aggiornamenti_nextapi` which of the flagged ones hold something new (all
 * of them when it cannot be read), and the sections without a flag (absences, report cards,
 * payments, threads) are asked when the child has them. No call the real backend lacks.
 */
async function childNews(reading: Reading, student: Student, today: Temporal.PlainDate): Promise<ChildNews> {
  const s = scopeOf(student);
  const key = `${student.id_scuola}:${student.id}`;
  const child = { id_scuola: student.id_scuola, id: student.id, anno: student.anno_corrente };
  const info = await read<StudentInfo>(reading, studentInfoQuery(s, student), key, false);
  if (!info) return { child };
  const updates = await read<Update[]>(reading, updatesQuery(s), null);
  const on = (service: string) => hasService(info.servizi, service);
  const flagged = (service: Flagged) => on(service) && (!updates || updates.some((u) => u.sezione === service && u.visibile && u.conteggio > 0));
  const v2 = student.versione_messenger === 'VERSIONE_2';
  const [grades, homework, annotations, notes, communications, threads, notices, absences, reportCards, statement] = await Promise.all([
    flagged('voti') ? read<ChildNews['grades']>(reading, gradesQuery(s), key) : undefined,
    flagged('compiti') ? read<ChildNews['homework']>(reading, homeworkQuery(s, {}), key) : undefined,
    flagged('annotazioni') ? read<ChildNews['annotations']>(reading, annotationsQuery(s), key) : undefined,
    flagged('note') ? read<ChildNews['notes']>(reading, disciplinaryNotesQuery(s), key) : undefined,
    !v2 && flagged('comunicazioni') ? read<ChildNews['communications']>(reading, communicationsQuery(s, quickFilterRange('last90', today)), key) : undefined,
    v2 && on('comunicazioni') ? read<ChildNews['threads']>(reading, threadsQuery(s), key) : undefined,
    v2 && flagged('notizie') ? read<ChildNews['notices']>(reading, noticeBoardQuery(s), key) : undefined,
    on('assenze') ? read<ChildNews['absences']>(reading, absencesQuery(s), key) : undefined,
    on('pagelle') ? read<ChildNews['reportCards']>(reading, reportCardsQuery(s), key) : undefined,
    on('pagamenti') ? read<{ pagamenti: NonNullable<ChildNews['payments']> }>(reading, statementQuery(s), key) : undefined,
  ]);
  return { child, grades, homework, annotations, notes, communications, threads, notices, absences, reportCards, payments: statement?.pagamenti };
}

/**
 * Novità for every child of the family, each child's calls in parallel with the others'. Today is
 * in the key: the report cards' and payments' windows move with it. When no section of any child
 * could be read there is no list to show: the first failure is the screen's (its message by status).
 * Novità says its failures itself, and the sidebar's badge is an aid: never the API error dialog.
 * The badge (`badge`) reads in an entry of its own and tries a failed section once: a count it
 * could not finish is read again on a later page, and a server that is failing is not sent every
 * section's retries for an aid (the screen, opened, tries each section by the read policy).
 */
export const whatsNewQuery = (students: readonly Student[], today: Temporal.PlainDate, { badge = false } = {}) =>
  queryOptions({
    queryKey: ['novita', students.map(scopeOf), today.toString(), badge ? 'conteggio' : 'elenco'] as const,
    queryFn: async ({ client }): Promise<WhatsNew> => {
      const reading: Reading = { client, tally: { answered: 0, failure: null, incomplete: new Set() }, once: badge };
      const children = await Promise.all(students.map((st) => childNews(reading, st, today)));
      const { tally } = reading;
      if (tally.answered === 0 && tally.failure) throw tally.failure.error;
      return { items: mergeNews(children, today), incomplete: [...tally.incomplete] };
    },
    staleTime: 30_000,
    // Each section's call has had its own retries: the whole list is not read again on top of them.
    retry: false,
    meta: { errorDialog: false },
  });
