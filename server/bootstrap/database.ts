import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AREAS } from '../areas';
import { databasePath, deleteDatabase, type Db } from '../db/database';
import { seedDatabase } from '../db/seed';

/**
 * How long a statement waits for another connection's lock before SQLITE_BUSY (better-sqlite3's
 * default is 5 s, during which every request queues behind it): the API answers 503 with
 * Retry-After instead, and the client retries.
 */
export const BUSY_TIMEOUT_MS = 200;

/** Only the server's user may read the database (families' data) and its journal files. */
function restrictToOwner(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      chmodSync(file + suffix, 0o600);
    } catch {
      // Not there yet (the WAL appears with the first write).
    }
  }
}

function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
}

const CORE_SCHEMA = readFileSync(new URL('../db/schema.sql', import.meta.url), 'utf8');

/**
 * The schema's version is a hash of all its SQL (core and areas), stored in user_version: a
 * database made by other code is recognised without anyone having to remember to bump a number.
 */
export const SCHEMA_VERSION =
  createHash('sha256')
    .update([CORE_SCHEMA, ...AREAS.map((a) => a.schema ?? '')].join('\n'))
    .digest()
    .readUInt32BE(0) & 0x7fffffff;

/**
 * Opens `<dataDir>/portal.sqlite`, creating and seeding it (relative to `now`) when missing. A
 * database of another schema version is demo data of older code: it is made again from the seed.
 */
export async function openDatabase(dataDir: string, now: Date, log: (line: string) => void = () => {}): Promise<Db> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = databasePath(dataDir);
  if (existsSync(file)) {
    const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    configure(db);
    restrictToOwner(file);
    if (db.pragma('user_version', { simple: true }) === SCHEMA_VERSION) return db;
    db.close();
    log(`${file} was made by another version of the server: seeding it again`);
    deleteDatabase(dataDir);
  }
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    configure(db);
    restrictToOwner(file);
    db.exec(CORE_SCHEMA);
    for (const area of AREAS) if (area.schema) db.exec(area.schema);
    await seedDatabase(db, now);
    for (const area of AREAS) await area.seed?.(db, now);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    restrictToOwner(file);
    return db;
  } catch (err) {
    db.close();
    deleteDatabase(dataDir);
    throw err;
  }
}
