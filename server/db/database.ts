import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { seedDatabase } from './seed';

export type Db = Database.Database;

export const DATABASE_FILE = 'portal.sqlite';
const SCHEMA_VERSION = 1;

export function databasePath(dataDir: string): string {
  return join(dataDir, DATABASE_FILE);
}

function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
}

/** Opens `<dataDir>/portal.sqlite`, creating and seeding it (relative to `now`) when missing. */
export async function openDatabase(dataDir: string, now: Date): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const file = databasePath(dataDir);
  if (existsSync(file)) {
    const db = new Database(file);
    configure(db);
    const version = db.pragma('user_version', { simple: true });
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new Error(`${file} has schema version ${String(version)}, expected ${SCHEMA_VERSION}: run "npm run db:reset"`);
    }
    return db;
  }
  const db = new Database(file);
  try {
    configure(db);
    db.exec(readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'));
    await seedDatabase(db, now);
    return db;
  } catch (err) {
    db.close();
    deleteDatabase(dataDir);
    throw err;
  }
}

export function deleteDatabase(dataDir: string): void {
  const file = databasePath(dataDir);
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}
