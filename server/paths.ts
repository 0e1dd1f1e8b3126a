import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SPEC_PATH = fileURLToPath(new URL('../openapi/portal.yaml', import.meta.url));
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}
