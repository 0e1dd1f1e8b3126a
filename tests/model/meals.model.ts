/**
 * Transition suites for /mense and /servizi-giornalieri: the paths the machines' unit model tests
 * generate (one per transition), replayed in the browser against the reference server with the
 * pinned clock (Friday 20-11-2026 09:00: today's meal is open until 09:30, yesterday's is closed).
 * The app's write requests are held until the path's `xstate.done/error.actor.*` step: a `done`
 * lets it through; an error or a KO first makes the real server refuse: a meal's 409 by moving the
 * server's clock past the deadline for this test (`/__test__/orologio`), a 500 through its fault
 * injection, a daily service's KO by doing the same thing behind the app's back.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { test, expect, openSignedIn, everyOf } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { mealBookingMachine, type MealBookingEvent } from '../../src/machines/mealBooking.machine';
import { mealBookingModel } from '../../src/machines/testing/mealBooking.model';
import { dailyServiceMachine, type DailyServiceEvent } from '../../src/machines/dailyService.machine';
import { dailyServiceModel } from '../../src/machines/testing/dailyService.model';
import { apiSession, defineMachineSuite, fault, HeldRequests, shadowOf, type StepEvent } from './replay';
import { suiteOf } from './machines';

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');
const UNEXPECTED = 'attenzione, si è verificato un errore imprevisto';

// ---------------------------------------------------------------- meal booking

type MealSnapshot = ModelPath<typeof mealBookingMachine>['steps'][number]['state'];

/** Puts the open demo days back to "no meal" (a path's choice must change something). */
async function resetOpenDays(request: APIRequestContext) {
  const api = await apiSession(request, 'genitore.demo');
  const base = `${api.base('Marco')}/mense`;
  const summary = (await (await request.get(base, { headers: api.headers })).json()) as { pasto_corrente: { id: number } };
  let id: number | null = summary.pasto_corrente.id;
  for (let i = 0; i < 3 && id !== null; i++) {
    expect((await api.put(`${base}/pasti/${id}`, { servizi: ['--'] })).ok()).toBe(true);
    const day = (await (await request.get(`${base}/pasti/${id}`, { headers: api.headers })).json()) as { id_pasto_successivo: number | null };
    id = day.id_pasto_successivo;
  }
}

async function expectMealScreen(page: Page, snap: MealSnapshot) {
  const region = page.getByRole('region', { name: 'Prenotazione del pasto' });
  const radios = region.getByRole('radiogroup', { name: 'Pasto' }).getByRole('radio');
  if (snap.matches('waiting')) return;
  if (snap.matches('booking')) {
    await expect(region.getByText('Prenotazione in corso…')).toBeVisible();
    for (const r of await everyOf(radios)) await expect(r).toBeDisabled();
    return;
  }
  const outcome = snap.context.outcome;
  if (snap.matches('closed')) {
    await expect(region.getByText(/^Prenotazioni chiuse per questo giorno: il termine era alle 09:30 di /)).toBeVisible();
    for (const r of await everyOf(radios)) await expect(r).toBeDisabled();
    if (outcome?.kind === 'tooLate') await expect(region.getByRole('alert')).toHaveText(`Prenotazione non registrata: ${mealBookingModel.tooLate}`);
    else await expect(region.getByRole('alert')).toHaveCount(0);
    return;
  }
  await expect(region.getByText(/^Prenotabile fino alle 09:30 di /)).toBeVisible();
  for (const r of await everyOf(radios)) await expect(r).toBeEnabled();
  switch (outcome?.kind) {
    case undefined:
      await expect(region.getByRole('alert')).toHaveCount(0);
      await expect(region.getByText(/^Prenotazione registrata/)).toHaveCount(0);
      break;
    case 'booked':
      await expect(region.getByRole('status').filter({ hasText: 'Prenotazione registrata: Pasto completo.' })).toBeVisible();
      await expect(region.getByRole('radio', { name: 'Pasto completo' })).toBeChecked();
      await expect(region.getByText('Prenotato: Pasto completo')).toBeVisible();
      break;
    case 'failed':
      await expect(region.getByRole('alert')).toHaveText(`Prenotazione non registrata: ${UNEXPECTED}`);
      // Nothing was booked: the choice goes back to what the server holds.
      await expect(region.getByRole('radio', { name: 'Nessun pasto' })).toBeChecked();
      break;
    case 'tooLate':
      throw new Error('tooLate is a closed day');
  }
}

function mealSuite() {
  defineMachineSuite<typeof mealBookingMachine>('mealBooking', async (page, request, path) => {
    await resetOpenDays(request);
    await openSignedIn(page, '/mense');
    const region = page.getByRole('region', { name: 'Prenotazione del pasto' });
    const heading = region.getByRole('heading', { level: 3 });
    await expect(heading).toHaveText('Menù di venerdì 20-11-2026');
    const writes = await HeldRequests.on(page, 'PUT', /\/mense\/pasti\/\d+$/);
    const shadow = shadowOf(mealBookingMachine, ['bookMeal']);
    const isOpen = () => region.getByText(/^Prenotabile fino alle/).isVisible();
    /** Moves one day in `direction`, until the day shown is open (or closed) as asked. */
    async function showDay(direction: 'Giorno precedente' | 'Giorno successivo', open: boolean) {
      do {
        const before = await heading.textContent();
        await region.getByRole('button', { name: direction }).click();
        await expect(heading).not.toHaveText(before!);
        await expect(region.getByText(/^(Prenotabile fino alle|Prenotazioni chiuse)/)).toBeVisible();
      } while ((await isOpen()) !== open);
    }
    let first = true;
    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<MealBookingEvent>;
      switch (ev.type) {
        case 'meal.dayShown':
          // The screen opens on today, an open day: that is the first "day shown" of a path that starts with one.
          if (!(first && ev.day.open)) await showDay(ev.day.open ? 'Giorno successivo' : 'Giorno precedente', ev.day.open);
          break;
        case 'meal.chosen':
          await region.getByRole('radio', { name: 'Pasto completo' }).check();
          await writes.waitForOne();
          break;
        case 'xstate.done.actor.bookMeal':
          await writes.release();
          break;
        default: {
          // 409: the server's own refusal, its clock (for this test only) moved past the day's 09:30.
          if ((ev as { error: { status: number } }).error.status === 409) {
            expect((await request.put('/__test__/orologio', { data: { ora: '2026-11-20T09:31:00+01:00' } })).ok()).toBe(true);
          } else {
            await fault(request, { metodo: 'PUT', percorso: '/mense/pasti/\\d+$', stato: 500 });
          }
          await writes.release();
        }
      }
      first = false;
      await expectMealScreen(page, await shadow.step(ev, step.state));
    }
  });
}

// ---------------------------------------------------------------- daily services

type DailySnapshot = ModelPath<typeof dailyServiceMachine>['steps'][number]['state'];

const SERVICE = dailyServiceModel.service;

/** Marco's shuttle runs Monday to Saturday: one day of its own per path, from Monday 23-11 on. */
function serviceDays(): string[] {
  const days: string[] = [];
  for (let d = Temporal.PlainDate.from('2026-11-23'); days.length < 30; d = d.add({ days: 1 })) {
    if (d.dayOfWeek !== 7 && d.toString() !== '2026-12-08') days.push(d.toString());
  }
  return days;
}

async function expectDailyScreen(page: Page, snap: DailySnapshot, day: string) {
  const region = page.getByRole('region', { name: /^Servizi di / });
  const row = region.locator(`[data-servizio="${SERVICE.id_marketplace}"]`);
  if (snap.matches('joining')) {
    await expect(row.getByRole('button', { name: /^Adesione in corso…/ })).toBeVisible();
    return;
  }
  if (snap.matches('leaving')) {
    await expect(row.getByRole('button', { name: /^Annullamento in corso…/ })).toBeVisible();
    return;
  }
  const result = snap.context.result;
  const what = `${SERVICE.descrizione} del ${ddmmyyyy(day)}.`;
  switch (result?.kind) {
    case undefined:
      await expect(region.getByRole('alert')).toHaveCount(0);
      await expect(region.getByText(/^Adesione (registrata|annullata)/)).toHaveCount(0);
      break;
    case 'joined':
      await expect(region.getByRole('status').filter({ hasText: `Adesione registrata: ${what}` })).toBeVisible();
      await expect(row.getByRole('button', { name: /^Annulla adesione/ })).toBeVisible();
      await expect(row).toContainText('Prenotato');
      break;
    case 'left':
      await expect(region.getByRole('status').filter({ hasText: `Adesione annullata: ${what}` })).toBeVisible();
      await expect(row.getByRole('button', { name: /^Aderisci/ })).toBeVisible();
      await expect(row).toContainText('Non prenotato');
      break;
    case 'refused':
      await expect(region.getByRole('alert')).toHaveText(`Operazione non eseguita: ${result.message}`);
      break;
    case 'failed':
      await expect(region.getByRole('alert')).toHaveText(`Operazione non eseguita: ${UNEXPECTED}`);
      break;
  }
}

function dailySuite() {
  const days = serviceDays();
  const paths = suiteOf('dailyService').runs[0]!.paths;
  defineMachineSuite<typeof dailyServiceMachine>('dailyService', async (page, request, path) => {
    const day = days[paths.indexOf(path)]!;
    const api = await apiSession(request, 'genitore.demo');
    const url = `${api.base('Marco')}/prenotazioni_giornaliere`;
    const body = { data_adesione: day, id_marketplace: SERVICE.id_marketplace };
    const book = async () => expect(((await (await api.post(url, body)).json()) as { esito: string }).esito).toBe('OK');
    const cancel = async () => expect(((await (await request.delete(url, { headers: api.headers, data: body })).json()) as { esito: string }).esito).toBe('OK');
    if (path.steps.some((s) => s.event.type === 'service.leave')) await book();

    await openSignedIn(page, `/servizi-giornalieri?data=${day}`);
    const region = page.getByRole('region', { name: /^Servizi di / });
    const row = region.locator(`[data-servizio="${SERVICE.id_marketplace}"]`);
    await expect(row).toBeVisible();
    const joins = await HeldRequests.on(page, 'POST', /\/prenotazioni_giornaliere$/);
    const leaves = await HeldRequests.on(page, 'DELETE', /\/prenotazioni_giornaliere$/);
    const shadow = shadowOf(dailyServiceMachine, ['joinService', 'leaveService']);
    await expectDailyScreen(page, shadow.snapshot(), day);

    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<DailyServiceEvent>;
      const output = (ev as { output?: { ok: boolean } }).output;
      switch (ev.type) {
        case 'service.join':
          await row.getByRole('button', { name: /^Aderisci/ }).click();
          await joins.waitForOne();
          break;
        case 'service.leave':
          await row.getByRole('button', { name: /^Annulla adesione/ }).click();
          await leaves.waitForOne();
          break;
        case 'xstate.done.actor.joinService':
          // KO: the same day booked first behind the app's back, so the server says it already is.
          if (!output!.ok) await book();
          await joins.release();
          break;
        case 'xstate.done.actor.leaveService':
          if (!output!.ok) await cancel();
          await leaves.release();
          break;
        case 'xstate.error.actor.joinService':
          await fault(request, { metodo: 'POST', percorso: '/prenotazioni_giornaliere$', stato: 500 });
          await joins.release();
          break;
        case 'xstate.error.actor.leaveService':
          await fault(request, { metodo: 'DELETE', percorso: '/prenotazioni_giornaliere$', stato: 500 });
          await leaves.release();
          break;
      }
      await expectDailyScreen(page, await shadow.step(ev, step.state), day);
    }
  });
}

export function defineMealTransitionSuites() {
  test.describe('/mense and /servizi-giornalieri transitions', () => {
    mealSuite();
    dailySuite();
  });
}
