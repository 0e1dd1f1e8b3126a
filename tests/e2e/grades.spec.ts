import { test, expect, signIn } from './fixtures';

test.describe('grades', () => {
  test('lists grades by subject with the weighted average where allowed', async ({ page }) => {
    await signIn(page);
    await page.goto('/voti');
    await expect(page.getByRole('tab', { name: '1° periodo', selected: true })).toBeVisible();
    const maths = page.getByRole('region', { name: 'Matematica' });
    await expect(maths.getByText(/Media ponderata: \d/)).toBeVisible();
    // Fisica has a grade of weight 0: a weighted average cannot be computed there (spec §5).
    const physics = page.getByRole('region', { name: 'Fisica' });
    await expect(physics.getByText(/^Media: \d/)).toBeVisible();
    // Only scritto, orale, pratico or flagged grades are listed.
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.getByRole('cell', { name: 'annotazione docente' })).toHaveCount(0);
  });

  test('sanitises the HTML of teachers comments', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page);
    await page.goto('/voti');
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.locator('table img[onerror]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('acknowledging a grade shows date and time and survives a reload', async ({ page }) => {
    await signIn(page);
    await page.goto('/voti');
    const button = page.getByRole('button', { name: /^Prendi visione/ }).first();
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name }) });
    const date = (await row.getByRole('cell').first().innerText()).trim();
    await button.click();
    const done = page.getByRole('row').filter({ hasText: date }).getByText(/Vista il \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).first();
    await expect(done).toBeVisible();
    const remaining = await page.getByRole('button', { name: /^Prendi visione/ }).count();

    await page.reload();
    await expect(page.getByRole('button', { name: /^Prendi visione/ })).toHaveCount(remaining);
    await expect(page.getByText(/Vista il \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).first()).toBeVisible();
  });
});
