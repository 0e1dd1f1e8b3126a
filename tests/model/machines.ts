/**
 * The machines that drive a screen, with the paths their browser suites replay: read by the suites
 * (tests/model/*.model.ts) and by the report (report.ts), so both speak of the same paths with the
 * same titles. A path the browser cannot drive is declared here with the reason, never dropped.
 */
import { createActor, type AnyStateMachine } from 'xstate';
import { transitionPaths, type ModelPath } from '../../src/machines/testing/model';
import { justificationMachine, justificationModel } from '../../src/machines/justification.machine';
import { entryExitBookingMachine, entryExitBookingModel } from '../../src/machines/entryExitBooking.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import { studentSwitchMachine } from '../../src/machines/studentSwitch.machine';
import { passwordChangeMachine } from '../../src/machines/passwordChange.machine';
import { apiErrorDialogMachine } from '../../src/machines/apiErrorDialog.machine';
import { sessionModel } from '../../src/machines/testing/session.model';
import { studentSwitchModel } from '../../src/machines/testing/studentSwitch.model';
import { passwordChangeModel } from '../../src/machines/testing/passwordChange.model';
import { apiErrorDialogModel } from '../../src/machines/testing/apiErrorDialog.model';
import type { JustificationResult } from '../../src/domain/absences';
import { slotBookingMachine, slotBookingModel } from '../../src/machines/slotBooking.machine';
import { workExperienceMachine, workExperienceModel } from '../../src/machines/workExperience.machine';
import { mealBookingMachine, mealBookingModel } from '../../src/machines/mealBooking.machine';
import { dailyServiceMachine, dailyServiceModel } from '../../src/machines/dailyService.machine';
import { composerMachine } from '../../src/machines/composer.machine';
import { composerModel } from '../../src/machines/testing/composer.model';
import { cartMachine, cartModel } from '../../src/machines/cart.machine';
import { taxConsentMachine, taxConsentModel } from '../../src/machines/taxConsent.machine';
import { checkoutMachine, type CheckoutInput } from '../../src/machines/checkout.machine';
import type { CartItem } from '../../src/domain/cart';

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
  actorIds: ['login', 'validate', 'loadStudent'],
  runs: Object.entries(sessionModel.inputs).map(([label, input]) => ({
    label: label === 'fresh' ? 'from a fresh tab' : 'from a reload with a saved session',
    input,
    paths: transitionPaths(sessionMachine, { events: sessionModel.events, input }),
  })),
  titleOf: titler((ev) => {
    if (ev.output === sessionModel.noStudents) return '(nessuno studente)';
    if (ev.output === sessionModel.noUser) return '(nessun utente)';
    if (ev.type === 'session.scopeChanged') return '(anno precedente)';
    return '';
  }),
  notDriven(path) {
    const events = eventTypes(path);
    const last = events.at(-1)!;
    const state = path.steps.at(-2)!.state;
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
  actorIds: ['changeScope', 'returnHome'],
  runs: [{ paths: transitionPaths(studentSwitchMachine, { events: studentSwitchModel.events }) }],
  titleOf: titler((ev) => {
    if (ev.type === 'switch.requested') return ev.scope === studentSwitchModel.giulia ? '(Giulia Rossi)' : '(anno precedente)';
    if (ev.type === 'xstate.error.actor.changeScope') return ev.error instanceof TypeError ? '(errore inatteso)' : '(dati dello studente)';
    return '';
  }),
  notDriven(path) {
    const last = path.steps.at(-1)!.event as { type: string; error?: unknown };
    if (last.type === 'xstate.error.actor.changeScope' && last.error instanceof TypeError) {
      return "changeScope only ever rejects with the session's StudentSwitchError: a foreign error would be a bug of the client, which no server answer causes.";
    }
    if (last.type === 'xstate.error.actor.returnHome') {
      return "returnHome fails only when the router's own navigation to /home is cancelled inside the client; nothing the server or the user does makes it fail.";
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
    const output = ev.output as { attivo?: boolean } | undefined;
    if (output) return output.attivo === false ? '(scelta chiusa)' : '(applicata)';
    if (ev.type === 'xstate.error.actor.changeConsent') return ev.error instanceof Error && ev.error.name === 'TaxChangeRefused' ? '(rifiutata)' : '(errore del server)';
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
].map((suite) => covering(suite as MachineSuite)) as never;

export function suiteOf(key: string): MachineSuite {
  const suite = MACHINE_SUITES.find((s) => s.key === key);
  if (!suite) throw new Error(`No transition suite ${key}`);
  return suite;
}
