import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildAppOptions } from './app';
import { SCHEMA_VERSION, openDatabase } from './bootstrap/database';
import { DATABASE_FILE, databasePath } from './db/database';
import { DEFAULT_SCHOOL_ID } from './db/seed';
import { DEMO_PASSWORD } from './shared/enrolments';

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

export interface TestServerOptions extends Partial<BuildAppOptions> {
  /**
   * Seed this server's database itself instead of copying the shared template (for tests of the
   * seed, such as "the same clock gives the same data").
   */
  freshSeed?: boolean;
  /** Where the pinned clock starts (default PINNED_NOW); the template is seeded for this instant. */
  at?: string;
}

// ---------------------------------------------------------------- seeded database templates

const SERVER_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * What the seed depends on besides the clock: every non-test source and SQL file of the server.
 * SCHEMA_VERSION alone would keep a stale template after a change to a seed that left the schema
 * alone; hashing the sources (a few milliseconds) makes any change seed a new template.
 */
function sourceFingerprint(): string {
  const hash = createHash('sha256').update(String(SCHEMA_VERSION));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        hash.update(relative(SERVER_DIR, path)).update(readFileSync(path));
      }
    }
  };
  walk(SERVER_DIR);
  return hash.digest('hex').slice(0, 16);
}

let fingerprint: string | undefined;
const TEMPLATE_PREFIX = 'portale-template-';
const templates = new Map<string, Promise<string>>();

/**
 * A folder holding `portal.sqlite` seeded for `instant`, shared by every test server (and every
 * vitest worker) of the same instant and server sources: seeding takes seconds, copying the file
 * milliseconds. It is built in a temporary folder and renamed into place, so a worker sees either
 * no template or a whole one; when two workers build at once, the first rename wins.
 */
function templateFor(instant: Date): Promise<string> {
  fingerprint ??= sourceFingerprint();
  const key = `${fingerprint}-${instant.toISOString().replace(/[^0-9]/g, '')}`;
  const cached = templates.get(key);
  if (cached) return cached;
  const dir = join(tmpdir(), `${TEMPLATE_PREFIX}${key}`);
  const built = (async () => {
    if (existsSync(databasePath(dir))) return dir;
    pruneTemplates();
    const building = mkdtempSync(join(tmpdir(), 'portale-template-build-'));
    try {
      const db = await openDatabase(building, instant, { demo: true });
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      renameSync(building, dir);
    } catch (err) {
      rmSync(building, { recursive: true, force: true });
      // Another worker renamed its template first: use that one.
      if (!existsSync(databasePath(dir))) throw err;
    }
    return dir;
  })();
  templates.set(key, built);
  return built;
}

/** Templates untouched for a week belong to old sources or clocks. */
function pruneTemplates(): void {
  const weekAgo = Date.now() - 7 * 86_400_000;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(TEMPLATE_PREFIX)) continue;
    const path = join(tmpdir(), name);
    try {
      if (statSync(path).mtimeMs < weekAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another worker.
    }
  }
}

// ---------------------------------------------------------------- test servers

/**
 * An app on a fresh temporary data dir, with a clock the test controls. Its database is a copy of
 * the template seeded for the clock's first instant (see `templateFor`); its JWT key is its own.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { freshSeed = false, at = PINNED_NOW, ...appOptions } = options;
  const dataDir = appOptions.dataDir ?? mkdtempSync(join(tmpdir(), 'portale-test-'));
  let now = new Date(at);
  const clock = appOptions.now ?? (() => new Date(now));
  // A clock of the test's own (appOptions.now) may not be pinned: that server seeds for itself.
  if (!freshSeed && !appOptions.now && !existsSync(databasePath(dataDir))) {
    copyFileSync(join(await templateFor(new Date(at)), DATABASE_FILE), databasePath(dataDir));
  }
  const app = await buildApp({ now: clock, demo: true, ...appOptions, dataDir });
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
      const res = await app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: DEFAULT_SCHOOL_ID, utente: username, password: DEMO_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
      const body = res.json<Record<string, unknown> & { token: string }>();
      return { token: body.token, body };
    },
    async close() {
      await app.close();
      if (!appOptions.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const auth = (token: string): Record<string, string> => ({ authorization: `JWT ${token}` });

export const studentPath = (school: string, student: number, year: string, rest: string): string =>
  `/api/v3/scuole/${school}/studenti/${student}/${year}/${rest}`;

// ---------------------------------------------------------------- demo students and suites

export interface DemoStudent {
  school: string;
  id: number;
  year: string;
}

/** The seeded students in the current year (see server/db/seed.ts): use `{ ...MARCO, year: PREVIOUS_YEAR }` for 2A. */
export const MARCO: DemoStudent = { school: 'DEMO01', id: 501, year: CURRENT_YEAR };
export const GIULIA: DemoStudent = { school: 'DEMO02', id: 502, year: CURRENT_YEAR };
export const LUCA: DemoStudent = { school: 'DEMO01', id: 503, year: CURRENT_YEAR };

/** The per-student path of `rest` for a demo student (default Marco, current year). */
export const pathOf = (rest: string, s: DemoStudent = MARCO): string => studentPath(s.school, s.id, s.year, rest);

export type InjectMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface TestSuite {
  /** Set in beforeAll. */
  server: TestServer;
  /** Token of `genitore.demo` (Marco and Giulia). */
  parent: string;
  /** Token of `studente.demo` (Luca). */
  student: string;
  /** GET with `Authorization: JWT <token>` (default the parent's; `null` sends none). */
  get(url: string, token?: string | null): Promise<LightMyRequestResponse>;
  /** Any method, with a JSON payload when one is given. */
  send(method: InjectMethod, url: string, payload?: unknown, token?: string | null): Promise<LightMyRequestResponse>;
  /** A second connection to the server's database, to arrange or inspect what the API cannot (closed in afterAll). */
  db(): Database.Database;
}

/**
 * The usual set-up of a suite: a test server started in beforeAll with both demo accounts signed in,
 * closed in afterAll. Read `server`, `parent` and `student` inside tests (they are set by then).
 */
export function useTestServer(options: TestServerOptions = {}): TestSuite {
  const headers = (token: string | null | undefined): Record<string, string> => {
    const t = token === undefined ? suite.parent : token;
    return t === null ? {} : auth(t);
  };
  let db: Database.Database | undefined;
  const suite: TestSuite = {
    server: undefined as unknown as TestServer,
    parent: '',
    student: '',
    get: (url, token) => suite.server.app.inject({ url, headers: headers(token) }),
    send: (method, url, payload, token) =>
      suite.server.app.inject({
        method,
        url,
        headers: headers(token),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    db: () => (db ??= new Database(databasePath(suite.server.dataDir))),
  };
  beforeAll(async () => {
    suite.server = await startTestServer(options);
    suite.parent = (await suite.server.login('genitore.demo')).token;
    suite.student = (await suite.server.login('studente.demo')).token;
  });
  afterAll(async () => {
    db?.close();
    await suite.server?.close();
  });
  return suite;
}

// ---------------------------------------------------------------- PDF checks

/** WinAnsi 0x80–0x9f (Node's `TextDecoder` decodes windows-1252 as plain Latin-1). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsiText = (bytes: Buffer): string =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? (WIN_ANSI_HIGH[b - 0x80] ?? '?') : String.fromCharCode(b))).join('');

/**
 * The text a PDF of `shared/pdf.ts` shows, one line per text object: PDFKit writes each line as a
 * `TJ` array of hex glyph strings in WinAnsi (split where it kerns), in content streams left
 * uncompressed.
 */
export function pdfText(bytes: Buffer): string {
  const lines: string[] = [];
  for (const [, array = ''] of bytes.toString('latin1').matchAll(/\[((?:<[0-9a-f]*>|[\s\d.-])*)\]\s*TJ/g)) {
    const hex = [...array.matchAll(/<([0-9a-f]*)>/g)].map((m) => m[1]).join('');
    lines.push(winAnsiText(Buffer.from(hex, 'hex')));
  }
  return lines.join('\n');
}

/** A complete PDF (header, cross-reference table where `startxref` says, trailer, a page) showing every one of `texts`. */
export function expectValidPdf(bytes: Buffer, ...texts: string[]): void {
  const s = bytes.toString('latin1');
  expect(s.startsWith('%PDF-1.4\n')).toBe(true);
  const tail = /startxref\n(\d+)\n%%EOF\n?$/.exec(s);
  expect(tail, 'startxref and %%EOF at the end').not.toBeNull();
  const xrefAt = Number(tail?.[1]);
  expect(s.slice(xrefAt, xrefAt + 5)).toBe('xref\n');
  const xref = s.slice(xrefAt).split('\n');
  const count = Number(/^0 (\d+)$/.exec(xref[1] ?? '')?.[1]);
  expect(count).toBeGreaterThan(5);
  for (let i = 1; i < count; i++) {
    const offset = Number((xref[2 + i] ?? '').slice(0, 10));
    expect(s.slice(offset, offset + `${i} 0 obj\n`.length), `object ${i} where the cross-reference table says`).toBe(`${i} 0 obj\n`);
  }
  expect(s).toMatch(/\/Type \/Page\b/);
  const text = pdfText(bytes);
  expect(text.trim(), 'visible text').not.toBe('');
  for (const wanted of texts) expect(text).toContain(wanted);
}
