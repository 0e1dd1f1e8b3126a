import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';

/** The process id in the data folder's lock, when that process is still running. */
export function lockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`${dataDir} is in use by the server with process id ${pid}: stop it first`);
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the data folder for this server: two servers writing one database (and one upload folder)
 * would each believe they own it. A lock left by a process that died is taken over. Returns the
 * release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirLockedError(dataDir, holder);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`${file} could not be taken`);
}
