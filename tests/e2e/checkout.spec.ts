import { test, expect, expectNoAxeViolations, signIn } from './fixtures';
import { BASE, CART_KEY, PENDING_KEY, YEAR, fillCard, openCheckout, parentToken, productLine, statementCount } from './checkoutHelpers';
import { mobileApp } from './mobileApp';

test.describe('checkout', () => {
  test('from the shop to the cart to a card payment: receipt, cart emptied, the purchase paid on the statement', async ({ page, request }) => {
    test.slow();
    const token = await parentToken(request);
    const title = 'Acquisto: Calcolatrice scientifica (x1)';
    const before = await statementCount(request, token, title);
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    // The statement is read (and cached) before the payment: what it shows after must be read again.
    await page.goto('/estratto-conto');
    const statement = page.getByRole('table', { name: 'Movimenti e pagamenti' });
    await expect(statement).toBeVisible();
    // The statement names a purchase by its subtitle: the shop, the product and the quantity.
    const bought = statement.getByRole('row').filter({ hasText: 'Negozio della scuola: Calcolatrice scientifica (x1)' });
    await expect(bought).toHaveCount(before);
    await nav.getByRole('link', { name: 'Negozio' }).click();
    const calculator = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Calcolatrice scientifica' }) });
    await calculator.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(calculator).toContainText('Nel carrello');
    await nav.getByRole('link', { name: /^Carrello/ }).click();
    await page.getByRole('link', { name: 'Procedi al pagamento' }).click();
    await expect(page).toHaveURL(/\/carrello\/pagamento$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();

    await page.getByRole('button', { name: 'Paga con carta' }).click();
    await page.getByLabel('Nome titolare carta').fill('Laura Rossi');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Paga', exact: true }).click();
    await expect(page.getByText('Pagamento confermato')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Calcolatrice scientifica' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Carrello/ })).not.toContainText(/\d/);
    expect(await page.evaluate((c) => sessionStorage.getItem(c), CART_KEY)).toBeNull();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica la fattura' }).click();
    expect((await download).suggestedFilename()).toMatch(/^FT_\d{4}_\d{4}\.pdf$/);
    await expectNoAxeViolations(page);

    expect(await statementCount(request, token, title)).toBe(before + 1);
    await nav.getByRole('link', { name: 'Estratto conto' }).click();
    await expect(bought).toHaveCount(before + 1);
    await expect(bought.last()).toContainText('Pagato');
    await nav.getByRole('link', { name: /^Carrello/ }).click();
    await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
  });

  test('every test card on one intent: reasons shown, another card tried, 3-D Secure refused then approved, receipt', async ({ page, request }) => {
    // Whole payments on one sign-in: long flows on a shared machine.
    test.slow();
    const token = await parentToken(request);
    await openCheckout(page, [await productLine(request, token, 'Penne a sfera blu', 1)]);
    await page.getByRole('button', { name: 'Paga con carta' }).click();
    await expect(page.getByRole('heading', { name: 'Pagamento con carta' })).toBeVisible();
    const pay = page.getByRole('button', { name: 'Paga', exact: true });
    await expect(pay).toBeEnabled();

    // docs/product.md#payments: the name first, checked before anything leaves the page.
    await fillCard(page, '4242 4242 4242 4242');
    await pay.click();
    await expect(page.getByText('Nome titolare carta è obbligatorio')).toBeVisible();
    await page.getByLabel('Nome titolare carta').fill('Laura Rossi');

    const declines: [string, string, string?][] = [
      ['4242 4242 4242 4241', 'Il numero della carta non è valido'],
      ['4242 4242 4242 4242', 'La carta è scaduta', '01 / 20'],
      ['5555 5555 5555 4444', 'Carta non accettata'],
      ['4000 0000 0000 0002', 'La carta è stata rifiutata'],
      ['4000 0000 0000 9995', 'Fondi insufficienti sulla carta'],
    ];
    for (const [number, reason, expiry] of declines) {
      await fillCard(page, number, expiry);
      await pay.click();
      await expect(page.getByRole('alert')).toContainText(reason);
      await expect(pay).toBeEnabled();
    }
    await expectNoAxeViolations(page);
    const intent = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!).id as string, PENDING_KEY);

    await fillCard(page, '4000 0027 6000 3184');
    await pay.click();
    const challenge = page.frameLocator('iframe[title="Autenticazione 3-D Secure"]');
    await challenge.getByRole('button', { name: 'Rifiuta' }).click();
    await expect(page.getByRole('alert')).toContainText('Autenticazione 3-D Secure non riuscita');

    await pay.click();
    await challenge.getByRole('button', { name: 'Approva' }).click();
    await expect(page.getByText('Pagamento confermato')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ricevuta' })).toBeVisible();
    // The same intent all along, and the receipt names it.
    await expect(page.getByText(intent)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Penne a sfera blu' })).toContainText('4,00');
    expect(await page.evaluate(([c, p]) => [sessionStorage.getItem(c!), sessionStorage.getItem(p!)], [CART_KEY, PENDING_KEY])).toEqual([null, null]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica la fattura' }).click();
    expect((await download).suggestedFilename()).toMatch(/^FT_\d{4}_\d{4}\.pdf$/);
    await expectNoAxeViolations(page);
  });

  test('a failed checkout call retried and a double click charge once: the server shows one succeeded intent', async ({ page, request }) => {
    // Whole payments on one sign-in: long flows on a shared machine.
    test.slow();
    const token = await parentToken(request);
    const before = await statementCount(request, token, 'Acquisto: Diario scolastico d\'istituto (x1)');
    const diary = await productLine(request, token, "Diario scolastico d'istituto", 1);
    // Every checkout the simulated processor holds for this product (test hook, tests/server-hooks/payments.ts).
    const intents = async () => {
      const res = await request.get(`/__test__/pagamenti?id_studente=501&anno=${YEAR}&cart_id=${diary.cart_id}`);
      return ((await res.json()) as { transazioni: { id: string; chiave_idempotenza: string; stato_fornitore: string; addebitata: boolean }[] }).transazioni;
    };
    const earlier = (await intents()).length;
    await openCheckout(page, [diary]);
    await request.post('/__test__/guasti', { data: { metodo: 'POST', percorso: '/transaction$', stato: 503, volte: 1 } });
    await page.getByRole('button', { name: 'Paga con carta' }).click();
    await expect(page.getByRole('alert')).toContainText('Errore nel pagamento');
    const key = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!).idempotencyKey as string, PENDING_KEY);
    await page.getByRole('button', { name: 'Riprova' }).click();
    await page.getByLabel('Nome titolare carta').fill('Laura Rossi');
    await fillCard(page, '4242 4242 4242 4242');
    const pay = page.getByRole('button', { name: 'Paga', exact: true });
    await expect(pay).toBeEnabled();
    await pay.dblclick();
    await expect(page.getByText('Pagamento confermato')).toBeVisible();
    expect(await statementCount(request, token, "Acquisto: Diario scolastico d'istituto (x1)")).toBe(before + 1);
    // One intent for the attempt, whatever the retry and the double click, and it succeeded once.
    const made = (await intents()).slice(earlier);
    expect(made).toEqual([expect.objectContaining({ chiave_idempotenza: key, stato_fornitore: 'succeeded', addebitata: true })]);
    await expect(page.getByText(made[0]!.id)).toBeVisible();

    // The server answers the same key with the same (succeeded) intent, never a second one.
    const again = await request.post(`${BASE}/transaction`, {
      headers: { Authorization: `JWT ${token}`, 'Idempotency-Key': key },
      data: { articoli: [{ id: diary.id, tipo: 'articolo', quantita: 1, opzioni: [] }] },
    });
    expect(((await again.json()) as { payment_intent: { id: string; status: string } }).payment_intent).toMatchObject({ id: made[0]!.id, status: 'succeeded' });
    expect((await intents()).slice(earlier)).toEqual(made);
  });

  test('a reload mid-payment resumes the same intent, and during 3-D Secure the same challenge', async ({ page, request }) => {
    // Whole payments on one sign-in: long flows on a shared machine.
    test.slow();
    const token = await parentToken(request);
    await openCheckout(page, [await productLine(request, token, 'Quaderni a quadretti 5 mm', 5)]);
    await page.getByRole('button', { name: 'Paga con carta' }).click();
    const pay = page.getByRole('button', { name: 'Paga', exact: true });
    await expect(pay).toBeEnabled();
    const kept = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!), PENDING_KEY);
    expect(kept.id).toMatch(/^pi_/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pagamento con carta' })).toBeVisible();
    expect(await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!), PENDING_KEY)).toEqual(kept);

    // The bank's challenge is open when the page reloads: it comes back, not a refusal.
    await page.getByLabel('Nome titolare carta').fill('Laura Rossi');
    await fillCard(page, '4000 0027 6000 3184');
    await pay.click();
    const challenge = page.frameLocator('iframe[title="Autenticazione 3-D Secure"]');
    await expect(challenge.getByRole('button', { name: 'Approva' })).toBeVisible();
    await page.reload();
    await expect(page.getByText('La banca chiede ancora di confermare il pagamento')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await challenge.getByRole('button', { name: 'Approva' }).click();
    await expect(page.getByText('Pagamento confermato')).toBeVisible();
    await expect(page.getByText(kept.id)).toBeVisible();
    expect(await page.evaluate((k) => sessionStorage.getItem(k), PENDING_KEY)).toBeNull();
  });

  test('the mobile payment app: accepted after a reload while waiting', async ({ page, request }) => {
    // Whole payments on one sign-in: long flows on a shared machine.
    test.slow();
    const token = await parentToken(request);
    await openCheckout(page, [await productLine(request, token, 'Quaderni a quadretti 5 mm', 10)]);
    await page.getByRole('button', { name: 'Paga con Satispay' }).click();
    const button = page.frameLocator('iframe[title="Satispay (simulato)"]');
    await button.getByRole('button', { name: 'Chiudi' }).click();
    await expect(page.getByText("In attesa della conferma nell'app Satispay")).toBeVisible();
    await expectNoAxeViolations(page);
    const kept = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!), PENDING_KEY);
    expect(kept).toMatchObject({ metodo: 'app', id: expect.stringMatching(/^sp_/) });

    await page.reload();
    // Resumed: waiting again for the same payment, the button not reopened by itself.
    await expect(page.getByText("In attesa della conferma nell'app Satispay")).toBeVisible();
    await page.getByRole('button', { name: 'Apri di nuovo Satispay' }).click();
    await button.getByRole('button', { name: "Approva nell'app" }).click();
    await expect(page.getByText('Pagamento confermato')).toBeVisible();
    await expect(page.getByText(kept.id)).toBeVisible();
    await expect(page.getByText('App di pagamento (Satispay)')).toBeVisible();
  });

  test('the mobile payment app: cancelled by the family, then refused in the app; nothing charged, another way offered', async ({ page, request }) => {
    // Whole payments on one sign-in: long flows on a shared machine.
    test.slow();
    const token = await parentToken(request);
    const before = await statementCount(request, token, 'Acquisto: Quaderni a quadretti 5 mm (x15)');
    await openCheckout(page, [await productLine(request, token, 'Quaderni a quadretti 5 mm', 15)]);
    const button = page.frameLocator('iframe[title="Satispay (simulato)"]');

    // Stopping the wait cancels the payment with the provider; a failed cancel is offered again.
    await page.getByRole('button', { name: 'Paga con Satispay' }).click();
    await button.getByRole('button', { name: 'Chiudi' }).click();
    const first = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!).id as string, PENDING_KEY);
    await request.post('/__test__/guasti', { data: { metodo: 'POST', percorso: '/annulla$', stato: 503, volte: 1 } });
    await page.getByRole('button', { name: 'Annulla il pagamento' }).click();
    await expect(page.getByText('Il pagamento non risulta ancora annullato')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Errore nel pagamento');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Riprova ad annullare' }).click();
    await expect(page.getByRole('heading', { name: 'Come vuoi pagare?' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), PENDING_KEY)).toBeNull();
    const cancelled = await request.get(`${BASE}/transaction/${first}`, { headers: { Authorization: `JWT ${token}` } });
    expect(await cancelled.json()).toMatchObject({ stato: 'annullato', stato_fornitore: 'CANCELED' });

    await page.getByRole('button', { name: 'Paga con Satispay' }).click();
    await button.getByRole('button', { name: "Rifiuta nell'app" }).click();
    await expect(page.getByRole('heading', { name: 'Come vuoi pagare?' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Errore nel pagamento');
    await expect(page.getByRole('alert')).toContainText("Pagamento rifiutato nell'app");
    expect(await page.evaluate((k) => sessionStorage.getItem(k), PENDING_KEY)).toBeNull();
    expect(await statementCount(request, token, 'Acquisto: Quaderni a quadretti 5 mm (x15)')).toBe(before);
    await expectNoAxeViolations(page);
  });

  test('items that cannot be paid online: blocked methods name them, the school’s instructions with copy buttons', async ({ page, request }) => {
    // Whole payments on one sign-in: long flows on a shared machine.
    test.slow();
    const token = await parentToken(request);
    const items = (await (await request.get(`${BASE}/pagamenti`, { headers: { Authorization: `JWT ${token}` } })).json()) as { id: number; titolo: string; prezzo: number }[];
    const copies = items.find((i) => i.titolo === 'Fotocopie e materiale di laboratorio')!;
    const line = {
      cart_id: `pagamento_${copies.id}`, id: copies.id, tipo: 'pagamento', nome: copies.titolo, prezzoUnitarioCent: copies.prezzo * 100,
      prezzoScontatoCent: copies.prezzo * 100, sconto: null, quantita: 1, quantitaMinima: 1, quantitaMassima: 1, passo: 1, opzioni: [],
      pagamentoCarta: false, pagamentoApp: false,
    };
    await openCheckout(page, [line, await productLine(request, token, 'Penne a sfera blu', 2)]);
    await expect(page.getByRole('button', { name: 'Paga con carta' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Paga con Satispay' })).toHaveCount(0);
    await expect(page.getByText('non consente il pagamento con carta per')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Fotocopie e materiale di laboratorio' })).toHaveCount(2);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Vedi come pagare la scuola' }).click();
    await expect(page.getByRole('heading', { name: 'Pagamento in accordo con la scuola' })).toBeVisible();
    await expect(page.getByText('Segreteria amministrativa, piano terra')).toBeVisible();
    await expect(page.getByText('IT60X0542811101000000123456')).toBeVisible();
    await expect(page.getByText('Fotocopie e materiale di laboratorio - Marco Rossi - classe 3A')).toBeVisible();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copia IBAN' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('IT60X0542811101000000123456');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Torna ai metodi di pagamento' }).click();
    await expect(page.getByRole('heading', { name: 'Come vuoi pagare?' })).toBeVisible();
  });
});

test.describe('mobile pages', () => {
  test('statement, shop and cart from the app’s codes to a paid cart with the app, the outcome told to the app; the code’s session stays within its student', async ({ page, request }) => {
    // Whole payments on one sign-in: long flows on a shared machine.
    test.slow();
    const app = await mobileApp(page, request);
    const codeFor = async (pagina: string) => (await app.code(pagina)).url;
    // The app's web view: the bridge the page talks to.
    await page.addInitScript(
      () => {
        const messages: string[] = [];
        (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = { postMessage: (m: string) => messages.push(m) };
        (window as unknown as { appMessages: string[] }).appMessages = messages;
      },
    );
    const nav = page.getByRole('navigation', { name: 'Menu principale' });

    // The statement, as in the signed-in area but without its chrome.
    await page.goto(await codeFor('estratto-conto'));
    await expect(page.getByRole('heading', { level: 1, name: 'Estratto conto' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Movimenti e pagamenti' }).getByRole('row').filter({ hasText: 'Polizza infortuni' })).toContainText('Pagato');
    await expect(page.getByRole('table', { name: 'Fatture e note di credito' })).toBeVisible();
    await expect(nav).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The shop on its own code; what it adds is paid in the mobile cart.
    await page.goto(await codeFor('negozio'));
    await expect(page.getByRole('heading', { level: 1, name: 'Negozio' })).toBeVisible();
    const pens = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Penne a sfera blu' }) });
    await pens.getByLabel(/Quantità/).fill('3');
    await pens.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(page.getByRole('link', { name: 'Articoli nel carrello: 1' })).toBeVisible();
    await expect(nav).toHaveCount(0);
    await expectNoAxeViolations(page);
    await pens.getByRole('link', { name: 'Vai al carrello' }).click();
    await expect(page).toHaveURL(/\/mobile\/carrello$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Articoli nel carrello' })).toContainText('Penne a sfera blu x3');
    // The page survives a reload on the code's session.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toHaveCount(0);
    // The app first.
    const methods = page.getByRole('heading', { level: 3 });
    await expect(methods.first()).toHaveText('App di pagamento (Satispay)');
    await expectNoAxeViolations(page);

    const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session') ?? 'null') as { token?: string } | null);
    const mobileToken = session?.token;
    expect(mobileToken).toBeTruthy();
    const giulia = await request.get(`/api/v3/scuole/DEMO02/studenti/502/${YEAR}/estratto-conto`, { headers: { Authorization: `JWT ${mobileToken}` } });
    expect(giulia.status()).toBe(403);
    const refresh = await request.post('/api/v4/utenti/1001/refresh-token/', { data: { token: mobileToken } });
    expect(refresh.status()).toBe(401);

    await page.getByRole('button', { name: 'Paga con Satispay' }).click();
    await page.frameLocator('iframe[title="Satispay (simulato)"]').getByRole('button', { name: "Approva nell'app" }).click();
    await expect(page).toHaveURL(/\/mobile\/esito\?.*stato=confermato/);
    await expect(page.getByText('Pagamento confermato.')).toBeVisible();
    const messages = await page.evaluate(() => (window as unknown as { appMessages: string[] }).appMessages);
    expect(messages.map((m) => JSON.parse(m))).toContainEqual(
      expect.objectContaining({ tipo: 'portale-famiglie.esito', pagina: 'carrello', stato: 'confermato', id_transazione: expect.stringMatching(/^sp_/), importo: 12 }),
    );
    await expectNoAxeViolations(page);
  });
});
