import type { Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations, everyOf } from './fixtures';

/**
 * /mense and /servizi-giornalieri (docs/product.md#meals) with the demo data and the pinned clock
 * (Friday 20-11-2026 09:00): today's meal can be booked until 09:30, yesterday's cannot.
 * Marco (first student) has every service and a low meal credit; Giulia's school has meals off.
 */

const booking = (page: Page) => page.getByRole('region', { name: 'Prenotazione del pasto' });
const meal = (page: Page) => booking(page).getByRole('radiogroup', { name: 'Pasto' });
const dayHeading = (page: Page) => booking(page).getByRole('heading', { level: 3 });

async function openMeals(page: Page) {
  await page.goto('/mense');
  await expect(page.getByRole('heading', { level: 1, name: 'Mensa' })).toBeVisible();
  await expect(dayHeading(page)).toBeVisible();
}

async function switchStudent(page: Page, name: RegExp) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** "+12,50 €" → 12.5 */
const euros = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

test.describe('meals', () => {
  test('today: "no meal" by default, a meal booked before 09:30 stays booked after reload', async ({ page }) => {
    await signIn(page);
    await openMeals(page);
    await expect(dayHeading(page)).toHaveText('Menù di venerdì 20-11-2026');
    await expect(booking(page).getByText('Prenotabile fino alle 09:30 di venerdì 20-11-2026.')).toBeVisible();
    // Nothing chosen yet: the "no meal" option is the one selected (docs/product.md#meals).
    await expect(meal(page).getByRole('radio', { name: 'Nessun pasto' })).toBeChecked();
    await expect(booking(page).getByText('Nessun pasto prenotato per questo giorno.')).toBeVisible();
    await expectNoAxeViolations(page);

    await meal(page).getByRole('radio', { name: 'Pasto completo' }).check();
    await expect(booking(page).getByRole('status').filter({ hasText: 'Prenotazione registrata: Pasto completo.' })).toBeVisible();
    await expect(booking(page).getByText('Prenotato: Pasto completo')).toBeVisible();
    // One choice among many: only that one is marked.
    await expect(meal(page).getByRole('radio', { checked: true })).toHaveCount(1);

    await page.reload();
    await expect(dayHeading(page)).toHaveText('Menù di venerdì 20-11-2026');
    await expect(meal(page).getByRole('radio', { name: 'Pasto completo' })).toBeChecked();
    await expect(meal(page).getByRole('radio', { name: 'Nessun pasto' })).not.toBeChecked();
  });

  test('day navigation both ways to the ends, past days closed by their deadline (phone width)', async ({ page }) => {
    // Five weeks of menus, one call per day: more than a screen's usual half a minute on a busy machine.
    test.slow();
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await openMeals(page);
    const previous = booking(page).getByRole('button', { name: 'Giorno precedente' });
    const next = booking(page).getByRole('button', { name: 'Giorno successivo' });

    await previous.click();
    await expect(dayHeading(page)).toHaveText('Menù di giovedì 19-11-2026');
    await expect(booking(page).getByText('Prenotazioni chiuse per questo giorno: il termine era alle 09:30 di giovedì 19-11-2026.')).toBeVisible();
    for (const radio of await everyOf(meal(page).getByRole('radio'))) await expect(radio).toBeDisabled();
    await expectNoAxeViolations(page);

    // Back to the first menu day of the demo (four weeks before today).
    while (await previous.isEnabled()) {
      const before = await dayHeading(page).textContent();
      await previous.click();
      await expect(dayHeading(page)).not.toHaveText(before!);
    }
    await expect(dayHeading(page)).toHaveText('Menù di venerdì 23-10-2026');
    await expect(booking(page).getByText(/^Prenotazioni chiuse/)).toBeVisible();

    // Forward to the last one (a week after today); Monday 23-11 was booked already.
    while (await next.isEnabled()) {
      const before = await dayHeading(page).textContent();
      await next.click();
      await expect(dayHeading(page)).not.toHaveText(before!);
      if ((await dayHeading(page).textContent()) === 'Menù di lunedì 23-11-2026') {
        await expect(meal(page).getByRole('radio', { name: 'Pasto completo' })).toBeChecked();
        await expect(booking(page).getByText('Prenotabile fino alle 09:30 di lunedì 23-11-2026.')).toBeVisible();
      }
    }
    await expect(dayHeading(page)).toHaveText('Menù di venerdì 27-11-2026');
    await expect(meal(page).getByRole('radio', { name: 'Nessun pasto' })).toBeEnabled();
    // The day shown is in the address: a reload keeps it.
    await page.reload();
    await expect(dayHeading(page)).toHaveText('Menù di venerdì 27-11-2026');
  });

  test('the deadline passing while the page is open: the server\'s 409 text, the day closed, also after reload', async ({ page, request }) => {
    await signIn(page);
    await openMeals(page);
    await expect(booking(page).getByText('Prenotabile fino alle 09:30 di venerdì 20-11-2026.')).toBeVisible();
    // For this test's requests only, the server's clock moves past today's 09:30.
    const clock = await request.put('/__test__/orologio', { data: { ora: '2026-11-20T09:31:00+01:00' } });
    expect(clock.ok()).toBe(true);
    // click, not check: the refusal may put the choice back before a check could see it set.
    await meal(page).getByRole('radio', { name: 'Menù vegetariano' }).click();
    await expect(booking(page).getByRole('alert')).toHaveText('Prenotazione non registrata: Il termine per la prenotazione è scaduto');
    await expect(booking(page).getByText('Prenotazioni chiuse per questo giorno: il termine era alle 09:30 di venerdì 20-11-2026.')).toBeVisible();
    await expect(meal(page).getByRole('radio', { name: 'Menù vegetariano' })).not.toBeChecked();
    for (const radio of await everyOf(meal(page).getByRole('radio'))) await expect(radio).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(dayHeading(page)).toHaveText('Menù di venerdì 20-11-2026');
    await expect(booking(page).getByText(/^Prenotazioni chiuse per questo giorno/)).toBeVisible();
    await expect(booking(page).getByRole('alert')).toHaveCount(0);
  });

  test('consumed meals by month, the credit with its movements and the low-credit alert, also on Home', async ({ page }) => {
    await signIn(page);
    // Marco's block of the family Home: the alert is the way to his meals screen.
    const marco = page.getByRole('main').getByRole('region', { name: 'Marco Rossi', exact: true });
    const alert = marco.getByRole('status').filter({ hasText: 'Credito mensa basso: restano 3,80 €.' });
    await expect(alert).toBeVisible();
    await alert.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mensa' })).toBeVisible();

    await expect(page.getByRole('status').filter({ hasText: 'Credito mensa basso: restano 3,80 €, sotto la soglia di 10,00 €.' })).toBeVisible();
    const consumed = page.getByRole('region', { name: /^Pasti consumati \(\d+\)$/ });
    const months = consumed.getByRole('heading', { level: 3 });
    await expect(months).toHaveText([/^novembre 2026/, /^ottobre 2026/]);
    const total = Number((await consumed.getByRole('heading', { level: 2 }).textContent())!.match(/\((\d+)\)/)![1]);
    expect(total).toBeGreaterThan(0);
    await expect(consumed.locator('tbody tr')).toHaveCount(total);
    const days = await consumed.locator('tbody tr time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    expect(days).toEqual([...days].sort().reverse());

    const credit = page.getByRole('region', { name: 'Credito mensa' });
    await expect(credit.getByRole('paragraph').first()).toHaveText(/^Credito residuo:\s\+3,80\s€\s·\scosto di un pasto\s4,60\s€$/);
    await expect(credit.locator('tbody tr').filter({ hasText: 'Ricarica tramite PagoPA' }).first()).toBeVisible();
    await expect(credit.locator('tbody tr').filter({ hasText: /Pasto del \d\d-\d\d-2026/ }).first()).toContainText('-4,60 €');
    await expectNoAxeViolations(page);
  });

  test("Giulia's school has meals off: the section says it is disabled", async ({ page }) => {
    await signIn(page);
    await switchStudent(page, /Giulia Rossi/);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Mensa' })).toHaveCount(0);
    // Home shows every child's day: Giulia's block, once drawn, has no meal credit (Marco's has).
    const giulia = page.getByRole('main').getByRole('region', { name: 'Giulia Rossi', exact: true });
    await expect(giulia.getByRole('region', { name: /^Lezioni di oggi/ })).toBeVisible();
    await expect(giulia.getByRole('region', { name: 'Credito mensa' })).toHaveCount(0);
    await expect(giulia.getByText(/Credito mensa basso/)).toHaveCount(0);
    await page.goto('/mense');
    await expect(page).toHaveURL(/\/home\?avviso=sezione-disabilitata$/);
    await expect(page.getByText('Questa sezione è stata temporanemante disabilitata da parte della scuola')).toBeVisible();
  });
});

test.describe('daily services', () => {
  const services = (page: Page) => page.getByRole('region', { name: /^Servizi di / });
  const creditOf = async (page: Page) => euros((await page.getByTestId('credito-servizi').textContent())!);

  test('a service joined and left on a day, with the credit moving by its cost', async ({ page }) => {
    await openSignedIn(page, '/servizi-giornalieri');
    await expect(services(page).getByRole('heading', { level: 2 })).toHaveText('Servizi di venerdì 20-11-2026');
    // Today at 09:00 both of Marco's services are past their deadline.
    const studyRoom = services(page).locator('[data-servizio="21"]');
    await expect(studyRoom).toContainText('Il termine per oggi è scaduto alle ore 08:00');
    await expect(studyRoom.getByRole('button')).toHaveCount(0);

    await services(page).getByLabel('Giorno').fill('2026-11-24');
    await expect(services(page).getByRole('heading', { level: 2 })).toHaveText('Servizi di martedì 24-11-2026');
    await expect(studyRoom).toContainText('3,00 €');
    await expect(studyRoom).toContainText('Non prenotato');
    await expect(page.getByTestId('credito-servizi')).toBeVisible();
    const before = await creditOf(page);

    await studyRoom.getByRole('button', { name: /^Aderisci/ }).click();
    await expect(services(page).getByRole('status').filter({ hasText: 'Adesione registrata: Aula studio assistita (14:30-16:30) del 24-11-2026.' })).toBeVisible();
    await expect(studyRoom).toContainText('Prenotato');
    await expect.poll(() => creditOf(page)).toBeCloseTo(before - 3, 2);
    const yearBookings = page.getByRole('region', { name: "Prenotazioni dell'anno" });
    await expect(yearBookings.locator('tbody tr').filter({ hasText: '24-11-2026' }).filter({ hasText: 'Aula studio' })).toHaveCount(1);
    await expectNoAxeViolations(page);

    await studyRoom.getByRole('button', { name: /^Annulla adesione/ }).click();
    await expect(services(page).getByRole('status').filter({ hasText: 'Adesione annullata: Aula studio assistita (14:30-16:30) del 24-11-2026.' })).toBeVisible();
    await expect(studyRoom).toContainText('Non prenotato');
    await expect.poll(() => creditOf(page)).toBeCloseTo(before, 2);
    await expect(yearBookings.locator('tbody tr').filter({ hasText: '24-11-2026' }).filter({ hasText: 'Aula studio' })).toHaveCount(0);
  });

  test('"credito insufficiente": the server\'s message, nothing changed', async ({ page }) => {
    await signIn(page);
    await switchStudent(page, /Giulia Rossi/);
    // Homework club (6,00 €) runs Monday, Wednesday and Friday; Giulia's credit pays for one day.
    await page.goto('/servizi-giornalieri?data=2026-11-25');
    const club = services(page).locator('[data-servizio="33"]');
    await club.getByRole('button', { name: /^Aderisci/ }).click();
    await expect(club).toContainText('Prenotato');
    await expect(page.getByTestId('credito-servizi')).toBeVisible();

    await services(page).getByLabel('Giorno').fill('2026-11-27');
    await expect(services(page).getByRole('heading', { level: 2 })).toHaveText('Servizi di venerdì 27-11-2026');
    const before = await creditOf(page);
    expect(before).toBeLessThan(6);
    await club.getByRole('button', { name: /^Aderisci/ }).click();
    await expect(services(page).getByRole('alert')).toHaveText(/^Operazione non eseguita: Credito insufficiente: servono 6,00 €, disponibili \d+,\d\d €$/);
    await expect(club).toContainText('Non prenotato');
    await expect(club.getByRole('button', { name: /^Aderisci/ })).toBeVisible();
    expect(await creditOf(page)).toBeCloseTo(before, 2);
    await expectNoAxeViolations(page);
  });
});

test('in English on a phone: the meal day and the daily services read in English, with no overflow', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('User code').fill('genitore.demo');
  await page.getByLabel('Password', { exact: true }).fill('Demo.2026!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/mense');
  await expect(page.getByRole('heading', { level: 1, name: 'School meals' })).toBeVisible();
  const meals = page.getByRole('region', { name: 'Meal booking' });
  await expect(meals.getByRole('heading', { level: 3 })).toHaveText('Menu of Friday 20-11-2026');
  await expect(meals.getByText('Can be booked until 09:30 on Friday 20-11-2026.')).toBeVisible();
  await expect(meals.getByRole('radiogroup', { name: 'Meal' }).getByRole('radio', { name: 'No meal' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Low meal credit: 3,80 € left, below the threshold of 10,00 €.' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto('/servizi-giornalieri?data=2026-11-24');
  await expect(page.getByRole('heading', { level: 2, name: 'Services of Tuesday 24-11-2026' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Join Navetta/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prepaid credit' }).getByText(/^Remaining credit:/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});
