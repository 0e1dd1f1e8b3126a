import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectHomeOf } from './fixtures';
import { XSS_CORPUS } from './xss-corpus';

/**
 * Every payload of the corpus is placed by the reference server's test hook (POST
 * /__test__/messaggi) in the school's HTML of the screens that render it; the screens are opened
 * and every item shown. None may run (a flag the payloads set stays unset, no dialog opens), none
 * may navigate (same URL, no new page) and none may leave a live handler or a dangerous URL or
 * element in the page.
 */

// The pinned clock (20-11-2026) is in school year 2026/27; the hook dates the items 15-09-2026.
const YEAR = '2026_2027';
const MARCO = 501;
const GIULIA = 502;
const PLACED_DAY = '2026-09-15';
const TITLE = /^Prova di sicurezza \d{3}/;

test.afterEach(async ({ request }) => {
  await request.delete('/__test__/messaggi');
});

async function place(request: APIRequestContext, id_studente: number, dove: string[], per_voce = 1) {
  const res = await request.post('/__test__/messaggi', { data: { id_studente, anno: YEAR, testi: XSS_CORPUS, dove, per_voce } });
  expect(res.status()).toBe(201);
}

/** Watches for the three ways a payload could show it ran: the flag, a dialog, a new page or a navigation. */
async function watch(page: Page) {
  // An accessor, not a plain global: a clobbering `<img id="__xss">` cannot shadow it, and any write is recorded.
  await page.addInitScript(() => {
    let hits = 0;
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => hits,
      set: () => {
        hits += 1;
      },
    });
  });
  const dialogs: string[] = [];
  const pages: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.context().on('page', (p) => pages.push(p.url()));
  // Nothing may reach another origin's page either; the payloads name evil.example.
  await page.context().route(/evil\.example/, (route) => route.abort());
  return {
    async expectNothingRan(expectedUrl: string) {
      expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
      expect(dialogs).toEqual([]);
      expect(pages).toEqual([]);
      expect(page.url()).toBe(expectedUrl);
    },
  };
}

/** What is left in the rendered content: handlers, script-capable URLs and elements that must never be there. */
async function expectInert(root: Locator, { withServerHtml = true } = {}) {
  const found = await root.evaluate((el, needsHtml) => {
    const bad: string[] = [];
    const DANGEROUS_TAGS = 'script, iframe, frame, frameset, object, embed, form, base, meta, link, style, portal, svg, math, template, input, button, textarea, select';
    const rendered = [...el.querySelectorAll('[data-server-html]')];
    if (needsHtml && rendered.length === 0) bad.push('no server HTML rendered here');
    for (const html of rendered) for (const node of html.querySelectorAll(DANGEROUS_TAGS)) bad.push(`<${node.tagName.toLowerCase()}>`);
    for (const node of el.querySelectorAll('*')) {
      for (const attr of node.attributes) {
        if (/^on/i.test(attr.name)) bad.push(`${node.tagName.toLowerCase()}[${attr.name}]`);
        const url = [...attr.value].filter((c) => c.charCodeAt(0) > 0x20).join('');
        // A raster picture inline in an image runs nothing (an SVG one could, and is refused).
        const rasterImage = node.tagName === 'IMG' && attr.name === 'src' && /^data:image\/(png|jpeg|gif|webp)[;,]/i.test(url);
        if (/^(javascript|data|vbscript):/i.test(url) && !rasterImage) {
          bad.push(`${node.tagName.toLowerCase()}[${attr.name}=${attr.value.slice(0, 40)}]`);
        }
      }
    }
    return bad;
  }, withServerHtml);
  expect(found).toEqual([]);
}

async function switchToGiulia(page: Page) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
  await expectHomeOf(page, 'Giulia Rossi');
}

/** Items open one at a time: a few payloads to an item keeps the walk short (each screen still renders all of them). */
const PER_COMMUNICATION = 8;
const PER_NOTICE = 4;

test('communications (Giulia): no payload runs, navigates or stays live, in the list or opened', async ({ page, request }) => {
  await place(request, GIULIA, ['comunicazioni'], PER_COMMUNICATION);
  const count = Math.ceil(XSS_CORPUS.length / PER_COMMUNICATION);
  const watcher = await watch(page);
  await signIn(page);
  await switchToGiulia(page);
  await page.goto('/comunicazioni');
  await page.getByRole('textbox', { name: 'Dal', exact: true }).fill(PLACED_DAY);
  await page.getByRole('textbox', { name: 'Al', exact: true }).fill(PLACED_DAY);
  const titles = page.getByRole('main').getByRole('button', { name: TITLE });
  await expect(titles).toHaveCount(count);
  // Newest first; titles carry the payloads too, and show them as text.
  await expect(titles.last()).toHaveText(`Prova di sicurezza 001 ${XSS_CORPUS[0]}`);
  const url = page.url();

  for (let i = 0; i < count; i++) {
    await titles.nth(i).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Mittente')).toBeVisible();
    await expectInert(dialog);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(dialog).toHaveCount(0);
  }
  // The list shows only titles, as text.
  await expectInert(page.getByRole('main'), { withServerHtml: false });
  await watcher.expectNothingRan(url);
});

test('notice board and news (Marco): no payload runs, navigates or stays live with every item open', async ({ page, request }) => {
  test.slow();
  await place(request, MARCO, ['bacheca', 'notizie'], PER_NOTICE);
  const count = Math.ceil(XSS_CORPUS.length / PER_NOTICE);
  const watcher = await watch(page);
  await openSignedIn(page, '/bacheca');
  const url = page.url();
  for (const tab of ['Avvisi in bacheca', 'Notizie della scuola']) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    const titles = panel.getByRole('button', { name: TITLE });
    await expect(titles).toHaveCount(count);
    for (let i = 0; i < count; i++) await titles.nth(i).click();
    await expect(panel.locator('[aria-expanded="true"]')).toHaveCount(count);
    await expect(panel.locator('[data-server-html]')).toHaveCount(count);
    await expectInert(panel);
  }
  await watcher.expectNothingRan(url);
});

test('thread messages (Marco, messenger): no payload runs, navigates or stays live in the open thread', async ({ page, request }) => {
  const res = await request.post('/__test__/messaggi', { data: { id_studente: MARCO, anno: YEAR, testi: XSS_CORPUS, dove: ['thread'] } });
  expect(res.status()).toBe(201);
  const { thread } = (await res.json()) as { thread: string };
  const watcher = await watch(page);
  await openSignedIn(page, `/messenger?thread=${thread}`);
  const conversation = page.locator('#conversazione');
  await expect(conversation.getByRole('heading', { level: 2, name: 'Prova di sicurezza' })).toBeVisible();
  // One message per payload, each rendered through the sanitiser.
  await expect(conversation.getByRole('list', { name: 'Messaggi della conversazione' }).locator('[data-server-html]')).toHaveCount(XSS_CORPUS.length);
  await expectInert(conversation);
  await expectInert(page.getByRole('tabpanel'), { withServerHtml: false });
  await watcher.expectNothingRan(page.url());
});
