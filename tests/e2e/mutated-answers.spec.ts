import type { Locator, Page, Route } from '@playwright/test';
import { E2E_NOW } from '../../playwright.config';
import { test, expect, signIn, expectHomeOf, DEMO_PASSWORD } from './fixtures';
import { SECTIONS } from '../../src/domain/services';

/**
 * Whatever the backend sends, nothing breaks (README, "Run all tests" and "Reliability"): every
 * section open to Marco (and Giulia's /comunicazioni, messenger v1) is opened with the reference
 * server's real answers mutated by a seeded generator (fields deleted, null, of another type, flags
 * and dates in every spelling, markup, very long text, duplicated items, an object where a list was),
 * then with its calls failing (500, 408 with a detail) and with its lists empty. After each, the
 * signed-in layout stands, the page has no `undefined`, `NaN`, `Invalid Date` or `[object Object]`,
 * nothing was thrown, a failure shows its message (docs/product.md#errors) and an empty list its empty state.
 *
 * Replay a failure with its seed: MUTATION_SEED=<seed> npx playwright test tests/e2e/mutated-answers.spec.ts
 */

const SEED = Number.parseInt(process.env.MUTATION_SEED ?? '', 10) || 20261120;
const REPLAY = `MUTATION_SEED=${SEED} npx playwright test tests/e2e/mutated-answers.spec.ts`;

/** The calls a session starts with: never failed nor emptied here, so the session can start on a reload. */
const SESSION_CALLS = /\/(studente\/info|materie_nextapi|aggiornamenti_nextapi)\/?$/;
/** The school's login settings: only the sign-in page reads them. */
const LOGIN_SETTINGS = /\/api\/v3\/mastercom_nextapi\/?$/;

// ——— a tiny deterministic generator ———

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: 32 bits of state, good enough to pick mutations, the same for the same seed. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = ReturnType<typeof mulberry32>;
const pick = <T,>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

const LONG = 'Lorem ipsum dolor sit amet '.repeat(186).slice(0, 5000);
const MARKUP = '&lt;b&gt;Gita &amp; uscita&lt;/b&gt; <b>in grassetto</b> <img src=x onerror="alert(1)"> &egrave; &#8364; &unknown;';
const FLAGS = ['SI', 'NO', 1, 0, -1, true, false] as const;
const DATES = [
  '2026-11-20',
  '2026-11-20T10:15:00',
  '2026-11-20 10:15:00',
  '2026-11-20T10:15:00+01:00',
  '2026-11-20T09:15:00Z',
  1763630100,
  0,
  '0000-00-00',
  '2026-02-31',
  '20/11/2026',
  'domani',
] as const;

/** One mutation of a value, and its name for the log. */
function mutateValue(v: unknown, rng: Rng): { value?: unknown; deleted?: true; kind: string } {
  const kinds = ['delete', 'null', 'otherType', 'empty', 'emptyList', 'flag', 'date', 'markup', 'long', 'object'] as const;
  const kind = pick(rng, kinds);
  switch (kind) {
    case 'delete':
      return { deleted: true, kind };
    case 'null':
      return { value: null, kind };
    case 'otherType':
      if (typeof v === 'number') return { value: String(v), kind: 'number→string' };
      if (typeof v === 'string') return { value: /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v.length, kind: 'string→number' };
      if (typeof v === 'boolean') return { value: v ? 'true' : 0, kind: 'boolean→other' };
      if (Array.isArray(v)) return { value: 'elenco', kind: 'list→string' };
      return { value: 42, kind: 'object→number' };
    case 'empty':
      return { value: '', kind };
    case 'emptyList':
      return { value: [], kind };
    case 'flag': {
      const f = pick(rng, FLAGS);
      return { value: f, kind: `flag ${JSON.stringify(f)}` };
    }
    case 'date': {
      const d = pick(rng, DATES);
      return { value: d, kind: `date ${JSON.stringify(d)}` };
    }
    case 'markup':
      return { value: MARKUP, kind };
    case 'long':
      return { value: LONG, kind: 'long (5000)' };
    case 'object':
      return Array.isArray(v) && v.length > 0 ? { value: { ...v }, kind: 'list→object' } : { value: { valore: v, altro: [1, 'due'] }, kind };
  }
}

/** Walks an answer and mutates about one field or item in `rate`, logging where and how. */
function mutate(v: unknown, rng: Rng, at: string, log: string[], rate = 0.12): unknown {
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      const item = mutate(v[i], rng, `${at}[${i}]`, log, rate);
      out.push(item);
      if (rng() < rate / 2) {
        out.push(structuredClone(item));
        log.push(`${at}[${i}]: duplicated`);
      }
    }
    return out;
  }
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, field] of Object.entries(v)) {
      const here = `${at}.${k}`;
      if (rng() < rate) {
        const m = mutateValue(field, rng);
        log.push(`${here}: ${m.kind}`);
        if (!m.deleted) out[k] = m.value;
      } else {
        out[k] = mutate(field, rng, here, log, rate);
      }
    }
    return out;
  }
  return v;
}

/** Every list of an answer emptied (its objects kept): what a school with nothing to show sends. */
function emptyLists(v: unknown): unknown {
  if (Array.isArray(v)) return [];
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, emptyLists(x)]));
  return v;
}

// ——— answering the portal's calls ———

type Variant =
  | { kind: 'mutated'; round: number }
  | { kind: 'empty' }
  | { kind: 'fail'; status: number; detail?: string }
  /** The section's calls held until `release` is called: what the page shows while it waits. */
  | { kind: 'held'; released: Promise<void> };

interface Record_ {
  variant: string;
  log: string[];
}

/** Answers /api/v3 calls of the page by the variant: the real answer mutated or emptied, or a failure. */
async function answer(page: Page, section: string, variant: Variant, record: Record_) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const seen = new Map<string, number>();
  await page.route('**/api/v3/**', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (LOGIN_SETTINGS.test(url.pathname)) return route.fallback();
    const sessionCall = SESSION_CALLS.test(url.pathname);
    if (variant.kind === 'held') {
      if (!sessionCall) {
        record.log.push(`${request.method()} ${url.pathname}: held`);
        await variant.released;
      }
      return route.fallback();
    }
    if (variant.kind === 'fail') {
      if (sessionCall) return route.fallback();
      record.log.push(`${request.method()} ${url.pathname}: ${variant.status}`);
      return route.fulfill({
        status: variant.status,
        contentType: 'application/json',
        body: JSON.stringify({ detail: variant.detail ?? 'Errore interno', error: 'errore' }),
      });
    }
    // Only what the portal reads: its own actions (a booking, a reply) get the server's answer.
    if (request.method() !== 'GET' || (sessionCall && url.pathname.endsWith('/studente/info'))) return route.fallback();
    let response;
    try {
      response = await route.fetch();
    } catch {
      return route.abort();
    }
    if (!(response.headers()['content-type'] ?? '').includes('json') || response.status() !== 200) return route.fulfill({ response });
    const json = (await response.json()) as unknown;
    let body: unknown;
    if (variant.kind === 'empty') {
      if (sessionCall) return route.fulfill({ response });
      body = emptyLists(json);
      record.log.push(`GET ${url.pathname}: lists emptied`);
    } else {
      const key = `${url.pathname}${url.search}`;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      // Its own stream per seed, section, round, call and repetition: the order calls race in changes nothing.
      const rng = mulberry32(fnv1a(`${SEED}|${section}|${variant.round}|${key}|${nth}`));
      const log: string[] = [];
      body = mutate(json, rng, '$', log);
      record.log.push(`GET ${key}${nth ? ` (#${nth + 1})` : ''}: ${log.length ? log.join('; ') : 'unchanged'}`);
    }
    return route.fulfill({ response, body: JSON.stringify(body), contentType: 'application/json' });
  });
}

const BAD_WORDS = ['undefined', 'NaN', 'Invalid Date', '[object Object]'];
/** What a screen's code throwing (not a call failing) leaves in the console. */
const CRASH = /TypeError|RangeError|ReferenceError|SyntaxError|is not a function|is not iterable|Cannot read|Minified React error/;

/** The page's loading has ended: no skeleton, no loading bar, no call in flight. */
async function settle(page: Page) {
  const main = page.locator('#contenuto');
  await expect(main.getByRole('heading', { level: 1 }).or(main.getByRole('alert')).first()).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[aria-busy="true"], [role="progressbar"]')).toHaveCount(0, { timeout: 10_000 });
}

const UNEXPECTED = 'attenzione, si è verificato un errore imprevisto';
const TOO_SLOW = 'Il server è troppo lento a rispondere, riprova tra qualche minuto';
/** The shop has messages of its own (docs/product.md#shop-and-mobile-messages): a server error, a failed load. */
const SHOP_FAILURES = { 500: 'Errore del server durante il caricamento dei prodotti', 408: 'Caricamento dei prodotti non riuscito' };
const failureText = (path: string, status: 500 | 408) =>
  path === '/negozio' ? SHOP_FAILURES[status] : status === 500 ? UNEXPECTED : TOO_SLOW;
/** The failure's message; an empty cart (kept in the tab) asks nothing of the server, so it has nothing to fail. */
const failureShown = (main: Locator, path: string, status: 500 | 408) =>
  (path === '/carrello' ? main.getByText(failureText(path, status)).or(main.getByText('Il carrello è vuoto.')) : main.getByText(failureText(path, status))).first();

const STUDENT_SECTIONS = SECTIONS.filter((s) => !('messenger' in s) || s.messenger === 'VERSIONE_2').map((s) => ({ path: s.path, giulia: false }));
const CASES = [...STUDENT_SECTIONS, { path: '/comunicazioni', giulia: true }];

/**
 * Screens that are no list: the agenda is a week of days, shown even when none has anything; the
 * tax consent is one choice of the year.
 */
const NOT_A_LIST = ['/agenda', '/agenzia-entrate'];

/** Mutated openings per section (each its own stream of the seed); more with MUTATION_ROUNDS. */
const ROUNDS = Number(process.env.MUTATION_ROUNDS ?? 1);

test.describe(`mutated answers (MUTATION_SEED=${SEED})`, () => {
  for (const { path, giulia } of CASES) {
    test(`${path}${giulia ? ' (Giulia)' : ''} survives mutated, failing and empty answers`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && CRASH.test(m.text())) errors.push(`console: ${m.text().slice(0, 500)}`);
      });
      const records: Record_[] = [];
      testInfo.annotations.push({ type: 'mutation-seed', description: `${SEED} (replay: ${REPLAY})` });

      try {
      // Each opening below is a page load of its own: Home is drawn only where Giulia is switched to.
      await signIn(page, 'genitore.demo', DEMO_PASSWORD, giulia ? '/home' : null);
      if (giulia) {
        await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
        await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
        await expectHomeOf(page, 'Giulia Rossi');
      }

      const main = page.locator('#contenuto');
      const open = async (variant: Variant, label: string, whileLoading?: (where: string) => Promise<void>) => {
        const record: Record_ = { variant: label, log: [] };
        records.push(record);
        errors.length = 0;
        await answer(page, path, variant, record);
        await page.goto(path, { waitUntil: whileLoading ? 'commit' : 'load' });
        if (whileLoading) await whileLoading(`${path}, ${label}`);
        await settle(page);
        const where = `${path}, ${label}, seed ${SEED} (replay: ${REPLAY})\n${record.log.join('\n')}`;
        await expect(page, where).toHaveURL(new RegExp(`${path.replace(/[/-]/g, '\\$&')}$`));
        await expect(page.getByRole('banner'), where).toBeVisible();
        const text = await page.locator('body').innerText();
        for (const word of BAD_WORDS) expect(text.includes(word), `"${word}" on the page: ${where}`).toBe(false);
        expect(errors, `thrown: ${where}`).toEqual([]);
        return { record, where };
      };

      for (let round = 0; round < ROUNDS; round++) {
        const { where } = await open({ kind: 'mutated', round }, `mutated answers, round ${round}`);
        // The page's own heading, or the error state where an answer was unusable: never a blank page.
        await expect(main.getByRole('heading', { level: 1 }).or(main.getByRole('alert')).first(), where).toBeVisible();
      }

      {
        const { where } = await open({ kind: 'empty' }, 'empty lists');
        await expect(main.getByRole('heading', { level: 1 }), where).toBeVisible();
        await expect(main.getByRole('alert'), where).toHaveCount(0);
        // An empty list says so (the ui's EmptyState, role=status), never a blank area.
        if (!NOT_A_LIST.includes(path)) await expect(main.getByRole('status').first(), where).toBeVisible();
      }

      // An empty cart asks the server nothing: nothing to wait for.
      if (path !== '/carrello') {
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await open({ kind: 'held', released }, 'calls held', async (where) => {
          // The pinned clock (fixtures.ts) stands still, and the router shows its pending state only
          // once time has passed: let the seconds pass, as they would for a parent.
          const busy = page.locator('[aria-busy="true"], [role="progressbar"]').first();
          for (let second = 1; second <= 20 && (await busy.count()) === 0; second++) {
            await page.clock.setFixedTime(new Date(Date.parse(E2E_NOW) + second * 1000));
            await page.waitForTimeout(250);
          }
          // While the answers are on their way: the loading state (a skeleton or the loading bar).
          await expect(busy, where).toBeVisible();
          release();
        });
      }

      {
        const { where } = await open({ kind: 'fail', status: 500 }, 'failing with 500');
        await expect(failureShown(main, path, 500), where).toBeVisible();
      }
      {
        const { where } = await open({ kind: 'fail', status: 408, detail: 'Timeout del server della scuola' }, 'failing with 408');
        await expect(failureShown(main, path, 408), where).toBeVisible();
      }
      } catch (error) {
        // The seed and every mutated path, to replay and to read what the page was given.
        await testInfo.attach('mutations', {
          body: `seed ${SEED}\nreplay: ${REPLAY}\n\n${records.map((r) => `## ${r.variant}\n${r.log.join('\n')}`).join('\n\n')}`,
          contentType: 'text/plain',
        });
        console.log(`mutated answers failed on ${path}: seed ${SEED}; replay with ${REPLAY}`);
        throw error;
      }
    });
  }
});
