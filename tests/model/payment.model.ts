/**
 * The payment machine's transition suite on /carrello/pagamento, against the reference server and
 * the stand-in card library and web button. The calls the machine makes (the checkout, the card's
 * confirmation, the cancel, the state reads, the web button's script) are held until the path's
 * `xstate.done/error.actor.*` step lets them through, after the server was made to give that answer:
 * a test card, the bank's challenge, the payer's answer (in the button or the simulator's outcome
 * call), or a fault. After each step the screen must show the state the machine run beside the
 * browser is in. The app's bounded wait runs on the page clock, advanced look by look.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { E2E_NOW } from '../../playwright.config';
import { APP_POLL_DELAYS_MS } from '../../src/domain/checkout';
import { expect, test } from '../e2e/fixtures';
import { PENDING_KEY, fillCard, openCheckout, parentToken, productLine } from '../e2e/checkoutHelpers';
import { paymentMachine, type PaymentEvent, type PaymentInput } from '../../src/machines/payment.machine';
import { PAYMENT_MESSAGES } from './machines';
import { defineMachineSuite, fault, shadowOf, type StepEvent } from './replay';

type Snapshot = SnapshotFrom<typeof paymentMachine>;
type Step = StepEvent<PaymentEvent> & { output?: { ok?: boolean; sfida?: string; message?: string; stato?: string; azioneRichiesta?: boolean; errore?: string | null } };

const SIMULATOR = '/api/v3/pagamenti-simulati';
const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', challenge: '4000 0027 6000 3184' };

/**
 * The page's requests of one kind, each held until the replay lets it through (or fails it); one
 * the page gave up (it left the state that made it, or reloaded) is forgotten.
 */
class Gate {
  private held: Route[] = [];

  static async on(page: Page, method: string, path: RegExp) {
    const gate = new Gate();
    await page.route(
      (url) => path.test(url.pathname),
      async (route) => {
        if (route.request().method() !== method) return route.fallback();
        gate.held.push(route);
      },
    );
    page.on('requestfailed', (r) => {
      gate.held = gate.held.filter((route) => route.request() !== r);
    });
    return gate;
  }

  get count() {
    return this.held.length;
  }

  async next() {
    await expect.poll(() => this.held.length).toBeGreaterThan(0);
  }

  async pass() {
    await this.next();
    await this.held.shift()!.fallback();
  }

  async abort() {
    await this.next();
    await this.held.shift()!.abort('failed');
  }
}

const webButton = (page: Page) => page.frameLocator('iframe[title="Satispay (simulato)"]');
const challenge = (page: Page) => page.frameLocator('iframe[title="Autenticazione 3-D Secure"]');
const kept = (page: Page) => page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? 'null') as { id: string | null; clientSecret: string | null } | null, PENDING_KEY);

async function expectScreen(page: Page, snap: Snapshot, scriptLoaded: boolean) {
  const alert = page.getByRole('alert').filter({ hasText: 'Errore nel pagamento' });
  const choice = page.getByRole('heading', { name: 'Come vuoi pagare?' });
  if (snap.status === 'done') {
    if (snap.matches('succeeded')) {
      await expect(page.getByText('Pagamento confermato')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Ricevuta' })).toBeVisible();
    } else {
      // Back to the choice: a failure says why, an abandoned attempt says nothing.
      await expect(choice).toBeVisible();
      await expect(alert).toHaveCount(snap.matches('failed') ? 1 : 0);
    }
    expect(await kept(page)).toBeNull();
    return;
  }
  // Kept in the tab while it runs, so a reload resumes it.
  expect(await kept(page)).not.toBeNull();
  await expect(choice).toHaveCount(0);
  if (snap.matches('starting') || snap.matches('creating')) await expect(page.getByText('Preparazione del pagamento…')).toBeVisible();
  else if (snap.matches('createFailed')) {
    await expect(alert).toBeVisible();
    await expect(page.getByRole('button', { name: 'Torna ai metodi di pagamento' })).toBeVisible();
  } else if (snap.matches('readFailed')) {
    await expect(alert).toBeVisible();
    await expect(page.getByRole('button', { name: 'Riprova' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Torna ai metodi di pagamento' })).toHaveCount(0);
  } else if (snap.matches('reading')) await expect(page.getByText("Verifica dell'esito del pagamento…")).toBeVisible();
  else if (snap.matches({ card: 'resuming' })) {
    await expect(page.getByText('La banca chiede ancora di confermare il pagamento')).toBeVisible();
  } else if (snap.matches('card')) {
    await expect(page.getByRole('heading', { name: 'Pagamento con carta' })).toBeVisible();
    const busy = snap.matches({ card: 'confirming' });
    await expect(page.getByRole('button', { name: busy ? 'Pagamento in corso…' : 'Paga', exact: true })).toBeVisible();
    const message = snap.context.message;
    if (message === 'nameRequired') await expect(page.getByText('Nome titolare carta è obbligatorio')).toBeVisible();
    else if (message) await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    else if (!busy) await expect(page.getByRole('alert')).toHaveCount(0);
  } else if (snap.matches('app')) {
    await expect(page.getByRole('heading', { name: 'Pagamento con Satispay' })).toBeVisible();
    if (snap.matches({ app: 'opening' })) {
      // With its script already loaded the button opens at once: the wait is what shows then.
      await expect(page.getByText(scriptLoaded ? /Apertura di Satispay…|In attesa della conferma/ : /Apertura di Satispay…/)).toBeVisible();
    } else if (snap.matches({ app: 'openFailed' })) await expect(page.getByText('Non è stato possibile aprire Satispay')).toBeVisible();
    else if (snap.matches({ app: 'waiting' })) await expect(page.getByText("In attesa della conferma nell'app Satispay")).toBeVisible();
    else if (snap.matches({ app: 'unanswered' })) await expect(page.getByText("Non è ancora arrivata una risposta dall'app")).toBeVisible();
    else if (snap.matches({ app: 'cancelling' }) || snap.matches({ app: 'cancelChecking' })) await expect(page.getByText('Annullamento del pagamento…')).toBeVisible();
    else if (snap.matches({ app: 'cancelFailed' })) {
      await expect(page.getByText('Il pagamento non risulta ancora annullato')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Riprova ad annullare' })).toBeVisible();
    }
  }
}

/** The card that makes the library give the next step's answer. */
function cardFor(next: Step | undefined): string {
  if (next?.type !== 'xstate.done.actor.confirmCard') return CARDS.success;
  if (next.output?.ok) return next.output.sfida ? CARDS.challenge : CARDS.success;
  return next.output?.message === PAYMENT_MESSAGES.challengeRefused ? CARDS.challenge : CARDS.declined;
}

const answerApp = (request: APIRequestContext, id: string, esito: 'approva' | 'annulla') =>
  request.post(`${SIMULATOR}/satispay/${id}/esito`, { data: { esito } }).then((r) => expect(r.status()).toBe(200));

export function definePaymentTransitionSuite() {
  defineMachineSuite<typeof paymentMachine>('payment', async (page, request, path, rawInput) => {
    const input = rawInput as PaymentInput;
    const app = input.metodo === 'app';
    const events = path.steps.slice(1).map((st) => st.event as Step);
    // The app's looks wait on timers: the page clock lets the replay bring each look forward.
    if (app) await page.clock.install({ time: new Date(E2E_NOW) });
    // The bounded wait's eighty looks, each a real request to the server.
    if (events.length > APP_POLL_DELAYS_MS.length) test.slow();
    const token = await parentToken(request);
    await openCheckout(page, [await productLine(request, token, 'Quaderni a quadretti 5 mm', 5)]);
    const pay = page.getByRole('button', { name: 'Paga', exact: true });

    if (input.id !== null) {
      // The attempt the tab keeps when the page reloads, left in the state the first read must find.
      await page.getByRole('button', { name: app ? 'Paga con Satispay' : 'Paga con carta' }).click();
      if (app) {
        await webButton(page).getByRole('button', { name: 'Chiudi' }).click();
        await expect(page.getByText("In attesa della conferma nell'app Satispay")).toBeVisible();
      } else {
        await expect(pay).toBeEnabled();
        const { id, clientSecret } = (await kept(page))!;
        const first = events[0]!;
        if (first.output?.stato === 'confermato') {
          // Confirmed while the page was away (the library's answer lost in the reload).
          const card = { number: CARDS.success.replace(/ /g, ''), exp_month: 12, exp_year: 2030, cvc: '123' };
          const res = await request.post(`${SIMULATOR}/payment_intents/${id}/confirm`, { data: { client_secret: clientSecret, cardholder_name: 'Laura Rossi', card } });
          expect(res.status()).toBe(200);
        } else if (first.output?.stato === 'annullato') {
          const res = await request.post(`${SIMULATOR}/payment_intents/${id}/cancel`, { data: { client_secret: clientSecret } });
          expect(res.status()).toBe(200);
        } else if (first.output?.azioneRichiesta || first.output?.errore) {
          await page.getByLabel('Nome titolare carta').fill('Laura Rossi');
          await fillCard(page, first.output.azioneRichiesta ? CARDS.challenge : CARDS.declined);
          await pay.click();
          if (first.output.azioneRichiesta) await expect(challenge(page).getByRole('button', { name: 'Approva' })).toBeVisible();
          else await expect(page.getByRole('alert')).toContainText(PAYMENT_MESSAGES.declined);
        }
      }
    }

    const gates = {
      create: await Gate.on(page, 'POST', /\/(transaction|satispay\/pagamento)$/),
      confirm: await Gate.on(page, 'POST', /\/payment_intents\/[^/]+\/confirm$/),
      cancel: await Gate.on(page, 'POST', /\/satispay\/pagamento\/[^/]+\/annulla$/),
      read: await Gate.on(page, 'GET', /\/transaction\/[^/]+$/),
      script: await Gate.on(page, 'GET', /\/simulatori\/satispay-web-button\.js$/),
    };
    let scriptLoaded = false;
    let buttonOpen = false;
    let library: Gate | null = null;
    if (input.id !== null) {
      await page.reload();
      await gates.read.next();
    } else {
      await page.getByRole('button', { name: app ? 'Paga con Satispay' : 'Paga con carta' }).click();
      await gates.create.next();
    }

    const closeButton = async () => {
      if (!buttonOpen) return;
      await webButton(page).getByRole('button', { name: 'Chiudi' }).click();
      buttonOpen = false;
    };
    /** The next look at the app payment: its wait brought forward on the page clock. */
    let looks = 0;
    const nextLook = () =>
      ++looks && expect
        .poll(
          async () => {
            if (gates.read.count === 0) await page.clock.fastForward(1_000);
            return gates.read.count;
          },
          { intervals: [50], message: `look ${looks} at the app payment` },
        )
        .toBeGreaterThan(0);
    const paymentId = async () => (await kept(page))!.id!;

    const shadow = shadowOf(paymentMachine, ['createPayment', 'confirmCard', 'resumeCard', 'openApp', 'cancelApp', 'readPayment'], input);
    await expectScreen(page, shadow.snapshot(), scriptLoaded);
    for (let i = 0; i < events.length; i++) {
      const ev = events[i]!;
      const next = events[i + 1];
      const before = shadow.snapshot();
      switch (ev.type) {
        case 'xstate.done.actor.createPayment':
          await gates.create.pass();
          if (app) await gates.script.next();
          break;
        case 'xstate.error.actor.createPayment':
          await fault(request, { metodo: 'POST', percorso: '/(transaction|satispay/pagamento)$', stato: 503 });
          await gates.create.pass();
          break;
        case 'card.submit':
          await expect(pay).toBeEnabled();
          await page.getByLabel('Nome titolare carta').fill(ev.name);
          await fillCard(page, cardFor(next));
          await pay.click();
          if (ev.name.trim() !== '') await gates.confirm.next();
          break;
        case 'xstate.done.actor.confirmCard':
          await gates.confirm.pass();
          if (ev.output?.sfida || ev.output?.message === PAYMENT_MESSAGES.challengeRefused) {
            await challenge(page).getByRole('button', { name: ev.output.ok ? 'Approva' : 'Rifiuta' }).click();
          }
          if (ev.output?.ok) await gates.read.next();
          break;
        case 'xstate.done.actor.resumeCard':
          await challenge(page).getByRole('button', { name: ev.output?.ok ? 'Approva' : 'Rifiuta' }).click();
          if (ev.output?.ok) await gates.read.next();
          break;
        case 'xstate.error.actor.resumeCard':
          await library!.abort();
          break;
        case 'payment.retry':
          await page.getByRole('button', { name: before.matches({ app: 'cancelFailed' }) ? 'Riprova ad annullare' : 'Riprova' }).click();
          if (before.matches('createFailed')) await gates.create.next();
          else if (before.matches('readFailed')) await gates.read.next();
          else await gates.cancel.next();
          break;
        case 'payment.abandon':
          await closeButton();
          if (before.matches('createFailed')) await page.getByRole('button', { name: 'Torna ai metodi di pagamento' }).click();
          else if (before.matches('card')) await page.getByRole('button', { name: 'Cambia metodo di pagamento' }).click();
          else {
            await page.getByRole('button', { name: 'Annulla il pagamento' }).click();
            await gates.cancel.next();
          }
          break;
        case 'app.reopen':
          await closeButton();
          await page.getByRole('button', { name: 'Apri di nuovo Satispay' }).click();
          if (!scriptLoaded) await gates.script.next();
          break;
        case 'app.keepWaiting':
          await page.getByRole('button', { name: 'Continua ad attendere' }).click();
          break;
        case 'xstate.done.actor.openApp':
          if (!scriptLoaded) await gates.script.pass();
          scriptLoaded = true;
          await expect(webButton(page).getByRole('button', { name: 'Chiudi' })).toBeVisible();
          buttonOpen = true;
          break;
        case 'xstate.error.actor.openApp':
          await gates.script.abort();
          break;
        case 'xstate.done.actor.cancelApp':
          // The payer accepted just before the cancel arrived: the cancel answers it paid.
          if (next?.type === 'xstate.done.actor.readPayment' && next.output?.stato === 'confermato') await answerApp(request, await paymentId(), 'approva');
          await gates.cancel.pass();
          await gates.read.next();
          break;
        case 'xstate.error.actor.cancelApp':
          await fault(request, { metodo: 'POST', percorso: '/annulla$', stato: 503 });
          await gates.cancel.pass();
          break;
        case 'xstate.done.actor.readPayment':
        case 'xstate.error.actor.readPayment': {
          if (before.matches({ app: 'waiting' })) await nextLook();
          else await gates.read.next();
          const stato = ev.output?.stato;
          if (ev.type === 'xstate.error.actor.readPayment') {
            await fault(request, { metodo: 'GET', percorso: '/transaction/[^/]+$', stato: 500 });
          } else if (app && !before.matches({ app: 'cancelChecking' }) && (stato === 'confermato' || stato === 'annullato')) {
            // The payer answers: in the open button, else in the app on the phone (the simulator's outcome call).
            if (buttonOpen) {
              await webButton(page).getByRole('button', { name: stato === 'confermato' ? "Approva nell'app" : "Rifiuta nell'app" }).click();
              await expect(page.locator('iframe[title="Satispay (simulato)"]')).toHaveCount(0);
              buttonOpen = false;
            } else await answerApp(request, await paymentId(), stato === 'confermato' ? 'approva' : 'annulla');
          }
          // The challenge resumed after the reload needs the card library: held, then refused at the next step.
          if (next?.type === 'xstate.error.actor.resumeCard') library = await Gate.on(page, 'GET', /\/simulatori\/stripe\.js$/);
          await gates.read.pass();
          break;
        }
        default:
          throw new Error(`${ev.type} is not driven in the browser`);
      }
      await expectScreen(page, await shadow.step(ev, path.steps[i + 1]!.state), scriptLoaded);
    }
  });
}
