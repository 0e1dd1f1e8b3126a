import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';

/**
 * The handle every repository, handler and area works with. This module imports no area: opening,
 * creating and seeding the database (which runs every area's schema and seed) is
 * `bootstrap/database.ts`, which only the entry points import.
 */
export type Db = Database.Database;

export const DATABASE_FILE = 'portal.sqlite';

export function databasePath(dataDir: string): string {
  return join(dataDir, DATABASE_FILE);
}

export function deleteDatabase(dataDir: string): void {
  const file = databasePath(dataDir);
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}
