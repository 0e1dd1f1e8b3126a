import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Student, StudentInfo } from '../../domain/records';
import { Temporal } from '../../domain/temporal';
import { READ_RETRIES } from '../retryPolicy';

const students = [
  { id: 501, id_scuola: 'DEMO01', anno_corrente: '2026_2027', versione_messenger: 'VERSIONE_2' },
  { id: 502, id_scuola: 'DEMO02', anno_corrente: '2026_2027', versione_messenger: 'VERSIONE_1' },
] as unknown as Student[];
const today = Temporal.PlainDate.from('2026-11-20');

/** Novità read against a backend whose every call fails with 500, with the app's read retry policy (no waiting). */
async function readFailing(badge: boolean, seed?: (client: QueryClient, student: typeof import('./student')) => void) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      calls.push(new URL(req.url).pathname);
      return new Response(JSON.stringify({ detail: 'guasto', error: 'guasto' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  vi.resetModules();
  const [{ whatsNewQuery }, { shouldRetryRead }, student] = await Promise.all([import('./whatsNew'), import('../retryPolicy'), import('./student')]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetryRead, retryDelay: 0 } } });
  seed?.(client, student);
  const outcome = await client.fetchQuery(whatsNewQuery(students, today, { badge })).then(
    () => 'read',
    () => 'failed',
  );
  return { outcome, calls, key: whatsNewQuery(students, today, { badge }).queryKey };
}

describe('Novità against a failing backend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the screen tries each child\'s first call by the read policy, and fails with it', async () => {
    const { outcome, calls } = await readFailing(false);
    expect(outcome).toBe('failed');
    expect(calls.filter((c) => c.endsWith('/studente/info'))).toHaveLength(students.length * (READ_RETRIES + 1));
  });

  it('the badge tries each call once, in a cache entry of its own', async () => {
    const { outcome, calls, key } = await readFailing(true);
    expect(outcome).toBe('failed');
    expect(calls.filter((c) => c.endsWith('/studente/info'))).toHaveLength(students.length);
    expect(key).not.toEqual((await readFailing(false)).key);
  });

  it('takes an answer the screens’ own entry holds, fresh, instead of asking again; not a stale one', async () => {
    const scope = { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' };
    const info = { servizi: {}, periodi_scolastici: [] } as unknown as StudentInfo;
    const seeded = (ageMs: number) => (client: QueryClient, { studentInfoQuery }: typeof import('./student')) =>
      client.setQueryData(studentInfoQuery(scope, students[0]!).queryKey, info, { updatedAt: Date.now() - ageMs });
    const fresh = await readFailing(true, seeded(1_000));
    // 501's info came from the screens' entry (its sections are off), 502's from the backend.
    expect(fresh.calls.filter((c) => c.endsWith('/studente/info'))).toEqual(['/api/v3/scuole/DEMO02/studenti/502/2026_2027/studente/info']);
    const stale = await readFailing(true, seeded(60_000));
    expect(stale.calls.filter((c) => c.endsWith('/studente/info'))).toHaveLength(2);
  });

  it('does not take a young answer the screens invalidated (a grade acknowledged since)', async () => {
    const scope = { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' };
    const info = { servizi: {}, periodi_scolastici: [] } as unknown as StudentInfo;
    const invalidated = await readFailing(true, (client, { studentInfoQuery }) => {
      const { queryKey } = studentInfoQuery(scope, students[0]!);
      client.setQueryData(queryKey, info, { updatedAt: Date.now() - 1_000 });
      void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    });
    expect(invalidated.calls.filter((c) => c.endsWith('/studente/info'))).toHaveLength(2);
  });
});
