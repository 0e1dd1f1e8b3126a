import type { Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations, expectHomeOf } from './fixtures';
import { readAttempts } from '../../src/api/retryPolicy';

const studentMenu = (page: Page) => page.getByRole('button', { name: /Cambia studente o anno scolastico/ });
const header = (page: Page) => page.getByRole('banner');

async function choose(page: Page, item: RegExp) {
  await studentMenu(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('student and year switch', () => {
  test('switches student: header and data change, back on Home, the previous name nowhere', async ({ page }) => {
    // Two students, two axe passes and a reload: longer than the default 30 s on a busy machine.
    test.slow();
    await signIn(page);
    await expect(header(page)).toContainText('Marco Rossi');
    await expect(header(page)).toContainText('3A');
    await page.goto('/voti');
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();

    // The menu lists the other student and Marco's past year, not what is already open.
    await studentMenu(page).click();
    await expect(page.getByRole('menuitem', { name: /Giulia Rossi/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /2025\/2026/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Marco Rossi/ })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: /2026\/2027/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();

    await expectHomeOf(page, 'Giulia Rossi');
    await expect(header(page)).toContainText('2B');
    // The family Home shows both children: hers is now the selected one.
    await expect(page.getByRole('region', { name: 'Giulia Rossi', exact: true })).toContainText('Studente selezionato');
    await expect(page.getByRole('region', { name: 'Marco Rossi', exact: true })).not.toContainText('Studente selezionato');
    // Her sidebar: messenger v1, no meals.
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(nav.getByRole('link', { name: /^Comunicazioni/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Mensa/ })).toHaveCount(0);
    // Her grades, not his.
    await nav.getByRole('link', { name: /^Voti/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    await expect(page.getByText('Marco', { exact: false })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A reload keeps the student chosen.
    await page.reload();
    await expect(header(page)).toContainText('Giulia Rossi');
    await expect(page.getByText('Marco', { exact: false })).toHaveCount(0);

    // And back.
    await choose(page, /Marco Rossi/);
    await expectHomeOf(page, 'Marco Rossi');
    await expect(page.getByRole('region', { name: 'Marco Rossi', exact: true })).toContainText('Studente selezionato');
    await page.goto('/voti');
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    await expect(page.getByText('Giulia', { exact: false })).toHaveCount(0);
  });

  test('switches to a past year and back to the current one', async ({ page }) => {
    await openSignedIn(page, '/voti');
    await choose(page, /2025\/2026/);
    await expect(page).toHaveURL(/\/home$/);
    await expect(header(page)).toContainText('2A');
    await expect(header(page)).toContainText('2025/2026');
    await expect(page.getByText(/Classe 2A/)).toBeVisible();
    await expect(page.getByText(/3A/)).toHaveCount(0);
    const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).scope as { anno: string });
    expect(saved.anno).toBe('2025_2026');

    await studentMenu(page).click();
    await expect(page.getByRole('menuitem', { name: /2026\/2027.*anno in corso/ })).toBeVisible();
    await page.getByRole('menuitem', { name: /2026\/2027/ }).click();
    await expect(header(page)).toContainText('3A');
    await expect(page.getByText(/Classe 3A/)).toBeVisible();
    await expect(page.getByText(/2A/)).toHaveCount(0);
  });

  test('works with the keyboard alone', async ({ page }) => {
    await signIn(page);
    await studentMenu(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /Giulia Rossi/ })).toBeVisible();
    // Ark's menu opened from the keyboard highlights its first item (aria-activedescendant).
    await expect(page.getByRole('menuitem', { name: /Giulia Rossi/ })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    await expectHomeOf(page, 'Giulia Rossi');
  });

  test('a failure while loading the new student keeps the previous one, signed in, and says so', async ({ page, request }) => {
    await openSignedIn(page, '/voti');
    // The sidebar's Novità badge reads every child's info once the page is idle: let it finish
    // first, so that the faults below meet the switch's own calls.
    await expect(page.locator('#menu-principale').getByTestId('conteggio-novita')).toBeVisible({ timeout: 15_000 });
    // On every attempt the query client makes (api/retryPolicy.ts).
    await request.post('/__test__/guasti', { data: { metodo: 'GET', percorso: '/studenti/502/.*/studente/info$', stato: 500, volte: readAttempts(500) } });
    await choose(page, /Giulia Rossi/);
    await expect(page.getByRole('alert')).toContainText('Non è stato possibile caricare i dati dello studente');
    await expect(page).toHaveURL(/\/voti$/);
    await expect(header(page)).toContainText('Marco Rossi');
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Chiudi' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Once the server answers again, the same choice works.
    await request.delete('/__test__/guasti');
    await choose(page, /Giulia Rossi/);
    await expectHomeOf(page, 'Giulia Rossi');
  });

  test('shows a loading state, never the previous student, while the new one loads', async ({ page, request }) => {
    await signIn(page);
    await request.post('/__test__/guasti', { data: { metodo: 'GET', percorso: '/studenti/502/.*/studente/info$', ritardo_ms: 1500 } });
    await choose(page, /Giulia Rossi/);
    await expect(page.getByRole('main').getByText('Caricamento dei dati dello studente…')).toBeAttached();
    await expect(page.getByText('Marco Rossi')).toHaveCount(0);
    await expectHomeOf(page, 'Giulia Rossi');
    await request.delete('/__test__/guasti');
  });
});
