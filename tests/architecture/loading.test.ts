/**
 * One way to load a screen and one way to load a block (docs/ARCHITECTURE.md "Loading"). A screen:
 * its route's `loader` ensures the data, the component reads it with `useSuspenseQuery`, the route's
 * `errorComponent` (and the router's pending component) show the rest. A block: `Loaded` from
 * `routes/-shared/Loaded.tsx`, given the query's options. So nothing else under `src/routes/` runs a
 * query whose pending or failed state it would have to branch on by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES = 'src/routes';
/** The block idiom itself: the one file under routes/ that runs a query without Suspense. */
const BLOCK = 'src/routes/-shared/Loaded.tsx';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(process.cwd(), path)] : [];
  });
}

/** The query hooks that hand back a pending or failed state to branch on (Suspense ones do not). */
const STATEFUL_QUERY = /\b(useQuery|useQueries|useInfiniteQuery)\s*[(<]/;

/** The files that run a query with a state of its own, besides the block idiom. */
function statefulQueryReaders(files: { path: string; text: string }[]): string[] {
  return files.filter(({ path, text }) => path !== BLOCK && STATEFUL_QUERY.test(text)).map(({ path }) => path);
}

const files = sourceFiles(ROUTES).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('loading: one idiom for a screen, one for a block', () => {
  it('reads the routes (the check sees the screens it guards)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => f.path)).toContain(BLOCK);
  });

  it('runs no query in routes/ outside Loaded: screens use useSuspenseQuery, blocks Loaded', () => {
    expect(statefulQueryReaders(files)).toEqual([]);
  });

  it('would catch a screen that branches on a query of its own', () => {
    const screen = {
      path: 'src/routes/_private/(grades)/sample.tsx',
      text: "const q = useQuery(gradesQuery(scope));\nif (q.isPending) return <Skeleton />;\n",
    };
    const typed = { path: 'src/routes/-shared/Sample.tsx', text: 'const q = useQueries<Grade[]>({ queries });\n' };
    expect(statefulQueryReaders([...files, screen, typed])).toEqual([screen.path, typed.path]);
  });

  it('gives every screen with a loader the shared error component', () => {
    const screens = files.filter(({ text }) => /createFileRoute\(/.test(text) && /\bloader:/.test(text));
    expect(screens.length).toBeGreaterThan(20);
    expect(screens.filter(({ text }) => !/errorComponent: RouteError\b/.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it('has the block idiom run the query it is given, and nothing else', () => {
    const block = files.find((f) => f.path === BLOCK)!.text;
    expect(block).toMatch(/useQuery\(query\)/);
    expect(block).toMatch(/<AsyncContent\b/);
  });
});
