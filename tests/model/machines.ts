/**
 * The machines that drive a screen, with the paths their browser suites replay: read by the suites
 * (tests/model/*.model.ts) and by the report (report.ts), so both speak of the same paths with the
 * same titles. A path the browser cannot drive is declared here with the reason, never dropped.
 */
import { createActor, getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { transitionPaths, type ModelPath } from '../../src/machines/testing/model';
import { justificationMachine } from '../../src/machines/justification.machine';
import { justificationModel } from '../../src/machines/testing/justification.model';
import { entryExitBookingMachine } from '../../src/machines/entryExitBooking.machine';
import { entryExitBookingModel } from '../../src/machines/testing/entryExitBooking.model';
import { sessionMachine } from '../../src/machines/session.machine';
import { studentSwitchMachine } from '../../src/machines/studentSwitch.machine';
import { passwordChangeMachine } from '../../src/machines/passwordChange.machine';
import { apiErrorDialogMachine } from '../../src/machines/apiErrorDialog.machine';
import { sessionModel } from '../../src/machines/testing/session.model';
import { studentSwitchModel } from '../../src/machines/testing/studentSwitch.model';
import { passwordChangeModel } from '../../src/machines/testing/passwordChange.model';
import { apiErrorDialogModel } from '../../src/machines/testing/apiErrorDialog.model';
import type { JustificationResult } from '../../src/domain/absences';
import { slotBookingMachine } from '../../src/machines/slotBooking.machine';
import { slotBookingModel } from '../../src/machines/testing/slotBooking.model';
import { workExperienceMachine } from '../../src/machines/workExperience.machine';
import { workExperienceModel } from '../../src/machines/testing/workExperience.model';
import { mealBookingMachine } from '../../src/machines/mealBooking.machine';
import { mealBookingModel } from '../../src/machines/testing/mealBooking.model';
import { dailyServiceMachine } from '../../src/machines/dailyService.machine';
import { dailyServiceModel } from '../../src/machines/testing/dailyService.model';
import { composerMachine } from '../../src/machines/composer.machine';
import { composerModel } from '../../src/machines/testing/composer.model';
import { cartMachine } from '../../src/machines/cart.machine';
import { cartModel } from '../../src/machines/testing/cart.model';
import { taxConsentMachine } from '../../src/machines/taxConsent.machine';
import { taxConsentModel } from '../../src/machines/testing/taxConsent.model';
import { checkoutMachine, type CheckoutInput } from '../../src/machines/checkout.machine';
import type { CartItem } from '../../src/domain/cart';
import { paymentMachine, type PaymentInput } from '../../src/machines/payment.machine';
import { paymentModel } from '../../src/machines/testing/payment.model';
import { APP_POLL_DELAYS_MS, type PaymentTransaction } from '../../src/domain/checkout';
import type { TaxChangeResult } from '../../src/domain/payments';
import { pushSubscriptionMachine } from '../../src/machines/pushSubscription.machine';
import { pushSubscriptionModel } from '../../src/machines/testing/pushSubscription.model';

export interface MachineSuite<M extends AnyStateMachine = AnyStateMachine> {
  key: string;
  /** The describe block of its browser tests. */
  title: string;
  machine: M;
  /** The invoked actors the path steps settle (`xstate.done/error.actor.<id>`). */
  actorIds: readonly string[];
  /** One per way the machine starts (its input), each with its generated paths. */
  runs: Array<{ label?: string; input?: unknown; paths: ModelPath<M>[] }>;
  titleOf: (path: ModelPath<M>) => string;
  /** Why the browser cannot drive this path, or null when it can. */
  notDriven?: (path: ModelPath<M>) => string | null;
  /** Its screen needs what only the full browser has (Push messaging, notifications), not the headless shell. */
  fullBrowser?: true;
}

type AnyPath = { steps: Array<{ event: { type: string }; state: { value: unknown } }> };

/**
 * A path's title: its events, each with the variant of its payload, and the state it ends in
 * (`path.description` names event types only, and two paths may differ in a payload alone).
 */
function titler(variant: (ev: Record<string, unknown>) => string) {
  return (path: AnyPath): string => {
    const events = path.steps.slice(1).map((st) => `${st.event.type.replace(/^xstate\./, '')}${variant(st.event as never)}`);
    return `${events.join(' → ')} ⇒ ${JSON.stringify(path.steps.at(-1)!.state.value)}`;
  };
}

const eventTypes = (path: AnyPath) => path.steps.slice(1).map((s) => s.event.type);

const justification: MachineSuite<typeof justificationMachine> = {
  key: 'justification',
  title: 'justification machine in the browser',
  machine: justificationMachine,
  actorIds: ['justifyAbsences'],
  runs: [{ paths: transitionPaths(justificationMachine, { events: justificationModel.events }) }],
  titleOf: titler((ev) => {
    const { drafts } = justificationModel;
    if (ev.draft) return ev.draft === drafts.complete ? '(2 assenze)' : '(vuota)';
    const output = ev.output as Partial<JustificationResult> | undefined;
    if (output?.failed) return output.failed.length > 0 ? '(in parte rifiutata)' : '(tutte)';
    return '';
  }),
};

const booking: MachineSuite<typeof entryExitBookingMachine> = {
  key: 'entryExitBooking',
  title: 'entry/exit booking machine in the browser',
  machine: entryExitBookingMachine,
  actorIds: ['createBooking', 'cancelBooking'],
  runs: [
    {
      input: entryExitBookingModel.input,
      paths: transitionPaths(entryExitBookingMachine, { events: entryExitBookingModel.events, input: entryExitBookingModel.input }),
    },
  ],
  titleOf: titler((ev) => {
    const { fields } = entryExitBookingModel;
    if (ev.fields) return ev.fields === fields.valid ? '(valida)' : ev.fields === fields.empty ? '(vuota)' : '(oggi, dopo il limite)';
    return '';
  }),
};

const session: MachineSuite<typeof sessionMachine> = {
  key: 'session',
  title: 'session machine in the browser',
  machine: sessionMachine,
  actorIds: ['login', 'validate', 'loadStudent', 'startProvider'],
  runs: Object.entries(sessionModel.inputs).map(([label, input]) => ({
    label: label === 'fresh' ? 'from a fresh tab' : 'from a reload with a saved session',
    input,
    paths: transitionPaths(sessionMachine, { events: sessionModel.events, input }),
  })),
  titleOf: titler((ev) => {
    if (ev.output === sessionModel.noStudents) return '(nessuno studente)';
    if (ev.output === sessionModel.noUser) return '(nessun utente)';
    if (ev.type === 'session.scopeChanged') return '(anno precedente)';
    if (ev.type === 'session.signIn') return `(${(ev.credentials as { kind: string }).kind})`;
    if (ev.type === 'session.providerStart') return `(${(ev.start as { method: string }).method})`;
    if (ev.type === 'session.providerReturned') return `(${String(ev.method)}, ${String(ev.outcome)})`;
    if (ev.error === sessionModel.firstCycle) return '(primo ciclo)';
    return '';
  }),
  notDriven(path) {
    const events = eventTypes(path);
    const last = events.at(-1)!;
    const state = path.steps.at(-2)!.state;
    if (last === 'xstate.error.actor.startProvider') {
      return 'Leaving for the identity provider fails only inside the client (no Web Crypto for the verifier); no server answer or user action makes it fail.';
    }
    if (state.matches({ authenticated: 'loadingStudent' }) && ['session.signOut', 'session.tokenRefreshed', 'session.expired'].includes(last)) {
      return 'While the first student loads, the login screen stays busy: it has no sign-out, and the suite holds the start-up calls whose 401 would renew or expire the token.';
    }
    if (state.matches({ authenticated: 'switchingStudent' }) && ['session.tokenRefreshed', 'session.expired'].includes(last)) {
      return "While another student loads, the suite holds that student's calls, the only ones a 401 could renew or expire the token through.";
    }
    return null;
  },
};

const studentSwitch: MachineSuite<typeof studentSwitchMachine> = {
  key: 'studentSwitch',
  title: 'student switch machine in the browser',
  machine: studentSwitchMachine,
  actorIds: ['changeScope', 'openDestination'],
  runs: [{ paths: transitionPaths(studentSwitchMachine, { events: studentSwitchModel.events }) }],
  titleOf: titler((ev) => {
    if (ev.type === 'switch.requested') {
      if (ev.to) return '(Giulia Rossi, i suoi voti dalla Home)';
      return ev.scope === studentSwitchModel.giulia ? '(Giulia Rossi)' : '(anno precedente)';
    }
    if (ev.type === 'xstate.error.actor.changeScope') return ev.error instanceof TypeError ? '(errore inatteso)' : '(dati dello studente)';
    return '';
  }),
  notDriven(path) {
    const last = path.steps.at(-1)!.event as { type: string; error?: unknown };
    if (last.type === 'xstate.error.actor.changeScope' && last.error instanceof TypeError) {
      return "changeScope only ever rejects with the session's StudentSwitchError: a foreign error would be a bug of the client, which no server answer causes.";
    }
    if (last.type === 'xstate.error.actor.openDestination') {
      return "openDestination fails only when the router's own navigation to the destination is cancelled inside the client; nothing the server or the user does makes it fail.";
    }
    return null;
  },
};

const passwordChange: MachineSuite<typeof passwordChangeMachine> = {
  key: 'passwordChange',
  title: 'password change machine in the browser',
  machine: passwordChangeMachine,
  actorIds: ['changePassword'],
  runs: [{ paths: transitionPaths(passwordChangeMachine, { events: passwordChangeModel.events }) }],
  titleOf: titler((ev) => {
    const { fields } = passwordChangeModel;
    if (!ev.fields) return '';
    return ev.fields === fields.valid ? '(valida)' : ev.fields === fields.mismatch ? '(conferma diversa)' : ev.fields === fields.emptyField ? '(campi vuoti)' : '(uguale alla attuale)';
  }),
  notDriven(path) {
    if (path.steps.at(-2)!.state.matches('changed')) {
      return 'Once the password is changed the machine has stopped (final state) and the dialog shows the outcome only, with no show/hide switch.';
    }
    return null;
  },
};

const apiErrorDialog: MachineSuite<typeof apiErrorDialogMachine> = {
  key: 'apiErrorDialog',
  title: 'API error dialog machine in the browser',
  machine: apiErrorDialogMachine,
  actorIds: [],
  runs: [{ paths: transitionPaths(apiErrorDialogMachine, { events: apiErrorDialogModel.events }) }],
  titleOf: titler((ev) => (ev.type === 'apiError.raised' ? `(${String(ev.status)})` : '')),
};

const slotBooking: MachineSuite<typeof slotBookingMachine> = {
  key: 'slotBooking',
  title: 'meeting slot booking machine in the browser',
  machine: slotBookingMachine,
  actorIds: ['bookSlot', 'cancelBooking'],
  runs: [{ paths: transitionPaths(slotBookingMachine, { events: slotBookingModel.events }) }],
  titleOf: titler((ev) => {
    if (ev.type === 'xstate.error.actor.bookSlot') return (ev.error as { status?: number }).status === 409 ? '(slot già preso)' : '(errore del server)';
    return '';
  }),
};

const workExperience: MachineSuite<typeof workExperienceMachine> = {
  key: 'workExperience',
  title: 'work-experience subscription machine in the browser',
  machine: workExperienceMachine,
  actorIds: ['subscribe', 'unsubscribe'],
  runs: [{ paths: transitionPaths(workExperienceMachine, { events: workExperienceModel.events }) }],
  titleOf: titler(() => ''),
};

const mealBooking: MachineSuite<typeof mealBookingMachine> = {
  key: 'mealBooking',
  title: 'meal booking machine in the browser',
  machine: mealBookingMachine,
  actorIds: ['bookMeal'],
  runs: [{ paths: transitionPaths(mealBookingMachine, { events: mealBookingModel.events }) }],
  titleOf: titler((ev) => {
    if (ev.type === 'meal.dayShown') return (ev.day as { open: boolean }).open ? '(prima del termine)' : '(dopo il termine)';
    if (ev.type === 'xstate.error.actor.bookMeal') return `(${String((ev.error as { status: number }).status)})`;
    return '';
  }),
};

const dailyService: MachineSuite<typeof dailyServiceMachine> = {
  key: 'dailyService',
  title: 'daily service machine in the browser',
  machine: dailyServiceMachine,
  actorIds: ['joinService', 'leaveService'],
  runs: [{ paths: transitionPaths(dailyServiceMachine, { events: dailyServiceModel.events }) }],
  titleOf: titler((ev) => {
    if (String(ev.type).startsWith('xstate.done.actor.')) return (ev.output as { ok: boolean }).ok ? '(OK)' : '(KO)';
    return '';
  }),
};

const COMPOSER_RUNS: Record<keyof typeof composerModel.inputs, string> = {
  v2New: 'new thread (Marco, /messenger)',
  v2Draft: 'new thread from a saved draft (Marco, /messenger)',
  v2Reply: 'reply in a thread (Marco, /messenger)',
  v1Draft: 'message form from a saved draft (Giulia, /comunicazioni)',
};

const composer: MachineSuite<typeof composerMachine> = {
  key: 'composer',
  title: 'composer machine in the browser',
  machine: composerMachine,
  actorIds: ['send', 'upload'],
  runs: Object.entries(composerModel.inputs).map(([key, input]) => ({
    label: COMPOSER_RUNS[key as keyof typeof composerModel.inputs],
    input,
    paths: transitionPaths(composerMachine, { events: composerModel.events, input }),
  })),
  titleOf: titler((ev) => {
    if (ev.type === 'files.picked') return (ev.files as File[])[0]?.name === 'setup.exe' ? '(setup.exe)' : '(delega.pdf)';
    if (ev.type === 'field.changed') return `(${String(ev.field)})`;
    return '';
  }),
  notDriven(path) {
    const reply = (path.steps[0]!.state.context as { threadId: string | null }).threadId !== null;
    const fieldless = path.steps.some((s) => {
      const ev = s.event as { type: string; field?: string };
      return ev.type === 'recipients.changed' || (ev.type === 'field.changed' && ev.field === 'titolo');
    });
    if (reply && fieldless) return 'A reply has no recipients nor title on the screen (spec: a reply carries id_thread instead), so nothing the user does there sends these events.';
    return null;
  },
};

const cartRunInput = new WeakMap<object, unknown>();
function itemsBeforeLast(path: ModelPath<typeof cartMachine>): string[] {
  const actor = createActor(cartMachine, { input: cartRunInput.get(path) as never }).start();
  for (const step of path.steps.slice(1, -1)) actor.send(step.event);
  return actor.getSnapshot().context.items.map((i) => i.cart_id);
}

const cart: MachineSuite<typeof cartMachine> = {
  key: 'cart',
  title: 'cart machine in the browser',
  machine: cartMachine,
  actorIds: [],
  runs: Object.entries(cartModel.inputs).map(([label, input]) => {
    const paths = transitionPaths(cartMachine, { events: cartModel.events, input });
    paths.forEach((p) => cartRunInput.set(p, input));
    return { label: label === 'fresh' ? 'from an empty cart' : 'from a cart restored after a reload', input, paths };
  }),
  titleOf: titler((ev) => {
    const item = (ev.item as { nome?: string; quantita?: number } | undefined) ?? null;
    if (item) return `(${item.nome} ×${item.quantita})`;
    if (ev.type === 'cart.quantitySet') return `(×${String(ev.quantita)})`;
    return '';
  }),
  notDriven(path) {
    const last = path.steps.at(-1)!.event as { type: string; item?: { cart_id: string } };
    if (last.type === 'cart.paymentStarted' || last.type === 'cart.paid') {
      return 'Sent by the checkout (a payment started, a payment confirmed), which its own suite drives.';
    }
    if (last.type === 'cart.optionsSet') return "The cart screen changes quantities; a product's options are chosen in the shop before it is added.";
    if (last.type === 'cart.added' && itemsBeforeLast(path).includes(last.item!.cart_id)) {
      return 'An item already in the cart has no add button: its row says «Nel carrello».';
    }
    return null;
  },
};

const taxConsent: MachineSuite<typeof taxConsentMachine> = {
  key: 'taxConsent',
  title: 'tax consent machine in the browser',
  machine: taxConsentMachine,
  actorIds: ['changeConsent'],
  runs: [{ input: taxConsentModel.input, paths: transitionPaths(taxConsentMachine, { events: taxConsentModel.events, input: taxConsentModel.input }) }],
  titleOf: titler((ev) => {
    const change = ev.change as { kind: string; value: boolean } | undefined;
    if (change) return `(${change.kind} ${change.value ? 'sì' : 'no'})`;
    const output = ev.output as TaxChangeResult | undefined;
    if (output) return !output.success ? '(rifiutata)' : output.consent.attivo === false ? '(scelta chiusa)' : '(applicata)';
    if (ev.type === 'xstate.error.actor.changeConsent') return '(errore del server)';
    return '';
  }),
};

/**
 * The checkout's model in the browser: a product both methods may pay (its real line is put in the
 * tab by the suite; the machine's guards read only the methods an item allows), the same with a product
 * the app may not pay, and an app attempt the tab kept before a reload (the card's reload is in
 * tests/e2e/checkout.spec.ts).
 */
const checkoutItem = (over: Partial<CartItem>): CartItem => ({
  cart_id: 'articolo_1', id: 1, tipo: 'articolo', nome: 'Quaderni a quadretti 5 mm', prezzoUnitarioCent: 120, prezzoScontatoCent: 120, sconto: null,
  quantita: 5, quantitaMinima: 5, quantitaMassima: 50, passo: 5, opzioni: [], pagamentoCarta: true, pagamentoApp: true, ...over,
});
const cardOnly = checkoutItem({ cart_id: 'articolo_2', id: 2, nome: 'Calcolatrice scientifica', prezzoUnitarioCent: 2_290, prezzoScontatoCent: 1_947, quantita: 1, quantitaMinima: 1, quantitaMassima: 1, passo: 1, pagamentoApp: false });
export const checkoutSuiteModel = {
  inputs: {
    both: { items: [checkoutItem({})], resume: null },
    cardOnly: { items: [cardOnly, checkoutItem({})], resume: null },
    resumed: {
      items: [checkoutItem({})],
      resume: { metodo: 'app', idempotencyKey: 'portale-kept-key', righe: [{ id: 1, tipo: 'articolo' }], id: 'sp_1', clientSecret: null, importoCent: 600 },
    },
  } satisfies Record<string, CheckoutInput>,
  events: [
    { type: 'checkout.choose', metodo: 'carta' },
    { type: 'checkout.choose', metodo: 'app' },
    { type: 'checkout.arrange' },
    { type: 'checkout.back' },
    {
      type: 'xstate.done.actor.payment',
      output: { kind: 'paid', transaction: { id: 'pi_1', metodo: 'carta', stato: 'confermato', azioneRichiesta: false, importoCent: 600, data: '2026-11-20T09:00:00+01:00', errore: null, righe: [] } },
    },
    { type: 'xstate.done.actor.payment', output: { kind: 'failed', message: "Pagamento rifiutato nell'app" } },
    { type: 'xstate.done.actor.payment', output: { kind: 'abandoned' } },
    { type: 'xstate.error.actor.payment', error: new Error('unexpected') },
  ],
};
const CHECKOUT_RUNS: Record<keyof typeof checkoutSuiteModel.inputs, string> = {
  both: 'a product both methods may pay',
  cardOnly: 'with a product the app may not pay',
  resumed: 'from a reload while the app payment waits',
};

const checkoutRunInput = new WeakMap<object, CheckoutInput>();

/** Whether a card attempt ends as failed somewhere on the path. */
function cardAttemptFails(path: ModelPath<typeof checkoutMachine>): boolean {
  let metodo = checkoutRunInput.get(path)?.resume?.metodo ?? null;
  return path.steps.slice(1).some((step) => {
    const ev = step.event as { type: string; metodo?: 'carta' | 'app'; output?: { kind: string } };
    if (ev.type === 'checkout.choose' && step.state.matches('paying')) metodo = ev.metodo!;
    return ev.type === 'xstate.done.actor.payment' && ev.output?.kind === 'failed' && metodo === 'carta';
  });
}

const checkout: MachineSuite<typeof checkoutMachine> = {
  key: 'checkout',
  title: 'checkout machine in the browser',
  machine: checkoutMachine,
  actorIds: ['payment'],
  runs: Object.entries(checkoutSuiteModel.inputs).map(([key, input]) => {
    const paths = transitionPaths(checkoutMachine, { events: checkoutSuiteModel.events as never, input });
    paths.forEach((p) => checkoutRunInput.set(p, input));
    return { label: CHECKOUT_RUNS[key as keyof typeof checkoutSuiteModel.inputs], input, paths };
  }),
  titleOf: titler((ev) => {
    if (ev.type === 'checkout.choose') return `(${String(ev.metodo)})`;
    if (ev.type === 'xstate.done.actor.payment') return `(${(ev.output as { kind: string }).kind})`;
    return '';
  }),
  notDriven(path) {
    const last = path.steps.at(-1)!.event as { type: string };
    const before = path.steps.at(-2)!.state;
    if (last.type === 'checkout.choose' && before.matches('choosing') && !path.steps.at(-1)!.state.matches('paying')) {
      return 'A method some item does not allow has no button: the choice names the items instead.';
    }
    if (last.type === 'xstate.error.actor.payment') {
      return "The payment machine handles every one of its calls' failures in its own states and always ends with an output: it never fails.";
    }
    if (cardAttemptFails(path)) {
      return 'A card attempt ends as failed only when the server cancels its intent (an item paid meanwhile by someone else); a declined card keeps the form open for another card.';
    }
    return null;
  },
};

/**
 * The payment machine in the browser (card and app) on /carrello/pagamento, fresh and resumed after
 * a reload. Each run has the events the reference server and the stand-ins can answer from that
 * start (a card confirmed by the simulated processor is settled at once, so after a confirmation it
 * never reads as waiting; an app payment never needs a 3-D Secure action), which keeps the browser's
 * paths to those it can drive. The reads' outputs stand for the server's answers: the replay makes
 * the server give them (a card, the payer's answer, a fault), the shadow machine checks the screen.
 */
const PAYMENT_LINE = [{ id: 1, tipo: 'articolo' as const }];
const paymentTx = (stato: PaymentTransaction['stato'], errore: string | null = null, azioneRichiesta = false): PaymentTransaction => ({
  id: 'pi_1', metodo: 'carta', stato, azioneRichiesta, importoCent: 600, data: '2026-11-20T09:00:00+01:00', errore, righe: [],
});
export const PAYMENT_MESSAGES = {
  declined: 'La carta è stata rifiutata',
  challengeRefused: 'Autenticazione 3-D Secure non riuscita: il pagamento non è stato addebitato',
};
const pay = {
  submit: { type: 'card.submit', name: 'Laura Rossi' },
  submitBlank: { type: 'card.submit', name: '   ' },
  reopen: { type: 'app.reopen' },
  keepWaiting: { type: 'app.keepWaiting' },
  retry: { type: 'payment.retry' },
  abandon: { type: 'payment.abandon' },
  created: { type: 'xstate.done.actor.createPayment', output: { id: 'pi_1', clientSecret: 'pi_1_secret_x', importoCent: 600 } },
  createFailed: { type: 'xstate.error.actor.createPayment', error: new Error('503') },
  confirmed: { type: 'xstate.done.actor.confirmCard', output: { ok: true } },
  // The same answer from the library, after the bank's challenge was approved (the replay uses the 3-D Secure card).
  confirmedAfterChallenge: { type: 'xstate.done.actor.confirmCard', output: { ok: true, sfida: 'approvata' } },
  declined: { type: 'xstate.done.actor.confirmCard', output: { ok: false, message: PAYMENT_MESSAGES.declined } },
  challengeRefused: { type: 'xstate.done.actor.confirmCard', output: { ok: false, message: PAYMENT_MESSAGES.challengeRefused } },
  confirmThrew: { type: 'xstate.error.actor.confirmCard', error: new TypeError('Failed to fetch') },
  resumed: { type: 'xstate.done.actor.resumeCard', output: { ok: true } },
  resumeRefused: { type: 'xstate.done.actor.resumeCard', output: { ok: false, message: PAYMENT_MESSAGES.challengeRefused } },
  resumeFailed: { type: 'xstate.error.actor.resumeCard', error: new Error('card library unavailable') },
  opened: { type: 'xstate.done.actor.openApp' },
  openFailed: { type: 'xstate.error.actor.openApp', error: new Error('could not load the web button') },
  cancelled: { type: 'xstate.done.actor.cancelApp' },
  cancelFailed: { type: 'xstate.error.actor.cancelApp', error: new Error('503') },
  readPaid: { type: 'xstate.done.actor.readPayment', output: paymentTx('confermato') },
  readCancelled: { type: 'xstate.done.actor.readPayment', output: paymentTx('annullato', 'Pagamento annullato') },
  readWaiting: { type: 'xstate.done.actor.readPayment', output: paymentTx('in_attesa') },
  readDeclined: { type: 'xstate.done.actor.readPayment', output: paymentTx('in_attesa', PAYMENT_MESSAGES.declined) },
  readChallenge: { type: 'xstate.done.actor.readPayment', output: paymentTx('in_attesa', null, true) },
  readFailed: { type: 'xstate.error.actor.readPayment', error: new Error('500') },
} as const;

/**
 * A path built from a scenario's events rather than generated: the traversal tells states apart by
 * their value only, so the forty looks of the app's bounded wait (each back in `waiting`) never
 * reach `unanswered` in the generated paths.
 */
function scenarioPath<M extends AnyStateMachine>(machine: M, input: unknown, events: readonly { type: string }[]): ModelPath<M> {
  let state = getInitialSnapshot(machine, input as never) as SnapshotFrom<M>;
  const steps: ModelPath<M>['steps'] = [{ event: { type: 'xstate.init' } as EventFromLogic<M>, state }];
  for (const event of events) {
    state = getNextSnapshot(machine, state as never, event as never) as SnapshotFrom<M>;
    steps.push({ event: event as EventFromLogic<M>, state });
  }
  return { description: steps.map((st) => st.event.type).join(' → '), steps };
}

export const paymentSuiteModel = {
  inputs: {
    card: { ...paymentModel.card, righe: PAYMENT_LINE },
    app: { ...paymentModel.app, righe: PAYMENT_LINE },
    cardResumed: { ...paymentModel.card, righe: PAYMENT_LINE, id: 'pi_1', clientSecret: 'pi_1_secret_x', importoCent: 600 },
    appResumed: { ...paymentModel.app, righe: PAYMENT_LINE, id: 'sp_1', importoCent: 600 },
  } satisfies Record<string, PaymentInput>,
  events: {
    card: [pay.submit, pay.submitBlank, pay.retry, pay.abandon, pay.created, pay.createFailed, pay.confirmed, pay.confirmedAfterChallenge, pay.declined, pay.challengeRefused, pay.confirmThrew, pay.readPaid, pay.readFailed],
    app: [pay.retry, pay.abandon, pay.reopen, pay.created, pay.createFailed, pay.opened, pay.openFailed, pay.readPaid, pay.readCancelled],
    cardResumed: [pay.submit, pay.submitBlank, pay.retry, pay.abandon, pay.confirmed, pay.declined, pay.resumed, pay.resumeRefused, pay.resumeFailed, pay.readPaid, pay.readCancelled, pay.readDeclined, pay.readChallenge, pay.readFailed],
    appResumed: [pay.retry, pay.abandon, pay.reopen, pay.keepWaiting, pay.opened, pay.cancelled, pay.cancelFailed, pay.readPaid, pay.readCancelled, pay.readWaiting, pay.readFailed],
  },
};

const PAYMENT_RUNS: Record<keyof typeof paymentSuiteModel.inputs, string> = {
  card: 'by card',
  app: 'with the mobile payment app',
  cardResumed: 'by card, after a reload',
  appResumed: 'with the mobile payment app, after a reload while it waits',
};

/** What a step stands for, short: the read's state, the library's answer, the name given. */
function paymentVariant(ev: Record<string, unknown>): string {
  const output = ev.output as { stato?: string; azioneRichiesta?: boolean; errore?: string | null; ok?: boolean; message?: string; sfida?: string } | undefined;
  if (ev.type === 'card.submit') return String(ev.name).trim() === '' ? '(nome vuoto)' : '(nome)';
  if (output?.stato) return `(${output.stato}${output.azioneRichiesta ? ', 3-D Secure da completare' : ''}${output.errore && output.stato === 'in_attesa' ? ', carta rifiutata' : ''})`;
  if (output && 'ok' in output) {
    if (output.ok) return output.sfida ? '(3-D Secure approvata)' : '(ok)';
    return output.message === PAYMENT_MESSAGES.challengeRefused ? '(3-D Secure rifiutata)' : '(carta rifiutata)';
  }
  return '';
}

/** The titler's words, with a run of the same step told once with its count (the bounded wait's looks). */
function paymentTitle(path: AnyPath): string {
  const words = path.steps.slice(1).map((st) => `${st.event.type.replace(/^xstate\./, '')}${paymentVariant(st.event as never)}`);
  const runs: string[] = [];
  for (let i = 0; i < words.length; ) {
    let j = i;
    while (j < words.length && words[j] === words[i]) j++;
    runs.push(j - i > 1 ? `${words[i]} ×${j - i}` : words[i]!);
    i = j;
  }
  return `${runs.join(' → ')} ⇒ ${JSON.stringify(path.steps.at(-1)!.state.value)}`;
}

const LOOKS = APP_POLL_DELAYS_MS.length;
const unansweredScenario = [
  pay.readWaiting,
  ...Array<typeof pay.readWaiting>(LOOKS).fill(pay.readWaiting),
  pay.keepWaiting,
  ...Array<typeof pay.readWaiting>(LOOKS - 1).fill(pay.readWaiting),
  // The last look fails: the bound holds all the same.
  pay.readFailed,
  pay.abandon,
  pay.cancelled,
  pay.readCancelled,
];

const payment: MachineSuite<typeof paymentMachine> = {
  key: 'payment',
  title: 'payment machine in the browser',
  machine: paymentMachine,
  actorIds: ['createPayment', 'confirmCard', 'resumeCard', 'openApp', 'cancelApp', 'readPayment'],
  runs: [
    ...(Object.keys(paymentSuiteModel.inputs) as (keyof typeof paymentSuiteModel.inputs)[]).map((key) => {
      const input = paymentSuiteModel.inputs[key];
      return { label: PAYMENT_RUNS[key], input, paths: transitionPaths(paymentMachine, { events: paymentSuiteModel.events[key] as never, input }) };
    }),
    {
      label: 'with the mobile payment app, unanswered to the bound of the looks',
      input: paymentSuiteModel.inputs.appResumed,
      paths: [scenarioPath(paymentMachine, paymentSuiteModel.inputs.appResumed, unansweredScenario)],
    },
  ],
  titleOf: paymentTitle,
  notDriven(path) {
    const steps = path.steps.slice(1) as unknown as Array<{ event: { type: string } }>;
    if (steps.some((st) => st.event.type === 'xstate.error.actor.confirmCard')) {
      return 'The card library reports every failure of a confirmation as its result ({ error }) and never throws, so «the confirmation threw» cannot happen from the page.';
    }
    const afterCancel = steps.findIndex((st) => st.event.type === 'xstate.done.actor.cancelApp');
    const read = afterCancel >= 0 ? (steps[afterCancel + 1]?.event as { type: string; output?: { stato: string } } | undefined) : undefined;
    if (read?.type === 'xstate.done.actor.readPayment' && read.output?.stato === 'in_attesa') {
      return "The reference server cancels a waiting payment within the cancel call: once the call answered, the payment reads as cancelled or (accepted just before) paid, never as waiting.";
    }
    return null;
  },
};

const stepKey = (step: { event: unknown }) => JSON.stringify(step.event);
const begins = (longer: AnyPath, shorter: AnyPath) =>
  longer.steps.length > shorter.steps.length && shorter.steps.every((st, i) => stepKey(st) === stepKey(longer.steps[i]!));

/**
 * The browser replays a covering set of each run's paths: a path whose steps begin another driven
 * path runs no transition and shows no state that the longer one does not (the replay checks the
 * screen after every step), so only the longer one is replayed. The unit model tests still run
 * every generated path; this only keeps the browser suites' time in proportion.
 */
function covering<M extends AnyStateMachine>(suite: MachineSuite<M>): MachineSuite<M> {
  const driven = (p: ModelPath<M>) => !suite.notDriven?.(p);
  return {
    ...suite,
    runs: suite.runs.map((run) => ({
      ...run,
      paths: run.paths.filter((p) => !run.paths.some((q) => q !== p && driven(q) && begins(q as never, p as never))),
    })),
  };
}

const PUSH_PROBES: Record<string, string> = {
  unsupported: '(browser senza notifiche)',
  denied: '(bloccate)',
  notAsked: '(mai chieste)',
  subscribed: '(già attive)',
};

const pushSubscription: MachineSuite<typeof pushSubscriptionMachine> = {
  key: 'pushSubscription',
  fullBrowser: true,
  title: 'push subscription machine in the browser',
  machine: pushSubscriptionMachine,
  actorIds: ['probe', 'subscribe', 'unsubscribe'],
  runs: [{ paths: transitionPaths(pushSubscriptionMachine, { events: pushSubscriptionModel.events }) }],
  titleOf: titler((ev) => {
    if (ev.type === 'xstate.done.actor.probe') {
      const key = Object.entries(pushSubscriptionModel.probes).find(([, p]) => p === ev.output)?.[0];
      return key ? (PUSH_PROBES[key] ?? '') : '';
    }
    if (ev.type === 'xstate.error.actor.probe') return '(service worker assente)';
    if (ev.type === 'xstate.error.actor.subscribe') return ev.error === pushSubscriptionModel.refused ? '(permesso negato)' : '(errore del server)';
    if (ev.type === 'xstate.error.actor.unsubscribe') return '(errore del server)';
    return '';
  }),
};

export const MACHINE_SUITES: MachineSuite[] = [
  justification,
  booking,
  session,
  studentSwitch,
  passwordChange,
  apiErrorDialog,
  slotBooking,
  workExperience,
  mealBooking,
  dailyService,
  composer,
  cart,
  taxConsent,
  checkout,
  payment,
  pushSubscription,
].map((suite) => covering(suite as MachineSuite)) as never;

export function suiteOf(key: string): MachineSuite {
  const suite = MACHINE_SUITES.find((s) => s.key === key);
  if (!suite) throw new Error(`No transition suite ${key}`);
  return suite;
}
