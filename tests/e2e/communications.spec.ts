import type { Page } from '@playwright/test';
import { test, expect, signIn, expectNoAxeViolations, expectHomeOf } from './fixtures';

// Server and browser clocks are pinned to Friday 20 November 2026, 09:00 in Rome. Giulia Rossi is on
// messenger VERSIONE_1: her school's communications are at /comunicazioni (the 4 newest unread,
// the 2 newest asking for presa visione not yet acknowledged).
const DATE_TIME = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}/;

async function switchToGiulia(page: Page) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
  await expectHomeOf(page, 'Giulia Rossi');
}

/** The number on the sidebar's «Comunicazioni» entry (0 when it shows none). */
async function sidebarCount(page: Page): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Comunicazioni/ });
  const text = (await link.textContent()) ?? '';
  return Number(/(\d+)\s*novità/.exec(text)?.[1] ?? 0);
}

const list = (page: Page) => page.getByRole('tabpanel', { name: 'Ricevute' }).getByRole('listitem');

test.describe('communications (/comunicazioni, Giulia)', () => {
  // One after the other: they read and confirm Giulia's communications, and the badge counts them.
  test.describe.configure({ mode: 'serial' });

  test('opens on the last 90 days newest first; opening one reads it and the badges follow', async ({ page }) => {
    await signIn(page);
    await switchToGiulia(page);
    await page.goto('/comunicazioni');
    await expect(page.getByRole('heading', { level: 1, name: 'Comunicazioni' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ultimi 90 giorni' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Intervallo scelto: dal 23-08-2026 al 20-11-2026')).toBeVisible();
    await expect(page.getByText(/Sono mostrate le comunicazioni degli ultimi 90 giorni/)).toBeVisible();

    const items = list(page);
    await expect(items.first()).toBeVisible();
    const stamps = await items.locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime') ?? ''));
    expect(stamps.length).toBeGreaterThan(5);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    await expectNoAxeViolations(page);

    const unread = items.filter({ hasText: 'Da leggere' });
    const unreadBefore = await unread.count();
    expect(unreadBefore).toBeGreaterThan(0);
    await expect(page.getByRole('tab', { name: new RegExp(`Ricevute ${unreadBefore} da leggere`) })).toBeVisible();
    await expect.poll(() => sidebarCount(page)).toBeGreaterThan(0);
    const badgeBefore = await sidebarCount(page);

    const first = unread.first();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText('Mittente')).toBeVisible();
    await expect(dialog.locator('[data-server-html]')).not.toBeEmpty();
    await expect(dialog.locator('dd time')).toHaveText(DATE_TIME);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();

    const opened = items.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(opened.getByText('Da leggere')).toHaveCount(0);
    await expect(unread).toHaveCount(unreadBefore - 1);
    await expect.poll(() => sidebarCount(page)).toBe(badgeBefore - 1);
  });

  test('presa visione shows date and time once the server said ok, and after a reload', async ({ page }) => {
    await signIn(page);
    await switchToGiulia(page);
    await page.goto('/comunicazioni');
    const asking = list(page).filter({ hasText: 'Presa visione richiesta' }).first();
    const title = (await asking.getByRole('heading').textContent()) ?? '';
    await asking.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    const button = dialog.getByRole('button', { name: `Presa visione di «${title}»` });
    await button.click();
    await expect(dialog.getByText(new RegExp(`^Presa visione il ${DATE_TIME.source}$`))).toBeVisible();
    await expect(button).toHaveCount(0);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(list(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) }).getByText('Presa visione richiesta')).toHaveCount(0);

    await page.reload();
    await list(page).getByRole('button', { name: title, exact: true }).click();
    await expect(page.getByRole('dialog', { name: title }).getByText(new RegExp(`^Presa visione il ${DATE_TIME.source}$`))).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: /^Presa visione di/ })).toHaveCount(0);
  });

  test('an attachment downloads as a blob with the session header; a failed confirmation says why and can be repeated', async ({ page, request }) => {
    await signIn(page);
    await switchToGiulia(page);
    await page.goto('/comunicazioni');
    // Whatever other tests did, this communication reads as not yet confirmed and not asking for presa visione.
    await page.route(/\/comunicazioni\/\d+(\?.*)?$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const detail = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...detail, presa_visione: false, conferma_lettura: false, sottoscrizione: false, data_sottoscrizione: null } });
    });
    const withFile = list(page).filter({ hasText: /\d+ allegat/ }).first();
    const title = (await withFile.getByRole('heading').textContent()) ?? '';
    await withFile.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });

    const download = dialog.getByRole('button', { name: /^Scarica / }).first();
    await expect(download).toBeVisible();
    const fileName = ((await download.textContent()) ?? '').replace(/^Scarica\s*/, '').trim();
    const [fileRequest, saved] = await Promise.all([page.waitForRequest(/\/messaggi\/allegati\/\d+$/), page.waitForEvent('download'), download.click()]);
    expect(fileRequest.headers()['authorization']).toMatch(/^JWT \S+/);
    expect(fileRequest.url()).not.toMatch(/token|jwt/i);
    expect(saved.suggestedFilename()).toBe(fileName);
    expect(saved.url()).toMatch(/^blob:/);

    const fault = await request.post('/__test__/guasti', { data: { metodo: 'PUT', percorso: '/comunicazioni/\\d+$', stato: 500 } });
    expect(fault.status()).toBe(201);
    const confirm = dialog.getByRole('button', { name: `Conferma lettura di «${title}»` });
    await confirm.click();
    await expect(dialog.getByRole('alert')).toContainText('Conferma non registrata');
    await expect(dialog.getByText(/^Lettura confermata/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await confirm.click();
    await expect(dialog.getByText(new RegExp(`^Lettura confermata \\(letta il ${DATE_TIME.source}\\)$`))).toBeVisible();
    await expect(confirm).toHaveCount(0);
  });

  test('sent messages in their own tab; with no range nothing is asked of the server', async ({ page }) => {
    await signIn(page);
    await switchToGiulia(page);
    await page.goto('/comunicazioni');
    await page.getByRole('tab', { name: 'Inviate' }).click();
    const sent = page.getByRole('tabpanel', { name: 'Inviate' });
    await expect(sent.getByRole('heading', { name: 'Assenza per visita medica' })).toBeVisible();
    await expect(sent.getByText(/^A: /).first()).toBeVisible();
    await expectNoAxeViolations(page);

    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/(comunicazioni_elenco|messaggi)\?/.test(r.url())) calls.push(r.url());
    });
    await page.getByRole('button', { name: 'Rimuovi il filtro' }).click();
    await expect(sent.getByText('Scegli un periodo per vedere i messaggi.')).toBeVisible();
    await page.getByRole('tab', { name: /^Ricevute/ }).click();
    await expect(page.getByRole('tabpanel', { name: /^Ricevute/ }).getByText('Scegli un periodo per vedere i messaggi.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
