import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, signIn, everyOf, expectNoAxeViolations } from './fixtures';
import { readAttempts, worstBackoffMs } from '../../src/api/retryPolicy';

// Server and browser clocks are pinned to Friday 20 November 2026, 09:00 in Rome. genitore.demo has
// two children: Marco Rossi (DEMO01, 3A, every service) and Giulia Rossi (DEMO02, 2B, no meals);
// genitore.bianchi one, Luca Bianchi.
const TODAY = 'Oggi, 20-11-2026';
const main = (page: Page) => page.getByRole('main');
const banner = (page: Page) => page.getByRole('banner');
const childBlock = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
/** A part of a child's block: its region is named by its heading, then the child's name. */
const part = (block: Locator, name: RegExp) => block.getByRole('region', { name });

/** A child's day, in the family order, once each part has its count. */
const MARCO_PARTS = [
  /^Lezioni di oggi \(5\)$/,
  /^Compiti per oggi e domani \(\d+\)$/,
  /^Verifiche dei prossimi 7 giorni \(\d+\)$/,
  /^Nuovi voti \(\d+\)$/,
  /^Note disciplinari di cui prendere visione \(\d+\)$/,
  /^Colloqui tra meno di 36 ore \(1\)$/,
  /^Credito mensa$/,
];
// Meals are off at Giulia's school: no meal credit.
const GIULIA_PARTS = MARCO_PARTS.slice(0, -1);

async function expectDay(block: Locator, parts: RegExp[]) {
  const headings = block.getByRole('heading', { level: 3 });
  await expect(headings).toHaveText(parts);
  await expect(block.getByRole('status').filter({ hasText: 'Caricamento' })).toHaveCount(0);
}

test.describe('family Home (two children)', () => {
  test('one block per child in the account order, each with its day in order, its own colour; axe light and dark', async ({ page }) => {
    await signIn(page);
    await expect(main(page).getByRole('heading', { level: 1, name: TODAY })).toBeVisible();
    const blocks = main(page).getByRole('region', { name: /^(Marco|Giulia) Rossi$/ });
    await expect(blocks).toHaveCount(2);
    await expect(blocks.nth(0).getByRole('heading', { level: 2 })).toHaveText('Marco Rossi');
    await expect(blocks.nth(1).getByRole('heading', { level: 2 })).toHaveText('Giulia Rossi');

    const marco = childBlock(page, 'Marco Rossi');
    const giulia = childBlock(page, 'Giulia Rossi');
    await expect(marco).toContainText('Classe 3A · Liceo Scientifico Galileo Galilei - Demo');
    await expect(marco).toContainText('Studente selezionato');
    await expect(giulia).toContainText('Classe 2B · Istituto Comprensivo Manzoni - Demo');
    await expect(giulia).not.toContainText('Studente selezionato');
    await expectDay(marco, MARCO_PARTS);
    await expectDay(giulia, GIULIA_PARTS);

    // Each child's own data: her lessons and tests are not his.
    await expect(part(giulia, /^Lezioni di oggi/)).toContainText('Francese');
    await expect(part(marco, /^Lezioni di oggi/)).not.toContainText('Francese');
    await expect(part(giulia, /^Verifiche/)).toContainText('Verifica scritta di Italiano');
    await expect(part(marco, /^Credito mensa Marco Rossi$/).getByRole('status')).toHaveText('Credito mensa basso: restano 3,80 €.');
    await expect(part(giulia, /^Colloqui/)).toContainText('Prof.ssa Giulia Giordano, 20-11-2026 alle 12:10');
    // Each part is a region named after its child too: no two landmarks of the page share a name
    // (axe's landmark-unique, a best practice beyond the WCAG rules every page is checked for).
    const landmarks = await new AxeBuilder({ page }).withRules(['landmark-unique']).setLegacyMode(true).analyze();
    expect(landmarks.violations).toEqual([]);

    // Every item is a link, each block in its child's colour.
    for (const item of await everyOf(main(page).getByRole('listitem'))) await expect(item.getByRole('link')).toHaveCount(1);
    const stripe = (block: Locator) => block.evaluate((el) => getComputedStyle(el).borderInlineStartColor);
    const [his, hers] = [await stripe(marco), await stripe(giulia)];
    expect(his).not.toBe(hers);
    for (const colour of [his, hers]) expect(colour).not.toMatch(/^rgba\(0, 0, 0, 0\)$/);
    await expectNoAxeViolations(page);

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 22, 30)');
    expect(await stripe(marco)).not.toBe(his);
    await expectNoAxeViolations(page);
  });

  test("Home paints with the open child's day; another child's block shows when its own data is there", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/studenti\/502\/2026_2027\/studente\/info$/, async (route) => {
      await held;
      await route.fallback();
    });
    await signIn(page);
    const marco = childBlock(page, 'Marco Rossi');
    const giulia = childBlock(page, 'Giulia Rossi');
    await expectDay(marco, MARCO_PARTS);
    // Hers waits for her info (her services decide her parts): her name and class from the sign-in meanwhile.
    await expect(giulia.getByRole('heading', { level: 2 })).toHaveText('Giulia Rossi');
    await expect(giulia).toContainText('Classe 2B');
    await expect(giulia.getByRole('status').filter({ hasText: 'Caricamento in corso…' })).toBeVisible();
    await expect(giulia.getByRole('heading', { level: 3 })).toHaveCount(0);
    release();
    await expectDay(giulia, GIULIA_PARTS);
  });

  test("a part that fails shows its error in its child's block only", async ({ page, request }) => {
    await request.post('/__test__/guasti', { data: { metodo: 'GET', percorso: '/studenti/502/[^/]+/verifiche$', stato: 500, volte: readAttempts(500) } });
    await signIn(page);
    const giulia = childBlock(page, 'Giulia Rossi');
    const tests = part(giulia, /^Verifiche dei prossimi 7 giorni Giulia Rossi$/);
    // Her block waits for her info, then the part for every attempt and the backoff between them
    // (up to 2.1 s): under a busy machine that went past the default 5 s once.
    await expect(tests.getByRole('alert')).toBeVisible({ timeout: 10_000 + worstBackoffMs() });
    // The heading still leads to her tests; the rest of her day and his are there.
    await expect(tests.getByRole('link', { name: 'Verifiche dei prossimi 7 giorni' })).toBeVisible();
    await expect(part(giulia, /^Nuovi voti \(\d+\) Giulia Rossi$/)).toBeVisible();
    await expectDay(childBlock(page, 'Marco Rossi'), MARCO_PARTS);
  });
});

/**
 * Each item opens its screen for its own child in one step: the top bar shows that child, the
 * screen shows that child's data (something only that child has), and nothing of the other child.
 */
const GIULIA_LANDINGS = [
  { part: /^Lezioni di oggi/, path: '/agenda', heading: 'Agenda', hers: 'Francese' },
  { part: /^Compiti per oggi e domani/, path: '/compiti', heading: 'Compiti', hers: 'Les articles partitifs' },
  { part: /^Verifiche/, path: '/verifiche', heading: 'Verifiche', hers: 'Verifica scritta di Italiano' },
  { part: /^Nuovi voti/, path: '/voti', heading: 'Voti', hers: 'Tecnologia' },
  { part: /^Note disciplinari/, path: '/note-disciplinari', heading: 'Note disciplinari', hers: 'Prof.ssa Paola Marchetti' },
  { part: /^Colloqui/, path: '/colloqui', heading: 'Colloqui individuali', hers: 'Prof.ssa Giulia Giordano' },
];

test.describe('family Home: every item opens its screen for its child', () => {
  for (const landing of GIULIA_LANDINGS) {
    test(`Giulia's ${landing.path} from her block, with Marco open`, async ({ page }) => {
      await signIn(page);
      await expect(banner(page)).toContainText('Marco Rossi');
      const item = part(childBlock(page, 'Giulia Rossi'), landing.part).getByRole('listitem').first().getByRole('link');
      // By keyboard: the link is reached and followed like any other.
      await item.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${landing.path}$`));
      await expect(main(page).getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
      await expect(banner(page)).toContainText('Giulia Rossi');
      await expect(banner(page)).toContainText('2B');
      await expect(main(page).getByText(landing.hers).first()).toBeVisible();
      await expect(main(page).getByText('Marco')).toHaveCount(0);
      // The tab keeps her: a reload stays on her screen.
      await page.reload();
      await expect(banner(page)).toContainText('Giulia Rossi');
      await expect(main(page).getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
    });
  }

  test("the open child's items are plain links; back Home, another child's item switches again", async ({ page }) => {
    await signIn(page);
    const stripe = (name: string) => childBlock(page, name).evaluate((el) => getComputedStyle(el).borderInlineStartColor);
    const colours = { marco: await stripe('Marco Rossi'), giulia: await stripe('Giulia Rossi') };
    // Marco is open: his meal credit opens his meals screen.
    await part(childBlock(page, 'Marco Rossi'), /^Credito mensa Marco Rossi$/).getByRole('status').getByRole('link').click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Mensa' })).toBeVisible();
    await expect(banner(page)).toContainText('Marco Rossi');

    // Giulia's grades heading, by mouse.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await part(childBlock(page, 'Giulia Rossi'), /^Nuovi voti/).getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/voti$/);
    await expect(banner(page)).toContainText('Giulia Rossi');
    await expect(main(page).getByText('Tecnologia').first()).toBeVisible();

    // Home again, Giulia open now: Marco's meal credit switches back to him, on his meals screen
    // (a screen Giulia's school has off, so only his session can show it).
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await expect(childBlock(page, 'Giulia Rossi')).toContainText('Studente selezionato');
    // Hers is the block Home waited for, now first; each child keeps its colour.
    const blocks = main(page).getByRole('region', { name: /^(Marco|Giulia) Rossi$/ });
    await expect(blocks.nth(0).getByRole('heading', { level: 2 })).toHaveText('Giulia Rossi');
    await expect(blocks.nth(1).getByRole('heading', { level: 2 })).toHaveText('Marco Rossi');
    expect({ marco: await stripe('Marco Rossi'), giulia: await stripe('Giulia Rossi') }).toEqual(colours);
    await part(childBlock(page, 'Marco Rossi'), /^Credito mensa Marco Rossi$/).getByRole('status').getByRole('link').click();
    await expect(page).toHaveURL(/\/mense$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Mensa' })).toBeVisible();
    await expect(banner(page)).toContainText('Marco Rossi');
    await expect(main(page).getByText('Giulia')).toHaveCount(0);
  });
});

test.describe('family Home on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the first child and its first items in the first screenful, the blocks stacked, nothing wider than the screen', async ({ page }) => {
    await signIn(page);
    const marco = childBlock(page, 'Marco Rossi');
    const giulia = childBlock(page, 'Giulia Rossi');
    await expectDay(marco, MARCO_PARTS);
    await expectDay(giulia, GIULIA_PARTS);
    await expect(marco.getByRole('heading', { level: 2 })).toBeInViewport();
    await expect(part(marco, /^Lezioni di oggi/).getByRole('link').nth(1)).toBeInViewport();
    const [a, b] = [(await marco.boundingBox())!, (await giulia.boundingBox())!];
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
    expect(Math.abs(a.x - b.x)).toBeLessThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});

test.describe('Home with one child', () => {
  test("genitore.bianchi (Luca only): today's Home, with no family blocks", async ({ page }) => {
    await signIn(page, 'genitore.bianchi');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Luca Bianchi' })).toBeVisible();
    const today = page.getByRole('region', { name: TODAY });
    await expect(today.getByRole('heading', { level: 2, name: TODAY })).toBeVisible();
    await expect(today.getByRole('heading', { name: /^Lezioni di oggi \(\d+\)$/ })).toBeVisible();
    await expect(today.getByRole('link', { name: "Vai all'agenda" })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Novità' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Ultimi voti' })).toBeVisible();
    await expect(main(page).getByText('Studente selezionato')).toHaveCount(0);
    await expect(main(page).locator('[data-studente]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
