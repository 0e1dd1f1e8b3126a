/**
 * QA's transition suite for /assenze: the paths that the machines' unit model tests generate
 * (one per transition, src/machines/testing/model.ts) replayed in the browser against the reference
 * server. Each event is performed through the UI (click, type, choose) and, after each step, the
 * screen must show the state the machine reached, outcome included.
 *
 * The calls' outcomes are the steps' `xstate.done/error.actor.*` events, so the suite holds the
 * app's write requests (page.route) until such a step comes, then lets them reach the server: a
 * `done` goes through as is; an `error` first makes the real server refuse, by doing the same thing
 * behind the app's back (bookings) or through the server's fault injection (justifications, which
 * would otherwise use up the few justifiable absences of the demo data).
 */
import type { Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { test, expect, signIn } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { justificationMachine, type JustificationEvent } from '../../src/machines/justification.machine';
import { justificationModel } from '../../src/machines/testing/justification.model';
import { entryExitBookingMachine, type EntryExitBookingEvent } from '../../src/machines/entryExitBooking.machine';
import { entryExitBookingModel } from '../../src/machines/testing/entryExitBooking.model';
import type { BookingFields, JustificationResult } from '../../src/domain/absences';
import { apiSession, defineMachineSuite, HeldRequests, shadowOf, type StepEvent } from './replay';
import { suiteOf } from './machines';

// The absences e2e spec reaches for this one from here.
export { apiSession };

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

async function switchStudent(page: Page, name: RegExp) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/\/home$/);
}

async function openAbsences(page: Page) {
  await page.goto('/assenze');
  await expect(page.getByRole('heading', { level: 1, name: 'Assenze' })).toBeVisible();
}

// ---------------------------------------------------------------- justification

const normalBoxes = (page: Page) => page.locator('input[type=checkbox][data-lista=normale]');

/** Opens /assenze for a student of genitore.demo with at least `n` justifiable ordinary events. */
async function openWithJustifiable(page: Page, n: number) {
  await signIn(page);
  for (const student of [null, /Giulia Rossi/]) {
    if (student) await switchStudent(page, student);
    await openAbsences(page);
    if ((await normalBoxes(page).count()) >= n) return;
  }
  throw new Error(`No student of genitore.demo has ${n} justifiable absences left`);
}

type JustificationPath = ModelPath<typeof justificationMachine>;
type JustificationSnapshot = JustificationPath['steps'][number]['state'];

async function expectJustificationScreen(page: Page, snap: JustificationSnapshot, real: Map<number, number>) {
  const form = page.getByRole('form', { name: 'Giustificazione online' });
  const text = form.getByLabel('Motivazione');
  const rowOf = (modelId: number) => page.locator(`tr[data-absence-id="${real.get(modelId)}"]`);
  if (snap.matches('submitting')) {
    await expect(form.getByRole('button', { name: 'Invio in corso…' })).toBeVisible();
    await expect(normalBoxes(page).first()).toBeDisabled();
    return;
  }
  await expect(form.getByRole('button', { name: 'Invia giustificazione' })).toBeVisible();
  const outcome = snap.context.outcome;
  switch (outcome?.kind) {
    case undefined:
      await expect(form.getByRole('alert')).toHaveCount(0);
      break;
    case 'incomplete':
      await expect(form.getByText("Seleziona almeno un'assenza da giustificare")).toBeVisible();
      await expect(form.getByText('La motivazione è obbligatoria')).toBeVisible();
      break;
    case 'sent':
      await expect(form.getByRole('status').filter({ hasText: `Giustificazione inviata: ${outcome.justified.length} assenze giustificate.` })).toBeVisible();
      for (const id of outcome.justified) await expect(rowOf(id).getByText('Giustificata', { exact: true })).toBeVisible();
      await expect(text).toHaveValue('');
      break;
    case 'partial':
      await expect(form.getByRole('alert')).toContainText(`${outcome.justified.length} assenza giustificata, ma non tutte`);
      await expect(form.getByRole('alert')).toContainText(justificationModel.deadlinePassed);
      for (const id of outcome.justified) await expect(rowOf(id).getByText('Giustificata', { exact: true })).toBeVisible();
      // The refused ones stay chosen, with what was typed.
      for (const f of outcome.failed) await expect(rowOf(f.id).getByRole('checkbox')).toBeChecked();
      await expect(text).toHaveValue(justificationModel.drafts.complete.text);
      break;
    case 'failed':
      await expect(form.getByRole('alert')).toContainText(`Giustificazione non inviata: ${justificationModel.deadlinePassed}`);
      for (const id of real.keys()) await expect(rowOf(id).getByRole('checkbox')).toBeChecked();
      await expect(text).toHaveValue(justificationModel.drafts.complete.text);
      break;
  }
}

function justificationSuite() {
  defineMachineSuite<typeof justificationMachine>('justification', async (page, request, path) => {
    const needed = Math.max(0, ...path.steps.map((s) => ('draft' in s.event ? s.event.draft.items.length : 0)));
    await openWithJustifiable(page, needed);
    const writes = await HeldRequests.on(page, 'PUT', /\/giustificazioni\/\d+$/);
    const real = new Map<number, number>();
    const shadow = shadowOf(justificationMachine, ['justifyAbsences']);
    await expectJustificationScreen(page, shadow.snapshot(), real);

    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<JustificationEvent>;
      if (ev.type === 'justification.submitted') {
        const boxes = normalBoxes(page);
        for (const [i, item] of ev.draft.items.entries()) {
          const box = boxes.nth(i);
          real.set(item.id, Number(await box.getAttribute('value')));
          await box.check();
        }
        const form = page.getByRole('form', { name: 'Giustificazione online' });
        if (ev.draft.reasons.normale) await form.getByLabel('Motivo', { exact: true }).selectOption(ev.draft.reasons.normale);
        await form.getByLabel('Motivazione').fill(ev.draft.text);
        await form.getByRole('button', { name: 'Invia giustificazione' }).click();
        if (step.state.matches('submitting')) await writes.waitForOne();
      } else {
        // xstate.done/error.actor.justifyAbsences: the real server answers, refusing what the step says.
        const refused =
          ev.type === 'xstate.error.actor.justifyAbsences' ? [...real.values()] : (ev as { output: JustificationResult }).output.failed.map((f) => real.get(f.id)!);
        for (const id of refused) {
          const fault = await request.post('/__test__/guasti', {
            data: { metodo: 'PUT', percorso: `/giustificazioni/${id}$`, stato: 409, detail: 'Conflict', error: justificationModel.deadlinePassed },
          });
          expect(fault.ok()).toBe(true);
        }
        await writes.release();
      }
      await expectJustificationScreen(page, await shadow.step(ev, step.state), real);
    }
  });
}

// ---------------------------------------------------------------- entry/exit bookings

/** Lesson days ahead of the pinned today (2026-11-20), two per test: one to book, one to cancel. */
function lessonDays(): string[] {
  const days: string[] = [];
  for (let d = Temporal.PlainDate.from('2026-11-23'); days.length < 40; d = d.add({ days: 1 })) {
    if (d.dayOfWeek === 7 || d.toString() === '2026-12-08') continue;
    if (d.toString() >= '2026-12-23' && d.toString() <= '2027-01-06') continue;
    days.push(d.toString());
  }
  return days;
}

type BookingPath = ModelPath<typeof entryExitBookingMachine>;
type BookingSnapshot = BookingPath['steps'][number]['state'];

interface BookingWorld {
  /** The day the path books when its fields are the valid ones. */
  bookDay: string;
  /** The day of the booking the path cancels (made through the API before it starts). */
  cancelDay: string;
}

const realFields = (f: BookingFields, w: BookingWorld): BookingFields =>
  f === entryExitBookingModel.fields.valid ? { ...f, data: w.bookDay } : f;

async function expectBookingScreen(page: Page, snap: BookingSnapshot, w: BookingWorld) {
  const section = page.getByRole('region', { name: 'Prenotazioni di entrate e uscite' });
  const form = section.getByRole('form', { name: 'Nuova prenotazione' });
  const dialog = page.getByRole('alertdialog');
  const cancelDate = ddmmyyyy(w.cancelDay);
  if (snap.matches('confirmingCancel') || snap.matches('cancelling')) {
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: `Annullare la prenotazione del ${cancelDate}?` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: snap.matches('cancelling') ? 'Annullamento in corso…' : 'Conferma' })).toBeVisible();
    return;
  }
  await expect(dialog).toHaveCount(0);
  if (snap.matches('creating')) {
    await expect(form.getByRole('button', { name: 'Prenotazione in corso…' })).toBeVisible();
    return;
  }
  await expect(form.getByRole('button', { name: 'Prenota' })).toBeVisible();
  const outcome = snap.context.outcome;
  const bookDate = ddmmyyyy(w.bookDay);
  switch (outcome?.kind) {
    case undefined:
      await expect(section.getByRole('alert')).toHaveCount(0);
      break;
    case 'invalid':
      if (outcome.errors.data === 'beforeMinimum') {
        await expect(form.getByText('Le prenotazioni per il giorno stesso si chiudono alle 08:00: scegli una data dal 21-11-2026')).toBeVisible();
      } else {
        for (const message of ['La data è obbligatoria', "L'orario è obbligatorio", 'Il tipo è obbligatorio', 'La motivazione è obbligatoria']) {
          await expect(form.getByText(message)).toBeVisible();
        }
      }
      break;
    case 'created':
      await expect(form.getByRole('status').filter({ hasText: `Prenotazione registrata per il ${bookDate} alle 09:00.` })).toBeVisible();
      await expect(section.locator('tbody tr').filter({ hasText: bookDate }).filter({ hasText: 'Attiva' })).toHaveCount(1);
      await expect(form.getByLabel('Motivazione')).toHaveValue('');
      break;
    case 'createFailed':
      await expect(form.getByRole('alert')).toContainText(`Prenotazione non registrata: Esiste già una prenotazione di entrata attiva per il ${bookDate}`);
      // Nothing typed is lost.
      await expect(form.getByLabel('Data')).toHaveValue(w.bookDay);
      await expect(form.getByLabel('Motivazione')).toHaveValue(entryExitBookingModel.fields.valid.motivazione);
      break;
    case 'cancelled':
      await expect(section.getByRole('status').filter({ hasText: `La prenotazione del ${cancelDate} è stata annullata.` })).toBeVisible();
      await expect(section.locator('tbody tr').filter({ hasText: cancelDate }).filter({ hasText: 'Annullata' })).toHaveCount(1);
      break;
    case 'cancelFailed':
      await expect(section.getByRole('alert')).toContainText(`Prenotazione del ${cancelDate} non annullata: La prenotazione è già stata annullata`);
      break;
  }
}

function bookingSuite() {
  const days = lessonDays();
  const paths = suiteOf('entryExitBooking').runs[0]!.paths;
  defineMachineSuite<typeof entryExitBookingMachine>('entryExitBooking', async (page, request, path) => {
    const index = paths.indexOf(path);
    const w: BookingWorld = { bookDay: days[2 * index]!, cancelDay: days[2 * index + 1]! };
    const api = await apiSession(request, 'genitore.demo');
    const base = `${api.base('Marco')}/prenotazioni_entrate_uscite`;
    let toCancel: number | null = null;
    if (path.steps.some((s) => s.event.type === 'booking.cancelRequested')) {
      const made = await api.post(base, { data: w.cancelDay, orario: '10:00', tipo_assenza: 'entrata', motivazione: 'Esami del sangue.' });
      expect(made.status()).toBe(201);
      toCancel = ((await made.json()) as { id: number }).id;
    }
    await signIn(page);
    await openAbsences(page);
    const creates = await HeldRequests.on(page, 'POST', /\/prenotazioni_entrate_uscite$/);
    const cancels = await HeldRequests.on(page, 'PATCH', /\/prenotazioni_entrate_uscite\/\d+$/);
    const section = page.getByRole('region', { name: 'Prenotazioni di entrate e uscite' });
    const form = section.getByRole('form', { name: 'Nuova prenotazione' });
    const dialog = page.getByRole('alertdialog');
    let sent: BookingFields | null = null;
    const shadow = shadowOf(entryExitBookingMachine, ['createBooking', 'cancelBooking'], entryExitBookingModel.input);
    await expectBookingScreen(page, shadow.snapshot(), w);

    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<EntryExitBookingEvent>;
      switch (ev.type) {
        case 'booking.submitted': {
          const f = realFields(ev.fields, w);
          await form.getByLabel('Data').fill(f.data);
          await form.getByLabel('Tipo').selectOption(f.tipo);
          if (f.orario) await form.getByLabel('Orario').selectOption(f.orario);
          await form.getByLabel('Motivazione').fill(f.motivazione);
          await form.getByRole('button', { name: 'Prenota' }).click();
          if (step.state.matches('creating')) {
            sent = f;
            await creates.waitForOne();
          }
          break;
        }
        case 'booking.cancelRequested':
          await section.getByRole('button', { name: `Annulla la prenotazione del ${ddmmyyyy(w.cancelDay)}` }).click();
          break;
        case 'booking.cancelDismissed':
          await dialog.getByRole('button', { name: 'Annulla', exact: true }).click();
          break;
        case 'booking.cancelConfirmed':
          await dialog.getByRole('button', { name: 'Conferma' }).click();
          await cancels.waitForOne();
          break;
        case 'xstate.done.actor.createBooking':
          await creates.release();
          break;
        case 'xstate.error.actor.createBooking': {
          // The same booking, made first behind the app's back: the server refuses a second one.
          const first = await api.post(base, { data: sent!.data, orario: sent!.orario, tipo_assenza: sent!.tipo, motivazione: sent!.motivazione });
          expect(first.status()).toBe(201);
          await creates.release();
          break;
        }
        case 'xstate.done.actor.cancelBooking':
          await cancels.release();
          break;
        case 'xstate.error.actor.cancelBooking':
          expect((await api.patch(`${base}/${toCancel}`)).ok()).toBe(true);
          await cancels.release();
          break;
      }
      await expectBookingScreen(page, await shadow.step(ev, step.state), w);
    }
  });
}

/** Both machines' transition paths as browser tests, titled by the path (the `list` reporter shows each). */
export function defineAbsenceTransitionSuites() {
  test.describe('/assenze transitions', () => {
    justificationSuite();
    bookingSuite();
  });
}
