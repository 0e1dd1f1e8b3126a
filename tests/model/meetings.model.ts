/**
 * Transition suites for the meeting slot booking (/colloqui) and the work-experience subscription
 * (/alternanza): each generated path replayed through the UI against the reference server, the
 * screen checked after every step against the machine run beside it (replay.ts).
 *
 * The app's write requests are held until the path's `xstate.done/error.actor.*` step: a `done`
 * lets the request through; an `error` first makes the real server refuse it, by doing the same
 * thing behind the app's back where the demo data allows (a cancellation already made), or through
 * the server's fault injection (a slot taken by another family, a server error, places run out).
 * Each path undoes what it changed, so the next one starts from the seeded data.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, openSignedIn } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { slotBookingMachine, type SlotBookingEvent } from '../../src/machines/slotBooking.machine';
import { workExperienceMachine, type WorkExperienceEvent } from '../../src/machines/workExperience.machine';
import { apiSession, defineMachineSuite, fault, HeldRequests, shadowOf, type StepEvent } from './replay';

type Api = Awaited<ReturnType<typeof apiSession>>;
const del = (request: APIRequestContext, api: Api, url: string) => request.delete(url, { headers: api.headers });

// ---------------------------------------------------------------- meeting slots

interface ApiMeeting {
  id: number;
  prenotabile: boolean;
  prenotato: { slot: number; orario: string } | null;
  slot: { numero: number; orario: string; libero: boolean }[];
}

type SlotPath = ModelPath<typeof slotBookingMachine>;
type SlotSnapshot = SlotPath['steps'][number]['state'];

interface SlotWorld {
  /** The meeting the last slot.chosen picked, and the slot's time. */
  chosen: { id: number; time: string } | null;
  /** Meetings booked behind the app's back for the path's cancellations, in order of use. */
  toCancel: { id: number; time: string }[];
  cancelling: { id: number; time: string } | null;
}

const card = (page: Page, id: number) => page.locator(`li[data-colloquio="${id}"]`);
const outcomeAlert = (page: Page) =>
  page.locator('[role=alert], [role=status]').filter({ hasText: /Colloquio prenotato con|Prenotazione annullata|Gli slot sono stati aggiornati|errore imprevisto|Non hai prenotazioni/ });

async function expectSlotScreen(page: Page, snap: SlotSnapshot, w: SlotWorld) {
  const booking = page.getByRole('alertdialog', { name: 'Prenotare il colloquio?' });
  const cancelling = page.getByRole('alertdialog', { name: 'Annullare la prenotazione?' });
  if (snap.matches('confirmingBooking') || snap.matches('booking')) {
    await expect(booking).toContainText(`alle ${w.chosen!.time}`);
    await expect(booking.getByRole('button', { name: snap.matches('booking') ? 'Prenotazione in corso…' : 'Prenota' })).toBeVisible();
    return;
  }
  if (snap.matches('confirmingCancel') || snap.matches('cancelling')) {
    await expect(cancelling).toContainText(`alle ${w.cancelling!.time}`);
    await expect(cancelling.getByRole('button', { name: snap.matches('cancelling') ? 'Annullamento in corso…' : 'Annulla prenotazione' })).toBeVisible();
    return;
  }
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const outcome = snap.context.outcome;
  switch (outcome?.kind) {
    case undefined:
      await expect(outcomeAlert(page)).toHaveCount(0);
      break;
    case 'booked':
      await expect(page.getByRole('status').filter({ hasText: 'Colloquio prenotato con' })).toContainText(`alle ${w.chosen!.time}`);
      await expect(card(page, w.chosen!.id).getByText(`Prenotato alle ${w.chosen!.time}`)).toBeVisible();
      break;
    case 'refused':
      await expect(page.getByRole('alert')).toHaveText(`Lo slot delle ${w.chosen!.time} è già stato prenotato Gli slot sono stati aggiornati: scegline un altro.`);
      await expect(card(page, w.chosen!.id).getByText(/^Prenotato alle/)).toHaveCount(0);
      break;
    case 'failed':
      await expect(page.getByRole('alert')).toHaveText(
        outcome.action === 'book' ? 'attenzione, si è verificato un errore imprevisto' : 'Non hai prenotazioni per questo colloquio',
      );
      break;
    case 'cancelled':
      await expect(page.getByRole('status').filter({ hasText: 'Prenotazione annullata' })).toContainText(`alle ${w.cancelling!.time}`);
      await expect(card(page, w.cancelling!.id).getByText(/^Prenotato alle/)).toHaveCount(0);
      break;
  }
}

function slotBookingSuite() {
  defineMachineSuite<typeof slotBookingMachine>('slotBooking', async (page, request, path) => {
    const api = await apiSession(request, 'genitore.demo');
    const base = api.base('Marco');
    const list = async (): Promise<ApiMeeting[]> => (await request.get(`${base}/colloqui-individuali`, { headers: api.headers })).json();
    const w: SlotWorld = { chosen: null, toCancel: [], cancelling: null };
    const touched = new Set<number>();
    try {
      // Bookings to cancel, made first, from the end of the list (the UI picks free slots from its start).
      const cancels = path.steps.filter((s) => s.event.type === 'booking.cancelRequested').length;
      const open = (await list()).filter((m) => m.prenotabile && !m.prenotato && m.slot.some((s) => s.libero)).reverse();
      for (const m of open.slice(0, cancels)) {
        const slot = m.slot.find((s) => s.libero)!;
        expect((await api.put(`${base}/colloqui/${m.id}?slot=${slot.numero}`, undefined)).ok()).toBe(true);
        touched.add(m.id);
        w.toCancel.push({ id: m.id, time: slot.orario });
      }

      await openSignedIn(page, '/colloqui');
      await expect(page.getByRole('heading', { name: 'Colloqui individuali', level: 1 })).toBeVisible();
      const books = await HeldRequests.on(page, 'PUT', /\/colloqui\/\d+$/);
      const cancelsHeld = await HeldRequests.on(page, 'DELETE', /\/colloqui\/\d+$/);
      const shadow = shadowOf(slotBookingMachine, ['bookSlot', 'cancelBooking']);
      await expectSlotScreen(page, shadow.snapshot(), w);

      for (const step of path.steps.slice(1)) {
        const ev = step.event as StepEvent<SlotBookingEvent>;
        switch (ev.type) {
          case 'slot.chosen': {
            const free = page.locator('li[data-colloquio]').filter({ has: page.getByRole('button', { name: /^Prenota alle / }) }).first();
            const id = Number(await free.getAttribute('data-colloquio'));
            const button = card(page, id).getByRole('button', { name: /^Prenota alle / }).first();
            w.chosen = { id, time: (await button.innerText()).trim() };
            await button.click();
            break;
          }
          case 'booking.cancelRequested':
            w.cancelling = w.toCancel.shift()!;
            await card(page, w.cancelling.id).getByRole('button', { name: /^Annulla prenotazione/ }).click();
            break;
          case 'choice.confirmed':
            if (step.state.matches('booking')) {
              touched.add(w.chosen!.id);
              await page.getByRole('alertdialog').getByRole('button', { name: 'Prenota' }).click();
              await books.waitForOne();
            } else {
              await page.getByRole('alertdialog').getByRole('button', { name: 'Annulla prenotazione' }).click();
              await cancelsHeld.waitForOne();
            }
            break;
          case 'choice.dismissed':
            await page.getByRole('alertdialog').getByRole('button', { name: /^(Annulla|Mantieni)$/ }).click();
            break;
          case 'xstate.done.actor.bookSlot':
            await books.release();
            break;
          case 'xstate.error.actor.bookSlot': {
            const status = (ev.error as { status: number }).status;
            await fault(request, {
              metodo: 'PUT',
              percorso: `/colloqui/${w.chosen!.id}$`,
              stato: status,
              ...(status === 409 ? { detail: 'Conflict', error: `Lo slot delle ${w.chosen!.time} è già stato prenotato` } : {}),
            });
            await books.release();
            break;
          }
          case 'xstate.done.actor.cancelBooking':
            await cancelsHeld.release();
            break;
          case 'xstate.error.actor.cancelBooking':
            // Cancelled first from another device: the server has nothing left to cancel.
            expect((await del(request, api, `${base}/colloqui/${w.cancelling!.id}`)).ok()).toBe(true);
            await cancelsHeld.release();
            break;
        }
        await expectSlotScreen(page, await shadow.step(ev, step.state), w);
      }
    } finally {
      // Back to the seeded bookings for the next path (a refused DELETE means there was none).
      for (const id of touched) await del(request, api, `${base}/colloqui/${id}`);
    }
  });
}

// ---------------------------------------------------------------- work experience

type ProjectPath = ModelPath<typeof workExperienceMachine>;
type ProjectSnapshot = ProjectPath['steps'][number]['state'];

interface ApiProject {
  id: number;
  titolo: string;
  stato: string;
  prenotabile: boolean;
}

interface ProjectWorld {
  open: ApiProject;
  mine: ApiProject;
  acting: ApiProject | null;
}

const projectCard = (page: Page, id: number) => page.locator(`li[data-progetto="${id}"]`);

async function expectProjectScreen(page: Page, snap: ProjectSnapshot, w: ProjectWorld) {
  const subscribe = page.getByRole('alertdialog', { name: 'Iscriversi al progetto?' });
  const cancel = page.getByRole('alertdialog', { name: "Annullare l'iscrizione?" });
  if (snap.matches('confirmingSubscribe') || snap.matches('subscribing')) {
    await expect(subscribe).toContainText(w.acting!.titolo);
    await expect(subscribe.getByRole('button', { name: snap.matches('subscribing') ? 'Iscrizione in corso…' : 'Iscriviti' })).toBeVisible();
    return;
  }
  if (snap.matches('confirmingCancel') || snap.matches('cancelling')) {
    await expect(cancel).toContainText(w.acting!.titolo);
    await expect(cancel.getByRole('button', { name: snap.matches('cancelling') ? 'Annullamento in corso…' : 'Annulla iscrizione' })).toBeVisible();
    return;
  }
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const outcome = snap.context.outcome;
  switch (outcome?.kind) {
    case undefined:
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Iscrizione al progetto' })).toHaveCount(0);
      break;
    case 'subscribed':
      await expect(page.getByRole('status')).toHaveText(`Iscrizione al progetto «${w.open.titolo}» effettuata.`);
      await expect(projectCard(page, w.open.id).getByRole('button', { name: /^Annulla iscrizione/ })).toBeVisible();
      break;
    case 'cancelled':
      await expect(page.getByRole('status')).toHaveText(`Iscrizione al progetto «${w.mine.titolo}» annullata.`);
      await expect(projectCard(page, w.mine.id).getByRole('button', { name: /^Iscriviti/ })).toBeVisible();
      break;
    case 'failed':
      if (outcome.action === 'subscribe') {
        await expect(page.getByRole('alert')).toHaveText('Posti esauriti per questo progetto');
        // Refused: the list is as it was.
        await expect(projectCard(page, w.open.id).getByRole('button', { name: /^Iscriviti/ })).toBeVisible();
      } else {
        await expect(page.getByRole('alert')).toHaveText('Non sei iscritto a questo progetto');
      }
      break;
  }
}

function workExperienceSuite() {
  defineMachineSuite<typeof workExperienceMachine>('workExperience', async (page, request, path) => {
    const api = await apiSession(request, 'genitore.demo');
    const base = api.base('Marco');
    const projects: ApiProject[] = await (await request.get(`${base}/alternanzaweb`, { headers: api.headers })).json();
    const w: ProjectWorld = {
      open: projects.find((p) => p.stato === 'PROPOSTO' && p.prenotabile)!,
      mine: projects.find((p) => p.stato === 'PROPOSTO' && !p.prenotabile)!,
      acting: null,
    };
    expect(w.open && w.mine).toBeTruthy();
    try {
      await openSignedIn(page, '/alternanza');
      await expect(page.getByRole('heading', { name: 'Alternanza scuola-lavoro', level: 1 })).toBeVisible();
      const subscribes = await HeldRequests.on(page, 'PUT', /\/alternanzaweb\/\d+$/);
      const cancels = await HeldRequests.on(page, 'DELETE', /\/alternanzaweb\/\d+$/);
      const shadow = shadowOf(workExperienceMachine, ['subscribe', 'unsubscribe']);
      await expectProjectScreen(page, shadow.snapshot(), w);

      for (const step of path.steps.slice(1)) {
        const ev = step.event as StepEvent<WorkExperienceEvent>;
        switch (ev.type) {
          case 'subscribe.requested':
            w.acting = w.open;
            await projectCard(page, w.open.id).getByRole('button', { name: /^Iscriviti/ }).click();
            break;
          case 'cancel.requested':
            w.acting = w.mine;
            await projectCard(page, w.mine.id).getByRole('button', { name: /^Annulla iscrizione/ }).click();
            break;
          case 'choice.confirmed':
            if (step.state.matches('subscribing')) {
              await page.getByRole('alertdialog').getByRole('button', { name: 'Iscriviti' }).click();
              await subscribes.waitForOne();
            } else {
              await page.getByRole('alertdialog').getByRole('button', { name: 'Annulla iscrizione' }).click();
              await cancels.waitForOne();
            }
            break;
          case 'choice.dismissed':
            await page.getByRole('alertdialog').getByRole('button', { name: /^(Annulla|Mantieni)$/ }).click();
            break;
          case 'xstate.done.actor.subscribe':
            await subscribes.release();
            break;
          case 'xstate.error.actor.subscribe':
            await fault(request, { metodo: 'PUT', percorso: `/alternanzaweb/${w.open.id}$`, stato: 409, detail: 'Conflict', error: 'Posti esauriti per questo progetto' });
            await subscribes.release();
            break;
          case 'xstate.done.actor.unsubscribe':
            await cancels.release();
            break;
          case 'xstate.error.actor.unsubscribe':
            // Cancelled first from another device: the server refuses a second cancellation.
            expect((await del(request, api, `${base}/alternanzaweb/${w.mine.id}`)).ok()).toBe(true);
            await cancels.release();
            break;
        }
        await expectProjectScreen(page, await shadow.step(ev, step.state), w);
      }
    } finally {
      // Back to the seeded state: the open project not subscribed, the other one subscribed.
      await del(request, api, `${base}/alternanzaweb/${w.open.id}`);
      await api.put(`${base}/alternanzaweb/${w.mine.id}`, undefined);
    }
  });
}

export function defineMeetingTransitionSuites() {
  test.describe('/colloqui and /alternanza transitions', () => {
    slotBookingSuite();
    workExperienceSuite();
  });
}
