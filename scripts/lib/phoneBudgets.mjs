// What "phone first" means, measured in a real browser at phone sizes (issue "Phone first",
// docs/ARCHITECTURE.md "Phones"): the top bar's height, the items of each list screen in the first
// screenful, how many screenfuls /voti takes for the whole year, and the controls smaller than a
// thumb's target. Used by scripts/measure-phone.mjs (prints the figures) and by
// tests/e2e/phone-budgets.spec.ts (the same figures, failing `npm test` on a miss).
/* global document, window, getComputedStyle */

/** The budgets; a figure beyond one is a miss. */
export const BUDGETS = Object.freeze({
  /** The top bar, in CSS px (one row: menu, student, user menu). */
  topBarMaxPx: 64,
  /** Items of every list screen whose first line is in the first screenful. */
  firstScreenMinItems: 1,
  /** /voti, "Intero anno" tab, whole page height over the window's. */
  votiMaxScreenfuls: 8,
  /** WCAG 2.2 target size (minimum, AA): every control at least this wide and tall … */
  targetMinPx: 24,
  /** … with this many exceptions. */
  smallTargetsMax: 0,
});

export const VIEWPORTS = Object.freeze([
  { width: 360, height: 780 },
  { width: 390, height: 844 },
]);

export const DEMO_USER = 'genitore.demo';
export const DEMO_PASSWORD = 'Demo.2026!';
/** The instant the reference server is pinned to in the tests: the browser's clock agrees. */
export const PINNED_NOW = '2026-11-20T09:00:00+01:00';

/** The list screens of the demo parent's first student (Marco), then of the second (Giulia). */
export const LIST_SCREENS = Object.freeze([
  '/novita',
  '/voti',
  '/compiti',
  '/verifiche',
  '/argomenti',
  '/materiale_didattico',
  '/assenze',
  '/colloqui',
  '/colloqui-generali',
  '/annotazioni',
  '/note-disciplinari',
  '/note-tutor',
  '/competenze-obiettivi',
  '/messenger',
  '/bacheca',
  '/pagamenti',
  '/estratto-conto',
  '/documenti',
]);
export const SECOND_STUDENT_SCREENS = Object.freeze(['/comunicazioni']);

export async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('Codice utente').fill(DEMO_USER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/home$/);
  await page.locator('#contenuto').getByRole('heading', { level: 1 }).waitFor();
}

export async function switchToSecondStudent(page) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
  // The family Home's heading is the day's; the top bar names the open student.
  await page.waitForURL(/\/home$/);
  await page.getByRole('banner').getByText('Giulia Rossi').first().waitFor();
  await page.locator('#contenuto').getByRole('heading', { level: 1 }).waitFor();
}

/** Waits until the page's height has not changed for `quietMs` (deferred rows, loaded data). */
export async function settled(page, quietMs = 250, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height !== last) {
      last = height;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/**
 * The screen's items: the list items and table rows of the main area that are not inside another
 * one (a grade, an absence, a thread; not a slot inside a teacher's card), leaving out alerts and
 * tabs. Counted when their first line (40 px, or the whole item if shorter) is in the first screenful.
 */
function firstScreenItems() {
  const main = document.querySelector('#contenuto');
  if (!main) return 0;
  const items = [...main.querySelectorAll('li, tbody > tr')].filter(
    (e) => !e.parentElement?.closest('li') && !e.closest('[role="status"], [role="alert"], [role="tablist"], nav') && e.checkVisibility(),
  );
  return items.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.top + Math.min(r.height, 40) <= window.innerHeight;
  }).length;
}

/**
 * Controls a thumb aims at that are smaller than `min` px either way (WCAG 2.2, 2.5.8), with the
 * standard's exceptions: a link inside a sentence, a control hidden or visually hidden (a skip link
 * until focused), and the browser's own parts of a native control.
 */
function smallTargets([min, root]) {
  const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [tabindex]:not([tabindex="-1"])';
  const describe = (e) => {
    const name = (e.getAttribute('aria-label') || e.textContent || e.getAttribute('name') || e.getAttribute('type') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${name}"`;
  };
  const out = [];
  for (const e of (root ? document.querySelector(root) : document).querySelectorAll(selector)) {
    if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.width <= 1 && r.height <= 1) continue; // visually hidden
    const style = getComputedStyle(e);
    if (e.tagName === 'A' && style.display === 'inline' && e.closest('p, li, dd, td') && (e.closest('p, li, dd, td').textContent ?? '').trim().length > (e.textContent ?? '').trim().length) continue; // in a sentence
    if (r.width < min || r.height < min) out.push(`${describe(e)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  return out;
}

/** Opens the screen's filter sheet, if it has one, and returns the targets in it too. */
async function sheetTargets(page, min) {
  const trigger = page.locator('#contenuto').getByRole('button', { name: /^Filtri:/ });
  if ((await trigger.count()) === 0) return [];
  await trigger.first().click();
  const sheet = page.getByRole('dialog');
  await sheet.waitFor();
  const found = (await page.evaluate(smallTargets, [min, '[role="dialog"]'])).map((t) => `(sheet) ${t}`);
  // Escape goes where the focus is: once the sheet has taken it (a moment after it shows).
  await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });
  return found;
}

/** Every figure at the page's current viewport; the page is signed in as the demo parent. */
export async function measurePhone(page) {
  const viewport = page.viewportSize();
  const screens = [];
  const small = new Map();
  const visit = async (path) => {
    await page.goto(path);
    await page.locator('#contenuto').getByRole('heading', { level: 1 }).first().waitFor();
    await settled(page);
    const items = await page.evaluate(firstScreenItems);
    const targets = [...(await page.evaluate(smallTargets, [BUDGETS.targetMinPx, null])), ...(await sheetTargets(page, BUDGETS.targetMinPx))];
    screens.push({ path, items });
    for (const t of targets) small.set(t, [...(small.get(t) ?? []), path]);
  };

  await page.goto('/home');
  await page.locator('#contenuto').getByRole('heading', { level: 1 }).waitFor();
  const banner = await page.getByRole('banner').boundingBox();
  const topBarPx = Math.round(banner?.height ?? 0);

  for (const path of LIST_SCREENS) await visit(path);

  await page.goto('/voti');
  await page.getByRole('tab', { name: 'Intero anno' }).click();
  await page.getByRole('tabpanel', { name: 'Intero anno' }).waitFor();
  await settled(page, 800);
  const votiScreenfuls = (await page.evaluate(() => document.documentElement.scrollHeight)) / viewport.height;

  await switchToSecondStudent(page);
  for (const path of SECOND_STUDENT_SCREENS) await visit(path);
  // Back to the first student, as the session started.
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name: /Marco Rossi/ }).click();

  return {
    viewport,
    topBarPx,
    screens,
    votiScreenfuls: Math.round(votiScreenfuls * 10) / 10,
    smallTargets: [...small].map(([target, paths]) => `${target} on ${paths.length > 3 ? `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more` : paths.join(', ')}`),
  };
}

/** The budgets a measurement misses, in words; empty when it meets them all. */
export function budgetMisses(m) {
  const size = `${m.viewport.width}×${m.viewport.height}`;
  const misses = [];
  if (m.topBarPx > BUDGETS.topBarMaxPx) misses.push(`${size}: top bar ${m.topBarPx} px > ${BUDGETS.topBarMaxPx} px`);
  for (const s of m.screens)
    if (s.items < BUDGETS.firstScreenMinItems) misses.push(`${size}: ${s.path} has ${s.items} items in the first screenful (< ${BUDGETS.firstScreenMinItems})`);
  if (m.votiScreenfuls > BUDGETS.votiMaxScreenfuls) misses.push(`${size}: /voti (whole year) is ${m.votiScreenfuls} screenfuls > ${BUDGETS.votiMaxScreenfuls}`);
  if (m.smallTargets.length > BUDGETS.smallTargetsMax)
    misses.push(`${size}: ${m.smallTargets.length} controls under ${BUDGETS.targetMinPx} px (budget ${BUDGETS.smallTargetsMax})`);
  return misses;
}

/** The figures as lines of text. */
export function report(m) {
  const lines = [`${m.viewport.width}×${m.viewport.height}`, `  top bar: ${m.topBarPx} px (budget ≤ ${BUDGETS.topBarMaxPx})`];
  lines.push(`  /voti, whole year: ${m.votiScreenfuls} screenfuls (budget ≤ ${BUDGETS.votiMaxScreenfuls})`);
  lines.push(`  items in the first screenful (budget ≥ ${BUDGETS.firstScreenMinItems}):`);
  for (const s of m.screens) lines.push(`    ${s.path.padEnd(22)} ${s.items}`);
  lines.push(`  controls under ${BUDGETS.targetMinPx} px: ${m.smallTargets.length} (budget ≤ ${BUDGETS.smallTargetsMax})`);
  for (const t of m.smallTargets) lines.push(`    ${t}`);
  return lines;
}
