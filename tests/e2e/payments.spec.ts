import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, disposableAccount, expectNoAxeViolations } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principale' });
const cartLink = (page: Page) => nav(page).getByRole('link', { name: /^Carrello/ });
const row = (within: Page | Locator, text: string | RegExp) => within.getByRole('row').filter({ hasText: text });

async function switchTo(page: Page, who: RegExp) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name: who }).click();
  await expect(page).toHaveURL(/\/home$/);
}

const storedCart = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('portale-famiglie.privato.carrello')));

test.describe('administration', () => {
  test('account statement: styles in words, descriptions, totals, the year summary and an invoice PDF', async ({ page }) => {
    await openSignedIn(page, '/estratto-conto');
    await expect(page.getByRole('heading', { level: 1, name: 'Estratto conto' })).toBeVisible();

    const statement = page.getByRole('table', { name: 'Movimenti e pagamenti' });
    // A charge shows its subtitle, a movement its title (docs/product.md#payments); the style is a word.
    await expect(row(statement, 'Polizza infortuni e responsabilità civile')).toContainText('Pagato');
    await expect(statement.getByRole('rowheader', { name: 'Assicurazione integrativa' })).toHaveCount(0);
    await expect(row(statement, 'Rimborso quota uscita annullata')).toContainText('Credito');
    await expect(row(statement, 'Bonifico ricevuto il')).toHaveCount(1);
    const theatre = row(statement, 'Corso pomeridiano, 10 incontri');
    await expect(theatre).toContainText('Scaduto');
    await expect(theatre).toContainText('35,00');
    await expect(row(statement, 'Da versare in segreteria')).toContainText('Non pagabile online');
    await expect(page.getByRole('definition').first()).toContainText('€');

    // The year's summary: the chart is drawn, and said in a table.
    await expect(page.getByRole('table', { name: "Riepilogo dell'anno per categoria" })).toContainText('Assicurazione');

    // An invoice and a credit note, the PDF as a blob fetched with the session header.
    const invoices = page.getByRole('table', { name: 'Fatture e note di credito' });
    await expect(invoices.getByRole('row').filter({ hasText: 'Nota di credito' })).toHaveCount(1);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/pdf')) requests.push(`${r.url()} ${r.headers()['authorization']?.split(' ')[0] ?? ''}`);
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoices.getByRole('row').filter({ hasText: 'Fattura' }).first().getByRole('button', { name: /Scarica PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^FT_.*\.pdf$/);
    const file = await download.createReadStream();
    const head = await new Promise<string>((resolve) => file.once('data', (chunk) => resolve(String(chunk).slice(0, 5))));
    expect(head).toBe('%PDF-');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/\/pdf JWT$/);
    expect(requests[0]).not.toMatch(/token=/);

    // The overdue workshop goes into the cart; the sidebar counts it.
    await theatre.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(theatre).toContainText('Nel carrello');
    await expect(cartLink(page)).toContainText('1');
    await expectNoAxeViolations(page);
  });

  test('credits: every row named by its type, avere or dare, and the balance', async ({ page }) => {
    await openSignedIn(page, '/crediti');
    await expect(page.getByRole('heading', { level: 1, name: 'Crediti' })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Movimenti di credito' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const named = await rows.evaluateAll((trs) =>
      trs.slice(1).map((tr) => [...tr.querySelectorAll('td,th')].map((c) => c.textContent ?? '').join('|')),
    );
    for (const line of named) {
      expect(line).toMatch(/Pagamento|Rimborso pagamento|Deposito|Integrazione|Restituzione/);
      expect(line).toMatch(/Avere|Dare/);
    }
    await expect(page.getByTestId('saldo-crediti')).toContainText('€');
    await expectNoAxeViolations(page);
  });

  test('shop: a product with options, a quantity refused then accepted, a category filter', async ({ page }) => {
    await openSignedIn(page, '/negozio');
    const hoodie = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: "Felpa dell'istituto" }) });
    await expect(hoodie).toContainText('-10% fino a Natale');
    await expect(hoodie).toContainText('25,20');
    const addHoodie = hoodie.getByRole('button', { name: /Aggiungi al carrello/ });
    await expect(addHoodie).toBeDisabled();
    await hoodie.getByLabel(/Taglia/).selectOption('M');
    await expect(addHoodie).toBeDisabled();
    await hoodie.getByLabel(/Colore/).selectOption('Blu notte');
    await hoodie.getByLabel(/Quantità/).fill('4');
    await expect(hoodie).toContainText('La quantità massima è 3');
    await expect(addHoodie).toBeDisabled();
    await hoodie.getByLabel(/Quantità/).fill('2');
    await expect(addHoodie).toBeEnabled();
    await addHoodie.click();
    await expect(hoodie).toContainText('Nel carrello');

    const books = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Quaderni a quadretti 5 mm' }) });
    await books.getByLabel(/Quantità/).fill('7');
    await expect(books).toContainText('Acquistabile solo in multipli di 5');
    await expect(books.getByRole('button', { name: /Aggiungi al carrello/ })).toBeDisabled();
    await books.getByLabel(/Quantità/).fill('10');
    await expect(books).not.toContainText('Acquistabile solo in multipli');
    await books.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(cartLink(page)).toContainText('2');

    // Optional payments of the marketplace sit beside the products.
    await expect(row(page, '20 ore pomeridiane, da gennaio')).toBeVisible();

    await page.getByLabel('Categoria').selectOption('Cancelleria');
    await expect(page.getByRole('heading', { name: "Felpa dell'istituto" })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Penne a sfera blu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('shop: disabled for Giulia, and the sample catalogue when the shop cannot be reached', async ({ page }) => {
    await signIn(page);
    // A network failure: the example catalogue, clearly marked, nothing to buy, and a retry that works.
    let failing = true;
    await page.route('**/marketplace', (route) => (failing ? route.abort('failed') : route.continue()));
    await page.goto('/negozio');
    await expect(page.getByRole('heading', { name: 'Catalogo di esempio' })).toBeVisible();
    await expect(page.getByText('non sono i prodotti della scuola')).toBeVisible();
    for (const name of ['Quaderno', 'Penna', 'Calcolatrice', 'Zaino']) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByText('Esempio, non acquistabile')).toHaveCount(4);
    await expect(page.getByRole('button', { name: /Aggiungi al carrello/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    failing = false;
    await page.getByRole('button', { name: 'Riprova' }).click();
    await expect(page.getByRole('heading', { name: "Felpa dell'istituto" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Catalogo di esempio' })).toHaveCount(0);

    await switchTo(page, /Giulia Rossi/);
    await page.goto('/negozio');
    await expect(page.getByText('Il negozio è temporaneamente disabilitato')).toBeVisible();
    await expect(page.getByRole('button', { name: /Aggiungi al carrello/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Catalogo di esempio' })).toHaveCount(0);
  });

  test('cart: lines and total, a quantity changed within its rules, survives a reload, emptied after a confirmation', async ({ page }) => {
    await openSignedIn(page, '/negozio');
    const books = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Quaderni a quadretti 5 mm' }) });
    await books.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await page.goto('/estratto-conto');
    await row(page, 'Corso pomeridiano, 10 incontri').getByRole('button', { name: /Aggiungi al carrello/ }).click();

    await page.goto('/carrello');
    await expect(row(page, 'Quaderni a quadretti 5 mm')).toContainText('6,00');
    await expect(page.getByTestId('totale-carrello')).toContainText('41,00');
    const qty = page.getByLabel('Quantità di «Quaderni a quadretti 5 mm»');
    await qty.fill('12');
    await expect(row(page, 'Quaderni a quadretti 5 mm')).toContainText('Acquistabile solo in multipli di 5');
    await expect(page.getByTestId('totale-carrello')).toContainText('41,00');
    await qty.fill('15');
    await expect(page.getByTestId('totale-carrello')).toContainText('53,00');
    await expect(page.getByRole('link', { name: 'Procedi al pagamento' })).toHaveAttribute('href', '/carrello/pagamento');

    await page.reload();
    await expect(row(page, 'Quaderni a quadretti 5 mm')).toBeVisible();
    await expect(page.getByTestId('totale-carrello')).toContainText('53,00');
    await expect(cartLink(page)).toContainText('2');

    await row(page, 'Laboratorio teatrale').getByRole('button', { name: /Rimuovi/ }).click();
    await expect(page.getByTestId('totale-carrello')).toContainText('18,00');
    await page.getByRole('button', { name: 'Svuota il carrello' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Svuota' }).click();
    await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
    expect(await storedCart(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('cart: emptied by a student switch and by sign-out', async ({ page, request }) => {
    // Signing out ends every session of the user: an account of this test's own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password, '/pagamenti');
    await page.getByRole('tab', { name: /Marketplace/ }).click();
    await row(page, '20 ore pomeridiane, da gennaio').getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(page.getByRole('tab', { name: /Carrello/ })).toContainText('1 articolo');
    await expect(cartLink(page)).toContainText('1');
    expect(await storedCart(page)).toHaveLength(1);
    await expectNoAxeViolations(page);

    await switchTo(page, /Giulia Rossi/);
    await expect(cartLink(page)).not.toContainText('1');
    expect(await storedCart(page)).toEqual([]);
    await switchTo(page, /Marco Rossi/);
    await page.goto('/carrello');
    await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();

    await page.goto('/estratto-conto');
    await row(page, 'Corso pomeridiano, 10 incontri').getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(cartLink(page)).toContainText('1');
    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedCart(page)).toEqual([]);
    await signIn(page, account.username, account.password, '/carrello');
    await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
  });

  test('tax consent: changed and persisted, refused with its error kept', async ({ page }) => {
    await openSignedIn(page, '/agenzia-entrate');
    await expect(page.getByRole('heading', { level: 1, name: 'Agenzia delle Entrate' })).toBeVisible();
    await expect(page.getByText('Sì, fino al 28-02-2027')).toBeVisible();
    // A retried run finds the server as the first one left it: start from no choice.
    if (await page.getByRole('button', { name: "Ritira l'opposizione" }).isVisible()) {
      await page.getByRole('button', { name: "Ritira l'opposizione" }).click();
      await expect(page.getByTestId('ade-opposizione')).toHaveText('No');
    }
    if (await page.getByRole('button', { name: 'Ritira la conferma del pagante' }).isVisible()) {
      await page.getByRole('button', { name: 'Ritira la conferma del pagante' }).click();
      await expect(page.getByTestId('ade-pagante')).toHaveText('No');
    }

    await page.getByRole('button', { name: 'Conferma il pagante' }).click();
    await expect(page.getByTestId('ade-pagante')).toHaveText('Sì');
    await expect(page.getByText('Scelta registrata.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('ade-pagante')).toHaveText('Sì');
    await expect(page.getByText('20-11-2026')).toBeVisible();

    // Opposing withdraws the payer; confirming the payer while opposed is refused by the server.
    await page.getByRole('button', { name: "Mi oppongo all'invio dei dati" }).click();
    await expect(page.getByTestId('ade-opposizione')).toHaveText('Sì');
    await expect(page.getByTestId('ade-pagante')).toHaveText('No');
    await page.getByRole('button', { name: 'Conferma il pagante' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'La modifica non è stata applicata' });
    await expect(refusal).toContainText("Hai espresso opposizione all'invio dei dati");
    await expect(page.getByTestId('ade-pagante')).toHaveText('No');
    await expectNoAxeViolations(page);
    // Kept while the page is used, and a failed call is said the same way.
    await page.request.post('/__test__/guasti', { data: { metodo: 'POST', percorso: 'ade-opposizione$', stato: 500 } });
    await page.getByRole('button', { name: "Ritira l'opposizione" }).click();
    await expect(refusal).toContainText('errore imprevisto');
    await expect(page.getByTestId('ade-opposizione')).toHaveText('Sì');
    await page.reload();
    await expect(page.getByTestId('ade-opposizione')).toHaveText('Sì');
  });

  test('tax consent is read-only when closed for the year (Luca)', async ({ page }) => {
    await openSignedIn(page, '/agenzia-entrate', 'studente.demo');
    await expect(page.getByText("La scelta non si può più modificare per quest'anno scolastico.")).toBeVisible();
    await expect(page.getByRole('button', { name: /Conferma il pagante|Mi oppongo/ })).toHaveCount(0);
  });
});
