import { readFile } from 'node:fs/promises';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations } from './fixtures';

// The server's and the browser's clock are pinned to Friday 20 November 2026, 09:00 in Rome.
const DAY = /(\d{2})-(\d{2})-(\d{4})/;
const isoOf = (text: string) => {
  const m = DAY.exec(text);
  if (!m) throw new Error(`no date in "${text}"`);
  return `${m[3]}-${m[2]}-${m[1]}`;
};

test.describe('homework (/compiti)', () => {
  test('shows only upcoming homework by day and subject, all of it with "Mostra tutti"', async ({ page }) => {
    await openSignedIn(page, '/compiti');
    await expect(page.getByRole('heading', { level: 1, name: 'Compiti' })).toBeVisible();
    // The seeded group work due in about two weeks.
    await expect(page.getByText(/^Lavoro di gruppo: preparare una presentazione/)).toBeVisible();
    const days = page.getByRole('heading', { level: 2, name: /^Consegna: / });
    const upcoming = await days.allInnerTexts();
    expect(upcoming.length).toBeGreaterThan(0);
    for (const heading of upcoming) expect(isoOf(heading) >= '2026-11-20').toBe(true);
    // Within a day, subjects carry their colour chip.
    await expect(page.getByRole('heading', { level: 3 }).first().locator('[data-color]')).toHaveCount(1);

    await page.getByLabel('Mostra tutti').check();
    await expect(page).toHaveURL(/tutti=true/);
    await expect(page.getByText('Sono mostrati tutti i compiti, anche quelli già consegnati.')).toBeVisible();
    const all = await days.allInnerTexts();
    expect(all.length).toBeGreaterThan(upcoming.length);
    expect(all.some((heading) => isoOf(heading) < '2026-11-20')).toBe(true);

    // The choice survives a reload (it is in the URL).
    await page.reload();
    await expect(page.getByLabel('Mostra tutti')).toBeChecked();
  });

  test('a subject filter narrows the list', async ({ page }) => {
    await openSignedIn(page, '/compiti?tutti=true');
    const subjectHeadings = page.getByRole('main').getByRole('heading', { level: 3 });
    await expect(subjectHeadings.first()).toBeVisible();
    const before = await subjectHeadings.allInnerTexts();
    expect(new Set(before).size).toBeGreaterThan(1);
    await page.getByLabel('Materia').selectOption({ label: 'Matematica' });
    await expect(page).toHaveURL(/materia=\d+/);
    // The list is redrawn after the address changes: read it once it is.
    await expect.poll(async () => new Set(await subjectHeadings.allInnerTexts())).toEqual(new Set(['Matematica']));
  });

  test('says so when nothing is due', async ({ page }) => {
    await openSignedIn(page, '/compiti');
    // Religion has no homework in the demo school.
    await page.getByLabel('Materia').selectOption({ label: 'Religione cattolica' });
    await expect(page.getByText('Nessun compito da consegnare. Scegli «Mostra tutti» per vedere anche quelli passati.')).toBeVisible();
  });

  test('the filters work with the keyboard', async ({ page }) => {
    await openSignedIn(page, '/compiti');
    const toggle = page.getByLabel('Mostra tutti');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(page).toHaveURL(/tutti=true/);

    await page.getByRole('button', { name: 'Ultimi 30 giorni' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/dal=2026-10-22&al=2026-11-20|al=2026-11-20.*dal=2026-10-22/);
    await expect(page.getByRole('button', { name: 'Ultimi 30 giorni' })).toHaveAttribute('aria-pressed', 'true');
    const due = page.getByRole('heading', { level: 2, name: /^Consegna: / });
    await expect(due.first()).toBeVisible();
    for (const heading of await due.allInnerTexts()) {
      expect(isoOf(heading) >= '2026-10-22' && isoOf(heading) <= '2026-11-20').toBe(true);
    }

    const subject = page.getByLabel('Materia');
    await subject.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/materia=\d+/);
    await expect(subject).not.toHaveValue('');
  });

  test('has no axe violations', async ({ page }) => {
    await openSignedIn(page, '/compiti');
    await expect(page.getByText(/^Lavoro di gruppo/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('lesson topics (/argomenti)', () => {
  test('lists topics newest first and filters by date and subject', async ({ page }) => {
    await openSignedIn(page, '/argomenti');
    await expect(page.getByRole('heading', { level: 1, name: 'Argomenti delle lezioni' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const dates = (await page.getByRole('table').locator('tbody tr td:first-child').allInnerTexts()).map(isoOf);
    expect(dates[0]).toBe('2026-11-20');
    expect([...dates].sort().reverse()).toEqual(dates);

    await page.getByRole('button', { name: 'Oggi', exact: true }).click();
    await expect(page).toHaveURL(/dal=2026-11-20/);
    // The address changes first; the rows follow once the filtered list has arrived.
    await expect.poll(async () => new Set(await page.getByRole('table').locator('tbody tr td:first-child').allInnerTexts())).toEqual(new Set(['20-11-2026']));

    await page.getByRole('button', { name: 'Rimuovi il filtro' }).click();
    await page.getByLabel('Materia').selectOption({ label: 'Fisica' });
    // What is shown: each cell also holds its column's label for the stacked phone layout, hidden when wide.
    await expect(page.getByRole('table').locator('tbody tr td:nth-child(2)').first()).toHaveText('Fisica', { useInnerText: true });
    expect(new Set(await page.getByRole('table').locator('tbody tr td:nth-child(2)').allInnerTexts())).toEqual(new Set(['Fisica']));
    await expectNoAxeViolations(page);
  });
});

test.describe('agenda (/agenda)', () => {
  test('shows the week with agenda items, timetable and school calendar, and moves by week', async ({ page }) => {
    await openSignedIn(page, '/agenda');
    await expect(page.getByRole('heading', { name: 'Settimana dal 16-11-2026 al 22-11-2026' })).toBeVisible();
    const friday = page.getByRole('region', { name: /Venerdì 20-11-2026/ });
    await expect(friday).toHaveAttribute('aria-current', 'date');
    // Marco has the orario service: the lessons of each school day are listed.
    await expect(page.getByRole('region', { name: /Lunedì 16-11-2026/ }).getByRole('heading', { name: 'Orario delle lezioni' })).toBeVisible();
    await expect(page.getByRole('region', { name: /Lunedì 16-11-2026/ }).getByText(/^08:00–09:00/)).toBeVisible();

    await page.getByRole('link', { name: 'Settimana successiva' }).click();
    await expect(page).toHaveURL(/settimana=2026-11-23/);
    await expect(page.getByRole('heading', { name: 'Settimana dal 23-11-2026 al 29-11-2026' })).toBeVisible();
    // The class meeting seeded three days from today, on Monday.
    await expect(page.getByRole('region', { name: /Lunedì 23-11-2026/ }).getByText('Assemblea di classe')).toBeVisible();
    // School calendar activities show on their day.
    await expect(page.getByText('Calendario scolastico').first()).toBeVisible();

    await page.getByRole('link', { name: 'Settimana precedente' }).click();
    await expect(page.getByRole('heading', { name: 'Settimana dal 16-11-2026 al 22-11-2026' })).toBeVisible();

    // Any day of a week opens that week; holidays show on their days.
    await page.goto('/agenda?settimana=2026-12-10');
    await expect(page.getByRole('heading', { name: 'Settimana dal 07-12-2026 al 13-12-2026' })).toBeVisible();
    await expect(page.getByRole('region', { name: /Martedì 08-12-2026/ }).getByText('Immacolata Concezione')).toBeVisible();
    await page.getByRole('link', { name: 'Torna alla settimana corrente' }).click();
    await expect(page.getByRole('heading', { name: 'Settimana dal 16-11-2026 al 22-11-2026' })).toBeVisible();
  });

  test('the week navigation works with the keyboard', async ({ page }) => {
    await openSignedIn(page, '/agenda');
    await page.getByRole('link', { name: 'Settimana successiva' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Settimana dal 23-11-2026 al 29-11-2026' })).toBeVisible();
    await page.getByRole('link', { name: 'Settimana precedente' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Settimana dal 16-11-2026 al 22-11-2026' })).toBeVisible();
  });

  test('exports the agenda, upcoming homework and tests as an iCalendar file', async ({ page }) => {
    await openSignedIn(page, '/agenda?settimana=2026-11-23');
    await expect(page.getByText('Assemblea di classe')).toBeVisible();
    const shown = await page.getByRole('region', { name: /-11-2026|-12-2026/ }).locator('p[class*="itemTitle"]').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);

    await page.getByLabel('Periodo da esportare').selectOption({ label: 'Prossimi 30 giorni' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica il file .ics' }).click()]);
    expect(download.suggestedFilename()).toBe('agenda_marco_rossi_2026-11-20_2026-12-19.ics');
    const raw = await readFile((await download.path())!, 'utf8');

    // RFC 5545: CRLF only, lines of at most 75 octets.
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of raw.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const lines = raw.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('CALSCALE:GREGORIAN');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
    const summaries = lines.filter((l) => l.startsWith('SUMMARY:')).map((l) => unescape(l.slice('SUMMARY:'.length)));
    const descriptions = lines.filter((l) => l.startsWith('DESCRIPTION:')).map((l) => unescape(l.slice('DESCRIPTION:'.length)));

    // Every agenda item shown for the week is in the file, with its time.
    for (const title of shown) expect(summaries).toContain(title);
    // Upcoming homework, as all-day events on the due date: the seeded group work among them.
    expect(summaries).toContain('Compiti di Matematica');
    expect(descriptions.some((d) => d.startsWith('Lavoro di gruppo: preparare una presentazione'))).toBe(true);
    expect(lines.some((l) => /^DTSTART;VALUE=DATE:\d{8}$/.test(l))).toBe(true);
    // Tests of the range (announced in the agenda or on their own).
    expect(summaries.some((s) => /^(Verifica scritta|Interrogazione) di /.test(s))).toBe(true);
    // Each event has a stable UID and a DTSTAMP.
    const uids = lines.filter((l) => l.startsWith('UID:'));
    expect(uids.length).toBe(lines.filter((l) => l === 'BEGIN:VEVENT').length);
    expect(new Set(uids).size).toBe(uids.length);
    expect(lines.filter((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l)).length).toBe(uids.length);
  });

  test('has no axe violations', async ({ page }) => {
    await openSignedIn(page, '/agenda');
    await expect(page.getByRole('heading', { name: 'Settimana dal 16-11-2026 al 22-11-2026' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('tests (/verifiche)', () => {
  test('lists upcoming tests first with their topics, and filters by subject', async ({ page }) => {
    await openSignedIn(page, '/verifiche');
    const upcoming = page.getByRole('region', { name: 'Prossime verifiche' });
    const past = page.getByRole('region', { name: 'Verifiche svolte' });
    await expect(upcoming.getByRole('listitem').first()).toBeVisible();
    await expect(past.getByRole('listitem').first()).toBeVisible();
    await expect(upcoming.getByText(/^Argomenti: /).first()).toBeVisible();
    const upcomingDates = (await upcoming.locator('p[class*="meta"]').allInnerTexts()).map(isoOf);
    expect([...upcomingDates].sort()).toEqual(upcomingDates);
    for (const d of upcomingDates) expect(d >= '2026-11-20').toBe(true);
    const pastDates = (await past.locator('p[class*="meta"]').allInnerTexts()).map(isoOf);
    expect([...pastDates].sort().reverse()).toEqual(pastDates);

    const main = page.getByRole('main');
    const total = await main.getByRole('listitem').count();
    await page.getByLabel('Materia').selectOption({ label: 'Storia' });
    await expect(page).toHaveURL(/materia=\d+/);
    await expect.poll(() => main.getByRole('listitem').count()).toBeLessThan(total);
    for (const title of await main.locator('p[class*="itemTitle"]').allInnerTexts()) expect(title).toMatch(/Storia$/);
    await expectNoAxeViolations(page);
  });
});

test('a screen whose data fails to load shows the error and a retry', async ({ page }) => {
  await signIn(page);
  let fail = true;
  await page.route(/\/api\/v3\/.*\/verifiche$/, (route) =>
    fail
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Errore', error: 'server' }) })
      : route.fallback(),
  );
  await page.goto('/verifiche');
  await expect(page.getByRole('alert')).toContainText('attenzione, si è verificato un errore imprevisto');
  fail = false;
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByRole('region', { name: 'Prossime verifiche' })).toBeVisible();
});

test.describe('teaching material (/materiale_didattico)', () => {
  test('lists material by subject and downloads an attachment with the token in a header only', async ({ page }) => {
    await openSignedIn(page, '/materiale_didattico');
    await expect(page.getByRole('heading', { level: 1, name: 'Materiale didattico' })).toBeVisible();
    const button = page.getByRole('button', { name: /^Scarica dispensa_\d{4}-\d{2}-\d{2}\.pdf$/ }).first();
    const name = (await button.innerText()).replace(/^Scarica\s+/, '').trim();

    const requestSeen = page.waitForRequest((r) => /\/materiale_didattico\/\d+\/allegati\/\d+$/.test(r.url()));
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const request = await requestSeen;
    expect(request.headers()['authorization']).toMatch(/^JWT \S+/);
    expect(request.url()).not.toContain(request.headers()['authorization']!.slice(4));
    expect(download.suggestedFilename()).toBe(name);
    const body = await readFile((await download.path())!);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoAxeViolations(page);
  });

  test('a failed download says why next to the attachment', async ({ page }) => {
    await openSignedIn(page, '/materiale_didattico');
    await page.route(/\/materiale_didattico\/\d+\/allegati\/\d+$/, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ detail: 'Not found', error: 'not_found' }) }),
    );
    await page.getByRole('button', { name: /^Scarica / }).first().click();
    await expect(page.getByRole('alert')).toHaveText('Contenuto non disponibile');
  });

  test('the subject filter narrows the material', async ({ page }) => {
    await openSignedIn(page, '/materiale_didattico');
    const sections = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(sections.first()).toBeVisible();
    const subjects = await sections.allInnerTexts();
    expect(subjects.length).toBeGreaterThan(1);
    await page.getByLabel('Materia').selectOption({ label: subjects[1]! });
    await expect(sections).toHaveCount(1);
    await expect(sections.first()).toHaveText(subjects[1]!);
  });
});
