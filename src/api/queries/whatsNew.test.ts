import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Student } from '../../domain/records';
import { Temporal } from '../../domain/temporal';
import { READ_RETRIES } from '../retryPolicy';

const students = [
  { id: 501, id_scuola: 'DEMO01', anno_corrente: '2026_2027', versione_messenger: 'VERSIONE_2' },
  { id: 502, id_scuola: 'DEMO02', anno_corrente: '2026_2027', versione_messenger: 'VERSIONE_1' },
] as unknown as Student[];
const today = Temporal.PlainDate.from('2026-11-20');

/** Novità read against a backend whose every call fails with 500, with the app's read retry policy (no waiting). */
async function readFailing(badge: boolean) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      calls.push(new URL(req.url).pathname);
      return new Response(JSON.stringify({ detail: 'guasto', error: 'guasto' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  vi.resetModules();
  const [{ whatsNewQuery }, { shouldRetryRead }] = await Promise.all([import('./whatsNew'), import('../retryPolicy')]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetryRead, retryDelay: 0 } } });
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
});
