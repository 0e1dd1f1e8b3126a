import type { Page, Route } from '@playwright/test';
import { test, expect, signIn, openSignedIn, disposableAccount, DEMO_PASSWORD, expectHomeOf } from './fixtures';
import { E2E_NOW } from '../../playwright.config';

test.describe('sign-in and session', () => {
  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Codice utente').fill('genitore.demo');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toContainText('Inserire codice utente e password');
    await expect(page.getByLabel('Codice utente')).toHaveValue('genitore.demo');
  });

  test('a wrong password says so and keeps what was typed', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Codice utente').fill('genitore.demo');
    await page.getByLabel('Password', { exact: true }).fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toHaveText('Codice utente e/o password non validi');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('Codice utente')).toHaveValue('genitore.demo');
  });

  test('shows the school settings of the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: /Hai dimenticato la password/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra con SPID' })).toBeVisible();
    await expect(page.getByText('Non comunicarle a nessuno')).toBeVisible();
  });

  // A reload or a shared link: the page's first script starts the page's own calls with the
  // session's (src/early.ts), so they travel while the app's code downloads, and the app takes them.
  for (const [path, heading, call] of [
    ['/home', null, /\/501\/2026_2027\/voti_plain$/],
    ['/voti', 'Voti', /\/501\/2026_2027\/voti_plain$/],
    ['/agenda', 'Agenda', /\/501\/2026_2027\/agenda_plain\?/],
  ] as const) {
    test(`a reload of ${path} calls for its data before the app's code has arrived, and each call is made once`, async ({ page }) => {
      await signIn(page, 'genitore.demo', DEMO_PASSWORD, path);
      // Signed in and drawn: a reload during the session check would send the token it is renewing.
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The app's code is held back until the page's main call has gone out (or 10 s have passed).
      let held = true;
      const whileHeld: string[] = [];
      page.on('request', (r) => void (held && whileHeld.push(r.url())));
      await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
        await expect.poll(() => whileHeld.some((url) => call.test(url)), { timeout: 10_000 }).toBe(true).catch(() => undefined);
        held = false;
        await route.continue();
      });
      await page.reload();
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      else await expectHomeOf(page, 'Marco Rossi');
      expect(whileHeld.filter((url) => call.test(url))).toHaveLength(1);
      // Every call the first script started is taken by the app (none is made twice; on Home a
      // family's other children's once their info is read, after the page has painted).
      const left = () => page.evaluate(() => ((globalThis as Record<symbol, { url: string }[]>)[Symbol.for('portale-famiglie.early-calls')] ?? []).map((c) => c.url));
      await expect.poll(left).toEqual([]);
    });
  }

  test('after "Accedi", the student’s calls and Home’s go out at once, each once, and the session and the page take them', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => void calls.push(r.url()));
    const grades = /\/501\/2026_2027\/voti_plain$/;
    let beforeInfo = false;
    // The open student's info is held until Home's grades have been asked for (or 3 s have passed).
    await page.route(/\/501\/2026_2027\/studente\/info$/, async (route) => {
      await expect.poll(() => calls.some((url) => grades.test(url)), { timeout: 3_000 }).toBe(true).catch(() => undefined);
      beforeInfo = calls.some((url) => grades.test(url));
      await route.continue();
    });
    await signIn(page, 'genitore.demo', DEMO_PASSWORD);
    await expectHomeOf(page, 'Marco Rossi');
    expect(beforeInfo).toBe(true);
    // The student's calls, started with them by the sign-in page, are the session's: made once.
    const once = calls.filter((url) => /\/501\/2026_2027\/(studente\/info|materie_nextapi|aggiornamenti_nextapi)$/.test(url));
    expect(once.map((url) => url.replace(/^.*\/2026_2027\//, ''))).toEqual(['studente/info', 'materie_nextapi', 'aggiornamenti_nextapi']);
    // Every call started with the sign-in's answer is taken (the Novità badge reads the grades
    // again, in its own cache entry, once Home is drawn: not counted here).
    const left = () => page.evaluate(() => ((globalThis as Record<symbol, { url: string }[]>)[Symbol.for('portale-famiglie.early-calls')] ?? []).map((c) => c.url));
    await expect.poll(left).toEqual([]);
  });

  test('after "Accedi", a Home whose data is slow opens complete, the sign-in showing it is under way until then', async ({ page }) => {
    // Home's grades answer 1 s late: longer than the router waits before it would draw a skeleton.
    await page.route(/\/501\/2026_2027\/voti_plain$/, async (route) => {
      await new Promise((done) => setTimeout(done, 1_000));
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Codice utente').fill('genitore.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    // Watched from the click to Home: whether the form came back idle ("Accedi", usable) meanwhile,
    // and whether the signed-in area's main region had Home's heading when first drawn.
    await page.evaluate(() => {
      const seen = globalThis as unknown as { idleAgain?: boolean; firstMain?: boolean };
      let busy = false;
      new MutationObserver((_, observer) => {
        const main = document.querySelector('#contenuto');
        if (main) {
          seen.firstMain = main.querySelector('h1') !== null;
          observer.disconnect();
          return;
        }
        const submit = document.querySelector<HTMLButtonElement>('form button[type=submit]');
        if (submit?.disabled) busy = true;
        else if (busy && submit?.textContent === 'Accedi') seen.idleAgain = true;
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('button', { name: 'Accesso in corso…' })).toBeDisabled();
    await expectHomeOf(page, 'Marco Rossi');
    const seen = await page.evaluate(() => {
      const { idleAgain, firstMain } = globalThis as unknown as { idleAgain?: boolean; firstMain?: boolean };
      return { idleAgain, firstMain };
    });
    expect(seen.idleAgain ?? false).toBe(false);
    expect(seen.firstMain).toBe(true);
  });

  test('a reload while the app has not yet taken the renewed token keeps the session, long after the server replaced the old one', async ({ page }) => {
    await signIn(page, 'genitore.demo', DEMO_PASSWORD);
    await expectHomeOf(page, 'Marco Rossi');
    // Reloaded; the app's code never arrives, but the page's first script checks the session, which
    // renews the token and spends the saved one.
    await page.route(/\/assets\/boot-[\w-]+\.js$/, () => new Promise<void>(() => {}));
    const checked = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v4\/utenti\/\d+\/$/.test(r.url()));
    await page.reload({ waitUntil: 'commit' });
    expect((await checked).ok()).toBe(true);
    // Past the server's grace for a spent token (5 s), presenting it again would end the session.
    await page.waitForTimeout(6_000);
    await page.unroute(/\/assets\/boot-[\w-]+\.js$/);
    await page.reload();
    await expectHomeOf(page, 'Marco Rossi');
    await page.reload();
    await expectHomeOf(page, 'Marco Rossi');
  });

  test('signs in, keeps the session across a reload, signs out for good', async ({ page, request }) => {
    // Signing out ends every session of the user: an account of this test's own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
    await expectHomeOf(page, 'Marco Rossi');
    await expect(page.getByText('Portale Famiglie · versione 1.14.52')).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expectHomeOf(page, 'Marco Rossi');

    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();

    // The same user signed in in another tab (its own session): signing out here ends it too.
    const other = await page.context().newPage();
    await other.clock.setFixedTime(new Date(E2E_NOW));
    await signIn(other, account.username, account.password);
    // Its background reads done (the Novità badge's, once the page is idle): otherwise one of them,
    // refused after the sign-out below, can take the tab to the sign-in page before the click.
    await expect(other.locator('#menu-principale [data-testid=conteggio-novita]')).toBeVisible();

    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).token as string);
    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await other.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Assenze/ }).click();
    await expect(other).toHaveURL(/\/login/);
    await expect(other.getByRole('alert')).toContainText('La sessione è scaduta, accedi di nuovo');
    await other.close();
    const stored = await page.evaluate(() => Object.keys(sessionStorage).map((k) => `${k}=${sessionStorage.getItem(k)}`).join('\n'));
    expect(stored).not.toContain('portale-famiglie.session');
    expect(stored).not.toContain(token);

    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Marco Rossi')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('a protected page asks for sign-in and returns there afterwards', async ({ page }) => {
    await page.goto('/voti');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fvoti/);
    await page.getByLabel('Codice utente').fill('genitore.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/voti$/);
  });

  test('the root goes to home and an unknown path says the page does not exist', async ({ page }) => {
    await openSignedIn(page, '/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/non-esiste/davvero');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  });

  test('the token never appears in the address bar', async ({ page }) => {
    await signIn(page);
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session') ?? '{}').token as string);
    expect(token.length).toBeGreaterThan(20);
    expect(page.url()).not.toContain(token);
  });

  test('a duplicated tab and its original refresh at the same moment and both stay signed in, in step', async ({ page, request }) => {
    // Were the tabs not kept in step, the server would end the session: an account of this test's own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
    const tokenOf = (p: Page) => p.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session') ?? '{}').token as string);
    const original = await tokenOf(page);

    // The browser's "Duplicate tab": the same address with a copy of the tab's storage.
    const saved = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(sessionStorage))));
    const twin = await page.context().newPage();
    await twin.clock.setFixedTime(new Date(E2E_NOW));
    await twin.addInitScript((entries) => {
      if (sessionStorage.length === 0) for (const [k, v] of Object.entries(JSON.parse(entries) as Record<string, string>)) sessionStorage.setItem(k, v);
    }, saved);
    await twin.goto('/home');
    await expectHomeOf(twin, 'Marco Rossi');
    // The twin's reload renewed the token; the original took the new one instead of keeping a spent one.
    const renewed = await tokenOf(twin);
    expect(renewed).not.toBe(original);
    await expect.poll(() => tokenOf(page)).toBe(renewed);

    // Both tabs' next read is refused (the token expired), and both refreshes reach the server together.
    const refreshes: Route[] = [];
    const answers: Array<{ status: number; error?: string }> = [];
    for (const p of [page, twin]) {
      let refused = false;
      await p.route('**/assenze_plain*', (route) => {
        if (refused) return route.fallback();
        refused = true;
        return route.fulfill({ status: 401, json: { detail: 'Sessione scaduta', error: 'unauthorized' } });
      });
      await p.route('**/refresh-token/', (route) => void refreshes.push(route));
      p.on('response', async (r) => {
        if (r.url().includes('/refresh-token/')) answers.push({ status: r.status(), error: ((await r.json()) as { error?: string }).error });
      });
    }
    for (const p of [page, twin]) await p.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Assenze/ }).click();
    await expect.poll(() => refreshes.length).toBe(2);
    for (const route of refreshes) await route.continue();

    // One refresh renews; the other meets the grace and takes its twin's token. Both read on.
    for (const p of [page, twin]) {
      await expect(p.getByRole('heading', { level: 1, name: 'Assenze' })).toBeVisible();
      await expect(p).not.toHaveURL(/\/login/);
    }
    await expect.poll(() => answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.status === 401)?.error).toBe('token_in_rinnovo');
    const [left, right] = [await tokenOf(page), await tokenOf(twin)];
    expect(left).toBe(right);
    expect(left).not.toBe(renewed);
    // And the session is alive for both: the next screen loads in each.
    for (const p of [page, twin]) {
      await p.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ }).click();
      await expect(p.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    }
    await twin.close();
  });

  test('works in English too', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("a reload of /voti waits for the grades' messages only, and shows its words", async ({ page }) => {
    await signIn(page);
    await expectHomeOf(page, 'Marco Rossi');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    const catalogs = await page.evaluate(() => JSON.parse(document.getElementById('signed-in-files')!.textContent!).messages.it as Record<string, string>);
    // The other groups' messages do not come until the end: /voti must draw without them.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    for (const [name, file] of Object.entries(catalogs)) {
      if (name === 'area' || name === 'grades') continue;
      await page.route(`**/${file}`, async (route) => {
        await held;
        await route.continue();
      });
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    await expect(page.getByText("Andamento nell'anno").first()).toBeVisible();
    await expect(page.getByText(/^Media generale del periodo: \d/).first()).toBeVisible();
    release();
  });

  // Home's messages are in the area's catalog; each feature group's come once Home is drawn
  // (lingui.config.ts, src/i18n/locale.ts). A message missing from a loaded catalog shows as its id.
  for (const [language, texts] of [
    ['Italiano', { grades: 'Voti', newGrades: /^Nuovi voti \(\d+\)$/, trend: "Andamento nell'anno", average: /^Media generale del periodo: \d/ }],
    ['English', { grades: 'Grades', newGrades: /^New grades \(\d+\)$/, trend: 'Trend over the year', average: /^Overall average for the term: \d/ }],
  ] as const) {
    test(`in ${language}, a reload of Home paints without the groups' messages, which come next`, async ({ page }) => {
      await signIn(page);
      await expectHomeOf(page, 'Marco Rossi');
      // The language this device chose (as the language menu keeps it), read by the reload below.
      const locale = language === 'English' ? 'en' : 'it';
      await page.evaluate((l) => localStorage.setItem('portale-famiglie.locale', l), locale);
      const files = await page.evaluate(() => JSON.parse(document.getElementById('signed-in-files')!.textContent!) as { messages: Record<string, Record<string, string>>; groupCatalogs: string });
      const catalogs = files.messages[locale]!;
      // The groups' catalogs and the file that names them (i18n/groupCatalogs.ts).
      const groups = [...Object.entries(catalogs).filter(([name]) => name !== 'area'), ['index', files.groupCatalogs] as const];
      expect(groups.map(([name]) => name)).toEqual(expect.arrayContaining(['grades', 'lessons', 'payments', 'messages']));
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname.slice(1)));
      // The groups' messages are held back: Home must paint, whole and in words, without them.
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      for (const [, file] of groups) {
        await page.route(`**/${file}`, async (route) => {
          await held;
          await route.continue();
        });
      }
      await page.reload();
      await expectHomeOf(page, 'Marco Rossi');
      await expect(page.getByRole('main').getByRole('heading', { name: texts.newGrades }).first()).toBeVisible();
      expect(requested).toContain(catalogs.area);
      // Asked for once Home is drawn and the browser idle (the list first, then each group's); the
      // next screen then has its words.
      await expect.poll(() => requested.includes(files.groupCatalogs)).toBe(true);
      release();
      await expect.poll(() => groups.every(([, file]) => requested.includes(file))).toBe(true);
      await page.getByRole('navigation', { name: /Menu principale|Main menu/ }).getByRole('link', { name: new RegExp(`^${texts.grades}`) }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.grades })).toBeVisible();
      await expect(page.getByText(texts.trend).first()).toBeVisible();
      await expect(page.getByText(texts.average).first()).toBeVisible();
    });
  }
});
