/**
 * One name per thing: no two modules of the app export something under the same name, so a
 * newcomer who meets a name knows which one it is. `Route` is TanStack Router's convention: every
 * route file exports its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const EXPORT = /^export (?:async )?(?:function|const|let|class|interface|type|enum) ([A-Za-z0-9_$]+)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$|routeTree\.gen\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('names in src/', () => {
  it('are exported by one module each (Route aside)', () => {
    // A set per name: a function's overload signatures are one export of one module.
    const owners = new Map<string, Set<string>>();
    for (const file of sourceFiles('src')) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(EXPORT)) owners.set(name!, (owners.get(name!) ?? new Set()).add(file));
    }
    const twice = [...owners].filter(([name, files]) => files.size > 1 && name !== 'Route').map(([name, files]) => `${name}: ${[...files].join(', ')}`);
    expect(twice).toEqual([]);
  });
});
