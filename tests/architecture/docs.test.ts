/**
 * The docs a newcomer reads first stay true: every snippet of docs/ARCHITECTURE.md is still in the
 * file it says it comes from, and every path its tables name exists; the code cites the product's
 * rules in docs/product.md (headings that exist), never documents a clone of the repository lacks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ARCHITECTURE = 'docs/ARCHITECTURE.md';
const read = (path: string) => readFileSync(path, 'utf8');

interface Snippet {
  from: string;
  line: number;
  code: string[];
}

/** Each fenced block that follows a `<!-- from: path -->` line (blank lines between allowed). */
export function snippetsOf(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const found: Snippet[] = [];
  lines.forEach((text, i) => {
    const marker = /^\s*<!-- from: (\S+) -->\s*$/.exec(text);
    if (!marker) return;
    let open = i + 1;
    while (open < lines.length && lines[open]!.trim() === '') open++;
    if (!/^\s*```/.test(lines[open] ?? '')) throw new Error(`${ARCHITECTURE}:${i + 1}: a "from" marker with no code block after it`);
    const close = lines.findIndex((l, j) => j > open && /^\s*```\s*$/.test(l));
    if (close < 0) throw new Error(`${ARCHITECTURE}:${open + 1}: an unclosed code block`);
    found.push({ from: marker[1]!, line: i + 1, code: lines.slice(open + 1, close) });
  });
  return found;
}

/** Whether the lines occur one after another in the text, each compared without its leading whitespace. */
export function containsLines(text: string, snippet: readonly string[]): boolean {
  const want = snippet.map((l) => l.trimStart()).filter((l, i, all) => l !== '' || (i > 0 && i < all.length - 1));
  const have = text.split('\n').map((l) => l.trimStart());
  if (want.length === 0) return false;
  return have.some((_, start) => want.every((l, k) => have[start + k] === l));
}

/**
 * Backticked paths in the table rows: `src/...`, `server/...`, `api/tabSync.ts`; a bare name
 * (`records.ts`, `boundary/`) is read in the folder its column's header names (a header cell that is
 * only a backticked folder), else in the folder of the row's first cell. An anchor is dropped.
 */
export function tablePaths(markdown: string): string[] {
  const paths = new Set<string>();
  const cellsOf = (row: string) => row.split('|').slice(1, -1).map((c) => c.trim());
  let columns: string[] = [];
  let previous = '';
  for (const row of markdown.split('\n')) {
    if (!row.startsWith('|')) {
      previous = row;
      continue;
    }
    // A table's first row is its header: a cell that is only `folder/` gives its column's folder.
    if (!previous.startsWith('|')) columns = cellsOf(row).map((c) => /^`([^`]+\/)`$/.exec(c)?.[1] ?? '');
    previous = row;
    const cells = cellsOf(row);
    const rowFolder = /^`([^`]+\/)`$/.exec(cells[0] ?? '')?.[1] ?? '';
    cells.forEach((cell, i) => {
      const folder = columns[i] || rowFolder;
      for (const [, token] of cell.matchAll(/`([^`]+)`/g)) {
        const path = token!.replace(/#.*$/, '');
        if (/[\s<>*{}]/.test(path) || path.startsWith('.') || path === '') continue;
        const bare = !path.includes('/') || (path.endsWith('/') && path.indexOf('/') === path.length - 1);
        if (bare && !/\.(ts|tsx|md|yaml|sql|js|mjs|css)$/.test(path) && !path.endsWith('/')) continue;
        paths.add((bare && path !== folder ? folder + path : path).replace(/\/$/, ''));
      }
    });
  }
  return [...paths];
}

const ROOTS = ['', 'src/', 'src/routes/', 'src/machines/', 'server/'];
const ENDINGS = ['', '.ts', '.tsx', '.d.ts'];
const exists = (path: string) => ROOTS.some((root) => ENDINGS.some((end) => existsSync(`${root}${path}${end}`)));

describe('docs/ARCHITECTURE.md', () => {
  const markdown = read(ARCHITECTURE);
  const snippets = snippetsOf(markdown);

  it('has a worked example made of real code', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(5);
  });

  it.each(snippets.map((s) => [`line ${s.line} (${s.from})`, s] as const))('quotes %s as the file has it', (_name, s) => {
    expect(existsSync(s.from), `${s.from} does not exist`).toBe(true);
    expect(containsLines(read(s.from), s.code), `${ARCHITECTURE}:${s.line}: the snippet is no longer in ${s.from}`).toBe(true);
  });

  it('names only paths that exist in its tables', () => {
    const paths = tablePaths(markdown);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });
});

/** The anchor a heading gets on GitHub: lower case, punctuation dropped, spaces as hyphens. */
export const slugOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-');

const anchorsOf = (markdown: string) => new Set([...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slugOf(m[1]!)));

// Written in pieces so that this file does not cite what it looks for.
const SECTION = '\u00a7';
const OUTSIDE_CITATION = new RegExp(`\\bspec ${SECTION}|(^|[^\\w])${SECTION} ?\\d|\\bissue #?\\d`, 'i');
const PRODUCT_ANCHOR = /docs\/product\.md#([\w-]+)/g;

const CODE_FOLDERS = ['src', 'server', 'tests', 'scripts', 'openapi', 'bench'];
const codeFiles = () =>
  CODE_FOLDERS.flatMap((folder) => readdirSync(folder, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => `${d.parentPath}/${d.name}`))
    .filter((path) => /\.(ts|tsx|js|mjs|css|yaml|sql)$/.test(path));

describe('code comments cite the repository', () => {
  const files = codeFiles().map((path) => ({ path, text: read(path) }));

  it('reads the code', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('cites no specification section or issue number, documents a clone does not have', () => {
    const cited = files.flatMap(({ path, text }) => text.split('\n').flatMap((line, i) => (OUTSIDE_CITATION.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])));
    expect(cited).toEqual([]);
  });

  it('cites only headings that docs/product.md has', () => {
    const anchors = anchorsOf(read('docs/product.md'));
    const sources = [...files, ...['README.md', 'server/README.md', ...readdirSync('docs').map((f) => `docs/${f}`)].map((path) => ({ path, text: read(path) }))];
    const cited = sources.flatMap(({ path, text }) => [...text.matchAll(PRODUCT_ANCHOR)].map((m) => ({ path, anchor: m[1]! })));
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((c) => !anchors.has(c.anchor))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('see a citation of a specification or an issue, and nothing else', () => {
    expect(OUTSIDE_CITATION.test(`the rule (spec ${SECTION}8)`)).toBe(true);
    expect(OUTSIDE_CITATION.test(`the rule (${SECTION}4, ${SECTION}5)`)).toBe(true);
    expect(OUTSIDE_CITATION.test(`a budget of ${'issue'} 16`)).toBe(true);
    expect(OUTSIDE_CITATION.test(`fixed in ${'Issue'} #27`)).toBe(true);
    expect(OUTSIDE_CITATION.test('the rule (docs/product.md#errors), an issue of ours')).toBe(false);
  });

  it('name a heading as GitHub anchors it', () => {
    expect(slugOf('Sign-in and session')).toBe('sign-in-and-session');
    expect(slugOf('API error dialog')).toBe('api-error-dialog');
    expect([...anchorsOf('# A\n## Who and what\n### Student menu\n')]).toEqual(['a', 'who-and-what', 'student-menu']);
  });

  it('find a snippet whatever its indentation, and refuse one the file does not hold', () => {
    const file = 'export function a() {\n  return 1;\n}\n';
    expect(containsLines(file, ['   export function a() {', '     return 1;'])).toBe(true);
    expect(containsLines(file, ['export function a() {', '  return 2;'])).toBe(false);
    expect(containsLines(file, ['  return 1;', 'export function a() {'])).toBe(false);
  });

  it('read the marker, its block and the table paths', () => {
    const md = '1. x\n   <!-- from: src/a.ts -->\n   ```ts\n   const a = 1;\n   ```\n| `src/api/` | `api/client.ts`, `failure.ts`, `boundary/`, `Schemas`, `npm run x`, `(<group>)/`, `docs/product.md#errors` |\n';
    expect(snippetsOf(md)).toEqual([{ from: 'src/a.ts', line: 2, code: ['   const a = 1;'] }]);
    expect(tablePaths(md)).toEqual(['src/api', 'api/client.ts', 'src/api/failure.ts', 'src/api/boundary', 'docs/product.md']);
    expect(exists('api/client.ts')).toBe(true);
    expect(exists('api/nothing.ts')).toBe(false);
  });
});
