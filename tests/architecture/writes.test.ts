/**
 * One way to write (docs/ARCHITECTURE.md "One way each"): a call that changes something on the
 * server (`api.client.POST`, `PUT`, `PATCH`, `DELETE`) is made only inside a `mutationOptions(...)`
 * factory of `src/api/queries/<area>.ts`, with its cache update beside it. The session's own calls
 * (`api/queries/session.ts`: sign-in, refresh, sign-out, on the boot path before the query cache is
 * loaded) are the one exception. Any reference counts, not only a call: an alias would hide one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WRITE_VERBS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const QUERIES = 'src/api/queries';
const EXEMPT = new Set([`${QUERIES}/session.ts`]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

const isMutationOptionsCall = (node: ts.Node) =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'mutationOptions';

/** Every `api.client.<write verb>` in a module, with whether it sits inside a `mutationOptions(...)` call. */
export function writesIn(fileName: string, code: string): Array<{ line: number; verb: string; inMutationOptions: boolean }> {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ line: number; verb: string; inMutationOptions: boolean }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAccessExpression(node) &&
      WRITE_VERBS.has(node.name.text) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'client' &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'api'
    ) {
      let inMutationOptions = false;
      for (let up: ts.Node | undefined = node.parent; up && !inMutationOptions; up = up.parent) inMutationOptions = isMutationOptionsCall(up);
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, verb: node.name.text, inMutationOptions });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The rule over the given modules: where a write is made that is not a mutation of api/queries. */
export function misplacedWrites(files: Array<{ path: string; code: string }>): string[] {
  return files.flatMap(({ path, code }) => {
    if (EXEMPT.has(path)) return [];
    const inQueries = path.startsWith(`${QUERIES}/`);
    return writesIn(path, code)
      .filter((w) => !inQueries || !w.inMutationOptions)
      .map((w) => `${path}:${w.line} api.client.${w.verb} ${inQueries ? 'outside a mutationOptions factory' : 'outside src/api/queries/'}`);
  });
}

describe('writes go one way', () => {
  it('every write of src/ is a mutationOptions factory of api/queries (the session aside)', () => {
    const files = sourceFiles('src').map((path) => ({ path: relative('.', path), code: readFileSync(path, 'utf8') }));
    expect(files.some((f) => f.path === `${QUERIES}/meals.ts`)).toBe(true);
    expect(misplacedWrites(files)).toEqual([]);
  });

  it('finds the writes it checks: the queries make some, all inside mutationOptions', () => {
    const writes = sourceFiles(QUERIES).flatMap((path) => (EXEMPT.has(relative('.', path)) ? [] : writesIn(path, readFileSync(path, 'utf8'))));
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.every((w) => w.inMutationOptions)).toBe(true);
  });

  it('fails on a hand-rolled write in a query module, or an alias of one', () => {
    const handRolled = [
      "import { api } from '../api';",
      'export async function bookMeal(id: number) {',
      "  return api.client.PUT('/api/x/{id}', { params: { path: { id } } });",
      '}',
      'const post = api.client.POST;',
    ].join('\n');
    expect(misplacedWrites([{ path: `${QUERIES}/sample.ts`, code: handRolled }])).toEqual([
      `${QUERIES}/sample.ts:3 api.client.PUT outside a mutationOptions factory`,
      `${QUERIES}/sample.ts:5 api.client.POST outside a mutationOptions factory`,
    ]);
  });

  it('fails on a write made outside api/queries, even inside mutationOptions', () => {
    const inScreen = [
      "import { mutationOptions } from '@tanstack/react-query';",
      "import { api } from '../../api/api';",
      "export const m = mutationOptions({ mutationFn: () => api.client.DELETE('/api/x') });",
    ].join('\n');
    expect(misplacedWrites([{ path: 'src/routes/_private/(meals)/sample.tsx', code: inScreen }])).toEqual([
      'src/routes/_private/(meals)/sample.tsx:3 api.client.DELETE outside src/api/queries/',
    ]);
  });

  it('accepts a write inside a mutationOptions factory, and reads anywhere', () => {
    const factory = [
      "import { mutationOptions } from '@tanstack/react-query';",
      "import { api } from '../api';",
      "export const bookMealMutation = (id: number) => mutationOptions({ mutationFn: async () => (await api.client.PUT('/api/x/{id}', { params: { path: { id } } })).data });",
      "export const read = () => api.client.GET('/api/x');",
    ].join('\n');
    expect(misplacedWrites([{ path: `${QUERIES}/sample.ts`, code: factory }])).toEqual([]);
  });
});
