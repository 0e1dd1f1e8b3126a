import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { databasePath, type Db } from '../db/database';
import { DEMO_PASSWORD } from '../shared/enrolments';
import { PINNED_NOW, startTestServer } from '../testing';
import { openDatabase } from './database';
import { APPLICATION_ID, LATEST_VERSION, LEGACY_LAYOUTS, MIGRATIONS, migrate, schemaFilesHash, type Migration } from './migrations';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portale-migrations-'));
  dirs.push(dir);
  return dir;
}

function raw(file: string): Db {
  const db = new Database(file);
  dbs.push(db);
  return db;
}

/** The schema files of commit b81106b (core, then every area in AREAS order), as that code ran them. */
const PREVIOUS_SCHEMA = readFileSync(new URL('./fixtures/schema-b81106b.sql', import.meta.url), 'utf8');

type Columns = Record<string, string[]>;

/** Every table's and index's shape (column names, types, not-null, keys; index columns), column order aside. */
function layout(db: Db): Record<string, unknown> {
  const objects = db
    .prepare<[], { type: string; name: string; tbl_name: string }>("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
    .all();
  return Object.fromEntries(
    objects.map((o) => {
      if (o.type === 'index') return [`index ${o.name}`, [o.tbl_name, (db.pragma(`index_info(${o.name})`) as { name: string }[]).map((c) => c.name)]];
      const cols = (db.pragma(`table_info(${o.name})`) as { name: string; type: string; notnull: number; pk: number }[])
        .map((c) => ({ name: c.name, type: c.type, notnull: c.notnull, pk: c.pk }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return [`table ${o.name}`, cols];
    }),
  );
}

function columnsOf(db: Db): Columns {
  const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all();
  return Object.fromEntries(tables.map((t) => [t.name, (db.pragma(`table_info(${t.name})`) as { name: string }[]).map((c) => c.name)]));
}

function rowsOf(db: Db, table: string, columns: string[]): unknown[] {
  const list = columns.map((c) => `"${c}"`).join(', ');
  return db.prepare(`SELECT ${list} FROM "${table}" ORDER BY ${list}`).raw().all();
}

describe('schema migrations', () => {
  it('the schema files are the frozen baseline: a change to the layout is a new migration step', () => {
    expect(
      schemaFilesHash(),
      'db/schema.sql or an area schema.sql changed: revert it and add the change as a step at the end of MIGRATIONS (server/bootstrap/migrations.ts)',
    ).toBe(1488938904);
    expect(LEGACY_LAYOUTS.get(schemaFilesHash())).toBeDefined();
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('upgrades a database of the previous schema, full of demo data, and keeps every row', async () => {
    // The rows: today's demo data, in the columns the previous schema had.
    // (the test servers' seeded template, copied: seeding again would take seconds)
    const sourceDir = tempDir();
    await (await startTestServer({ dataDir: sourceDir })).close();
    const source = raw(databasePath(sourceDir));
    const dir = tempDir();
    const file = databasePath(dir);
    const old = raw(file);
    old.exec(PREVIOUS_SCHEMA);
    // The hash the code of that commit wrote: the fixture is the schema it really ran.
    expect(schemaFilesHash([PREVIOUS_SCHEMA])).toBe(2052381032);
    old.pragma(`user_version = ${schemaFilesHash([PREVIOUS_SCHEMA])}`);
    const oldColumns = columnsOf(old);
    const sourceColumns = columnsOf(source);
    old.pragma('foreign_keys = OFF');
    old.exec(`ATTACH DATABASE '${databasePath(sourceDir)}' AS source`);
    let copied = 0;
    for (const [table, columns] of Object.entries(oldColumns)) {
      const shared = columns.filter((c) => sourceColumns[table]?.includes(c));
      expect(shared, table).toEqual(columns);
      const list = columns.map((c) => `"${c}"`).join(', ');
      copied += old.prepare(`INSERT INTO main."${table}" (${list}) SELECT ${list} FROM source."${table}"`).run().changes;
    }
    old.exec('DETACH DATABASE source');
    expect(copied).toBeGreaterThan(1000);
    const before = Object.fromEntries(Object.entries(oldColumns).map(([t, cols]) => [t, rowsOf(old, t, cols)]));
    old.close();

    const upgraded = await openDatabase(dir, new Date(PINNED_NOW), { demo: true });
    dbs.push(upgraded);
    expect(upgraded.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(upgraded.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    for (const [table, cols] of Object.entries(oldColumns)) expect(rowsOf(upgraded, table, cols), table).toEqual(before[table]);
    // The same layout as a database made today, so every handler finds its columns.
    const fresh = await openDatabase(tempDir(), new Date(PINNED_NOW));
    dbs.push(fresh);
    expect(layout(upgraded)).toEqual(layout(fresh));
    upgraded.close();

    // The server starts on it and the accounts in it sign in.
    const server = await startTestServer({ dataDir: dir, demo: false });
    try {
      const res = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(200);
    } finally {
      await server.close();
    }
    // Seeding, copying every table and comparing them is more than a unit test's 20 s on a busy machine.
  }, 60_000);

  it('adopts a database the previous start-up wrote with the baseline files, without touching its rows', async () => {
    const dir = tempDir();
    const made = await openDatabase(dir, new Date(PINNED_NOW), { demo: true });
    // Back to the baseline files' layout: what the later steps added goes.
    made.exec('ALTER TABLE sessioni DROP COLUMN jti_precedente; ALTER TABLE sessioni DROP COLUMN ruotata_ms; ALTER TABLE mobile_codici DROP COLUMN sfida;');
    made.exec('ALTER TABLE scuole DROP COLUMN login_cie; ALTER TABLE scuole DROP COLUMN ciclo;');
    made.exec('DROP TABLE oidc_accessi; ALTER TABLE spid_codici DROP COLUMN metodo;');
    made.exec('DROP TABLE notifiche_in_attesa; DROP TABLE notifiche_eventi; DROP TABLE push_sottoscrizioni; DROP TABLE preferenze_utente;');
    made.pragma('application_id = 0');
    made.pragma(`user_version = ${schemaFilesHash()}`);
    const users = made.prepare('SELECT COUNT(*) AS n FROM utenti').get();
    made.close();
    const db = await openDatabase(dir, new Date(PINNED_NOW));
    dbs.push(db);
    expect(db.prepare('SELECT COUNT(*) AS n FROM utenti').get()).toEqual(users);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
  });

  it('refuses a database newer than the code, and one of an unknown layout, and leaves both as they were', async () => {
    const dir = tempDir();
    const file = databasePath(dir);
    (await openDatabase(dir, new Date(PINNED_NOW), { demo: true })).close();
    const bump = raw(file);
    bump.pragma(`user_version = ${LATEST_VERSION + 1}`);
    bump.close();
    const size = statSync(file).size;
    await expect(openDatabase(dir, new Date(PINNED_NOW), { demo: true })).rejects.toThrow(/newer than this server knows/);
    await expect(startTestServer({ dataDir: dir })).rejects.toThrow(/newer than this server knows/);
    expect(statSync(file).size).toBe(size);
    const after = raw(file);
    expect(after.pragma('user_version', { simple: true })).toBe(LATEST_VERSION + 1);
    expect((after.prepare('SELECT COUNT(*) AS n FROM utenti').get() as { n: number }).n).toBeGreaterThan(0);
    after.close();

    const unknown = tempDir();
    const other = raw(databasePath(unknown));
    other.exec('CREATE TABLE appunti (testo TEXT); INSERT INTO appunti VALUES (\'da tenere\')');
    other.pragma('user_version = 7');
    other.close();
    await expect(openDatabase(unknown, new Date(PINNED_NOW), { demo: true })).rejects.toThrow(/no migration path/);
    const kept = raw(databasePath(unknown));
    expect(kept.prepare('SELECT testo FROM appunti').all()).toEqual([{ testo: 'da tenere' }]);
    expect(kept.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get()).toEqual({ n: 1 });
  });

  it('applies the pending steps in one transaction: a failing step leaves the database as it was', () => {
    const db = raw(join(tempDir(), 'steps.sqlite'));
    const steps: Migration[] = [
      { version: 1, description: 'one', up: (d) => d.exec('CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1)') },
      { version: 2, description: 'two', up: (d) => d.exec('ALTER TABLE a ADD COLUMN y INTEGER NOT NULL DEFAULT 0') },
    ];
    expect(migrate(db, 'steps', steps.slice(0, 1))).toBe(0);
    expect(migrate(db, 'steps', steps)).toBe(1);
    expect(db.prepare('SELECT x, y FROM a').all()).toEqual([{ x: 1, y: 0 }]);
    const failing: Migration[] = [
      ...steps,
      { version: 3, description: 'adds', up: (d) => d.exec('CREATE TABLE b (z INTEGER)') },
      { version: 4, description: 'breaks', up: (d) => d.exec('SELECT * FROM missing') },
    ];
    expect(() => migrate(db, 'steps', failing)).toThrow(/missing/);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    expect(migrate(db, 'steps', steps)).toBe(2);
  });

  it('step 4 keeps the SPID codes in flight (as SPID codes) and adds the pending sign-ins', () => {
    const dir = tempDir();
    const file = databasePath(dir);
    const db = raw(file);
    db.pragma('foreign_keys = ON');
    migrate(db, file, MIGRATIONS.filter((m) => m.version <= 3));
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    db.prepare("INSERT INTO spid_identita (codice_fiscale, nome, cognome, nota, ordinamento) VALUES ('RSSLRA80A41H501X', 'Laura', 'Rossi', '', 1)").run();
    db.prepare("INSERT INTO spid_codici (hash, codice_fiscale, scade_ms, sfida) VALUES ('h1', 'RSSLRA80A41H501X', 1000, 's1')").run();
    migrate(db, file);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare('SELECT hash, codice_fiscale, scade_ms, sfida, metodo FROM spid_codici').all()).toEqual([
      { hash: 'h1', codice_fiscale: 'RSSLRA80A41H501X', scade_ms: 1000, sfida: 's1', metodo: 'spid' },
    ]);
    // A real provider's tax code need not be a demo identity; a code says which way in made it.
    db.prepare("INSERT INTO spid_codici (hash, codice_fiscale, scade_ms, sfida, metodo) VALUES ('h2', 'BNCMRA75C12L219Y', 1000, 's2', 'cie')").run();
    expect(() => db.prepare("INSERT INTO spid_codici (hash, codice_fiscale, scade_ms, sfida, metodo) VALUES ('h3', 'X', 1, 's', 'altro')").run()).toThrow();
    expect(columnsOf(db).oidc_accessi).toEqual(['stato_hash', 'metodo', 'idp', 'nonce', 'verificatore', 'sfida', 'ritorno', 'scade_ms']);
  });

  it('step 5 keeps the users and sessions of version 4 and adds the preferences, subscriptions and notice tables', () => {
    const dir = tempDir();
    const file = databasePath(dir);
    const db = raw(file);
    db.pragma('foreign_keys = ON');
    migrate(db, file, MIGRATIONS.filter((m) => m.version <= 4));
    db.prepare("INSERT INTO utenti (id_utente, mastercom_id, username, password_hash, nome, cognome, tipo) VALUES (7, 70, 'g', 'x', 'Anna', 'Neri', 'genitore')").run();
    migrate(db, file);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare('SELECT username FROM utenti').pluck().all()).toEqual(['g']);
    db.prepare("INSERT INTO push_sottoscrizioni (endpoint, id_utente, p256dh, auth, creata_ms) VALUES ('https://push.example/x', 7, 'k', 'a', 1)").run();
    expect(() => db.prepare("INSERT INTO push_sottoscrizioni (endpoint, id_utente, p256dh, auth, creata_ms) VALUES ('https://push.example/y', 8, 'k', 'a', 1)").run()).toThrow();
    expect(columnsOf(db).preferenze_utente).toEqual(['id_utente', 'dati', 'ultimo_riepilogo_ms']);
    expect(columnsOf(db).notifiche_eventi).toEqual(['id', 'id_studente', 'tipo', 'dettaglio', 'percorso', 'creato_ms', 'elaborato']);
    expect(columnsOf(db).notifiche_in_attesa).toEqual(['id_utente', 'id_evento']);
  });

  it('no code path of the server deletes the data file but the explicit db:reset', () => {
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    const sources: Record<string, string> = {};
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) sources[relative(serverDir, path)] = readFileSync(path, 'utf8');
      }
    };
    walk(serverDir);
    const using = (pattern: RegExp) => Object.keys(sources).filter((f) => pattern.test(sources[f] as string)).sort();
    // Each file that removes files, and why it may: none of them names the database but these two.
    expect(using(/\b(rmSync|unlinkSync|unlink|rm)\(/)).toEqual([
      'bootstrap/database.ts', // only `<database>.new`, a build that failed or was interrupted
      'bootstrap/lock.ts', // the data folder's lock file
      'db/database.ts', // deleteDatabase, for db:reset alone
      'areas/messaggi/uploads.ts', // attachment files never sent
      'shared/atomicFile.ts', // its own temporary file
      'testing.ts', // test folders
    ].sort());
    expect(using(/deleteDatabase\(/)).toEqual(['db/database.ts', 'reset.ts']);
    expect(sources['bootstrap/database.ts']).not.toMatch(/rmSync\((?!building)/);
  });
});

describe('demo mode off', () => {
  it('starts on an empty database with every table, no demo account, and no demo SPID or CIE provider', async () => {
    const dataDir = tempDir();
    const server = await startTestServer({ dataDir, demo: false, freshSeed: true });
    try {
      const db = raw(databasePath(dataDir));
      const fresh = await openDatabase(tempDir(), new Date(PINNED_NOW), { demo: false });
      dbs.push(fresh);
      expect(layout(db)).toEqual(layout(fresh));
      for (const table of Object.keys(columnsOf(db))) expect(db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get(), table).toEqual({ n: 0 });
      db.close();

      for (const username of ['genitore.demo', 'studente.demo', 'genitore.bianchi']) {
        const res = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: 'DEMO01', utente: username, password: DEMO_PASSWORD } });
        expect(res.statusCode, username).toBe(401);
      }
      // No demo identity provider: its endpoints are not routes, and a start has nowhere to go.
      for (const url of ['/idp/posteid/.well-known/openid-configuration', '/idp/cie/auth', '/idp/posteid/interazione/x']) {
        expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const start = await server.app.inject({ method: 'GET', url: `/api/v4/utenti/spid/inizio?idp=posteid&ritorno=%2Flogin&sfida=${'a'.repeat(43)}` });
      expect(start.statusCode).toBe(404);
    } finally {
      await server.close();
    }
    // Turning demo mode on later seeds nothing into a database that already exists.
    const again = await startTestServer({ dataDir, demo: true });
    try {
      const res = await again.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(401);
      expect((await again.app.inject({ method: 'GET', url: '/idp/posteid/.well-known/openid-configuration' })).statusCode).toBe(200);
    } finally {
      await again.close();
    }
    expect(existsSync(databasePath(dataDir))).toBe(true);
  });
});
