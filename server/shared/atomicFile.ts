import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `data` to `file` so that a reader (or a restart after a crash) sees the old file or the
 * whole new one, never half of it: a private temporary file beside it, flushed, then renamed over.
 * Readable by the server's user only (the JWT key, families' uploads).
 */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(temporary, file);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}
