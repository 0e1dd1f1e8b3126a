import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AREAS } from '../areas';
import { databasePath, type Db } from '../db/database';
import { seedDatabase } from '../db/seed';
import { LATEST_VERSION, isEmptyDatabase, migrate } from './migrations';

/**
 * How long a statement waits for another connection's lock before SQLITE_BUSY (better-sqlite3's
 * default is 5 s, during which every request queues behind it): the API answers 503 with
 * Retry-After instead, and the client retries.
 */
export const BUSY_TIMEOUT_MS = 200;

/** The newest schema version this code writes (see migrations.ts). */
export const SCHEMA_VERSION = LATEST_VERSION;

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

function open(file: string): Db {
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  restrictToOwner(file);
  return db;
}

async function seed(db: Db, now: Date): Promise<void> {
  await seedDatabase(db, now);
  for (const area of AREAS) await area.seed?.(db, now);
}

export interface OpenDatabaseOptions {
  /** Seed the demo accounts and their data into a database this call creates (never into an existing one). */
  demo?: boolean;
  log?: (line: string) => void;
}

/**
 * Opens `<dataDir>/portal.sqlite`, bringing it to the newest schema version with the migrations
 * (which keep every row). A missing database is built beside it and renamed into place once whole,
 * so a failed build leaves no half database behind; it holds the demo data only with `demo`.
 * A database newer than this code, or of a layout with no migration path, is refused, never deleted.
 */
export async function openDatabase(dataDir: string, now: Date, options: OpenDatabaseOptions = {}): Promise<Db> {
  const { demo = false, log = () => {} } = options;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = databasePath(dataDir);
  if (!existsSync(file)) await create(file, now, demo);
  const db = open(file);
  try {
    // A file that exists but holds nothing (made by hand, say) is built in place; the seed as above.
    const empty = isEmptyDatabase(db);
    const from = migrate(db, file, undefined, log);
    if (empty && from === 0 && demo) await seed(db, now);
    restrictToOwner(file);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

async function create(file: string, now: Date, demo: boolean): Promise<void> {
  // Only ever this temporary file is removed: a leftover of a build that was interrupted.
  const building = `${file}.new`;
  removeBuildFile(building);
  const db = open(building);
  try {
    migrate(db, file);
    if (demo) await seed(db, now);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  } catch (err) {
    if (db.open) db.close();
    removeBuildFile(building);
    throw err;
  }
  renameSync(building, file);
  removeBuildFile(building);
}

function removeBuildFile(building: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(building + suffix, { force: true });
}
