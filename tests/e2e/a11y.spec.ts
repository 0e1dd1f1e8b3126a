import { test, expect, signIn, openSignedIn, expectNoAxeViolations, disposableAccount, expectHomeOf } from './fixtures';
import { CONDITIONAL, DISABLED_FOR, SIGN_IN_ONLY } from './routes';

test.describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  test('/login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByText('Non comunicarle a nessuno')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/login with an error shown', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/home of a family (one block per child)', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('region', { name: 'Giulia Rossi', exact: true }).getByRole('heading', { name: /^Nuovi voti \(\d+\)$/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/home of one child', async ({ page }) => {
    await signIn(page, 'genitore.bianchi');
    await expect(page.getByRole('heading', { name: 'Ultimi voti' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/voti', async ({ page }) => {
    await openSignedIn(page, '/voti');
    await expect(page.getByRole('tab', { name: '1° periodo' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the not-found page', async ({ page }) => {
    await page.goto('/pagina-che-non-esiste');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the layout works with the keyboard', async ({ page, request }) => {
    // It ends by signing out, which ends every session of the user: an account of its own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
    // From the top of a freshly loaded page (Chrome continues Tab from the last focused place).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused();
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/voti$/);
    await page.getByRole('button', { name: /Menu utente/ }).focus();
    await page.keyboard.press('Enter');
    // Opening by keyboard highlights the first item once the menu has the keyboard; then End.
    await expect(page.getByRole('menuitem').first()).toHaveAttribute('data-highlighted');
    // The highlight can come a frame before the focus: End must reach the menu, not the button.
    await expect(page.getByRole('menu')).toBeFocused();
    await page.keyboard.press('End');
    // Ark's menu keeps focus on the list and marks the active item (aria-activedescendant).
    await expect(page.getByRole('menuitem', { name: 'Esci' })).toHaveAttribute('data-highlighted');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
  });
});

/**
 * The same checks in the dark scheme (ui/tokens.css), on every route of the signed-in area: the
 * device prefers dark, the person chose nothing. The charts, drawn only when opened, are opened.
 */
test.describe('accessibility in the dark scheme (axe, WCAG 2.1 A/AA)', () => {
  test.use({ colorScheme: 'dark' });

  test('/login and the not-found page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByText('Non comunicarle a nessuno')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/pagina-che-non-esiste');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('every route of the signed-in area', async ({ page }) => {
    test.setTimeout(360_000);
    await signIn(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 22, 30)');
    const disabled: readonly string[] = DISABLED_FOR.marco;
    for (const path of [...SIGN_IN_ONLY, ...CONDITIONAL].filter((p) => !disabled.includes(p))) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/voti') {
          // A subject's chart, with its axis labels and the sufficiency line.
          const chart = page.locator('details').first();
          await chart.locator('summary').click();
          await expect(chart.locator('svg')).toBeVisible();
        }
        await expectNoAxeViolations(page);
      });
    }
  });

  test("Giulia's communications (messenger v1)", async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
    await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
    await expectHomeOf(page, 'Giulia Rossi');
    await page.goto('/comunicazioni');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
