import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { DEMO_PASSWORD } from './db/seed';

/** Saturday 21 November 2026, 10:15 in Rome: inside the first period of 2026/2027. */
export const PINNED_NOW = '2026-11-21T09:15:00Z';
export const CURRENT_YEAR = '2026_2027';
export const PREVIOUS_YEAR = '2025_2026';

export interface TestServer {
  app: FastifyInstance;
  dataDir: string;
  /** Move the pinned clock. */
  setNow(iso: string | Date): void;
  advance(seconds: number): void;
  login(username?: string): Promise<{ token: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** An app on a fresh temporary data dir, with a clock the test controls. */
export async function startTestServer(options: Partial<BuildAppOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portale-test-'));
  let now = new Date(PINNED_NOW);
  const app = await buildApp({ now: () => new Date(now), ...options, dataDir });
  return {
    app,
    dataDir,
    setNow(iso) {
      now = new Date(iso);
    },
    advance(seconds) {
      now = new Date(now.getTime() + seconds * 1000);
    },
    async login(username = 'genitore.demo') {
      const res = await app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { username, password: DEMO_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
      const body = res.json<Record<string, unknown> & { token: string }>();
      return { token: body.token, body };
    },
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const auth = (token: string): Record<string, string> => ({ authorization: `JWT ${token}` });

export const studentPath = (school: string, student: number, year: string, rest: string): string =>
  `/api/v3/scuole/${school}/studenti/${student}/${year}/${rest}`;
