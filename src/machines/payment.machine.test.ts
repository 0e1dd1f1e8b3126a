import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { ActionFailure } from '../domain/failure';
import { APP_POLL_DELAYS_MS, type PaymentTransaction } from '../domain/checkout';
import { paymentMachine, type PaymentEvent, type PaymentInput } from './payment.machine';
import { paymentModel } from './testing/payment.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

const tx = (stato: PaymentTransaction['stato'], errore: string | null = null, azioneRichiesta = false): PaymentTransaction => ({
  id: 'pi_1', metodo: 'carta', stato, azioneRichiesta, importoCent: 12_000, data: '2026-11-20T09:00:00+01:00', errore,
  righe: [{ cartId: 'pagamento_12', id: 12, tipo: 'pagamento', descrizione: 'Contributo volontario', quantita: 1, importoCent: 12_000 }],
});

const events: (PaymentEvent | AnyEventObject)[] = [
  { type: 'card.submit', name: 'Laura Rossi' },
  { type: 'card.submit', name: '   ' },
  { type: 'app.reopen' },
  { type: 'app.keepWaiting' },
  { type: 'payment.retry' },
  { type: 'payment.abandon' },
  { type: 'xstate.done.actor.createPayment', output: { id: 'pi_1', clientSecret: 'pi_1_secret_x', importoCent: 12_000 } },
  { type: 'xstate.error.actor.createPayment', error: { status: 409, detail: null, error: '«Contributo volontario» risulta già pagato' } satisfies ActionFailure },
  { type: 'xstate.done.actor.confirmCard', output: { ok: true } },
  { type: 'xstate.done.actor.confirmCard', output: { ok: false, message: 'La carta è stata rifiutata' } },
  { type: 'xstate.error.actor.confirmCard', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.resumeCard', output: { ok: true } },
  { type: 'xstate.done.actor.resumeCard', output: { ok: false, message: 'Autenticazione 3-D Secure non riuscita: il pagamento non è stato addebitato' } },
  { type: 'xstate.error.actor.resumeCard', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.cancelApp' },
  { type: 'xstate.error.actor.cancelApp', error: { status: 500, detail: null, error: null } satisfies ActionFailure },
  { type: 'xstate.done.actor.openApp' },
  { type: 'xstate.error.actor.openApp', error: new Error('script not loaded') },
  { type: 'xstate.done.actor.readPayment', output: tx('confermato') },
  { type: 'xstate.done.actor.readPayment', output: tx('annullato', '«Contributo volontario» risulta già pagato: il pagamento è stato annullato senza addebito') },
  { type: 'xstate.done.actor.readPayment', output: tx('in_attesa', 'La carta è stata rifiutata') },
  { type: 'xstate.done.actor.readPayment', output: tx('in_attesa', null, true) },
  { type: 'xstate.error.actor.readPayment', error: { status: 500, detail: null, error: null } satisfies ActionFailure },
];

const ACTORS = ['createPayment', 'confirmCard', 'resumeCard', 'openApp', 'cancelApp', 'readPayment'] as const;

function run(recorder: ReturnType<typeof transitionRecorder>, input: PaymentInput) {
  const control = controlledActors(ACTORS);
  const calls: Record<(typeof ACTORS)[number], unknown[]> = { createPayment: [], confirmCard: [], resumeCard: [], openApp: [], cancelApp: [], readPayment: [] };
  const emitted: AnyEventObject[] = [];
  const actor = createActor(paymentMachine.provide({ actors: control.actors as never }), {
    input,
    inspect: (ev) => {
      recorder.inspect(ev);
      const id = (ev.actorRef as { id?: string }).id as (typeof ACTORS)[number] | undefined;
      if (ev.type === '@xstate.actor' && id && id in calls) calls[id].push(null);
    },
  });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, control, calls, emitted };
}

const inputs: Record<string, PaymentInput> = {
  card: paymentModel.card,
  app: paymentModel.app,
  'card resumed': { ...paymentModel.card, id: 'pi_1', clientSecret: 'pi_1_secret_x', importoCent: 12_000 },
  'app resumed': { ...paymentModel.app, id: 'sp_1', importoCent: 12_000 },
};

describe('payment machine, model-based', () => {
  const recorder = transitionRecorder();

  for (const [name, input] of Object.entries(inputs)) {
    const paths = transitionPaths(paymentMachine, { events: events as PaymentEvent[], input });
    it(`${name}: has paths to test`, () => expect(paths.length).toBeGreaterThanOrEqual(8));

    for (const path of paths) {
      it(`${name}: ${path.description}`, async () => {
        const h = run(recorder, input);
        const snap = await replayPath(h.actor, path, { control: h.control });
        const last = path.steps.at(-1)!.event as unknown as { type: string; name?: string; output?: { ok: boolean } };

        // The attempt's key never changes, whatever the retries: never a second charge.
        expect(snap.context.idempotencyKey).toBe(input.idempotencyKey);
        if (snap.matches('creating')) {
          expect(h.control.inputOf('createPayment')).toEqual({ metodo: input.metodo, righe: input.righe, idempotencyKey: input.idempotencyKey });
          // Kept in the tab before the call goes out.
          expect(h.emitted.filter((e) => e.type === 'payment.pending').at(0)).toMatchObject({ pending: { idempotencyKey: input.idempotencyKey } });
        }
        if (last.type === 'xstate.done.actor.createPayment') {
          expect(h.emitted.at(-1)).toMatchObject({ type: 'payment.pending', pending: { id: 'pi_1', idempotencyKey: input.idempotencyKey } });
        }
        if (snap.matches({ card: 'confirming' })) {
          expect(h.control.inputOf('confirmCard')).toEqual({ clientSecret: snap.context.clientSecret, name: 'Laura Rossi' });
        }
        if (last.type === 'card.submit' && (last.name ?? '').trim() === '') {
          expect(snap.context.message).toBe('nameRequired');
          expect(h.calls.confirmCard).toHaveLength(0);
        }
        if (last.type === 'xstate.done.actor.confirmCard' && !last.output?.ok) {
          expect(snap.value).toEqual({ card: 'editing' });
          expect(snap.context.message).toBe('La carta è stata rifiutata');
        }
        if (last.type === 'xstate.error.actor.confirmCard') expect(snap.value).toBe('reading');
        if (snap.matches('reading') || snap.matches({ app: 'cancelChecking' })) {
          expect(h.control.inputOf('readPayment')).toEqual({ id: snap.context.id, waitMs: 0 });
        }
        // A reload during the challenge resumes it on the same intent, never a new card form first.
        if (snap.matches({ card: 'resuming' })) {
          expect(h.control.inputOf('resumeCard')).toEqual({ clientSecret: snap.context.clientSecret });
          if (!path.steps.some((s) => s.event.type === 'card.submit')) expect(h.calls.confirmCard).toHaveLength(0);
        }
        if (last.type === 'xstate.done.actor.resumeCard' && !last.output?.ok) {
          expect(snap.value).toEqual({ card: 'editing' });
          expect(snap.context.message).toContain('3-D Secure');
        }
        if (last.type === 'xstate.error.actor.resumeCard') expect(snap.value).toBe('readFailed');
        // Stopping the app's wait cancels the payment with the provider, then asks what it became.
        if (snap.matches({ app: 'cancelling' })) expect(h.control.inputOf('cancelApp')).toEqual({ id: snap.context.id });
        if (last.type === 'xstate.done.actor.cancelApp') expect(snap.value).toEqual({ app: 'cancelChecking' });
        if (snap.matches({ app: 'cancelFailed' })) {
          // Never ended while the payment may still be answered: nothing told to forget it.
          expect(h.emitted.filter((e) => e.type === 'payment.ended')).toHaveLength(0);
          if (last.type === 'xstate.error.actor.cancelApp') expect(snap.context.failure).toMatchObject({ status: 500 });
        }
        const cancelledBefore = path.steps.some((s) => (s.event as { type: string }).type === 'xstate.done.actor.cancelApp');
        if (cancelledBefore && snap.matches('succeeded')) expect(snap.output).toMatchObject({ kind: 'paid' });
        if (cancelledBefore && snap.matches('abandoned')) expect(snap.context.transaction?.stato).toBe('annullato');
        if (snap.matches('abandoned') && input.metodo === 'app' && snap.context.id !== null) {
          // An app payment the server knows ends as abandoned only after its cancel.
          expect(cancelledBefore).toBe(true);
        }
        if (snap.matches({ app: 'waiting' })) {
          expect(h.control.inputOf('readPayment')).toEqual({ id: snap.context.id, waitMs: APP_POLL_DELAYS_MS[snap.context.attempt] });
        }
        if (snap.matches({ app: 'opening' })) expect(h.control.inputOf('openApp')).toEqual({ id: snap.context.id });
        if (snap.matches('succeeded')) {
          expect(snap.output).toEqual({ kind: 'paid', transaction: tx('confermato') });
          expect(h.emitted.at(-1)).toEqual({ type: 'payment.ended' });
        }
        if (snap.matches('failed')) expect(snap.output).toEqual({ kind: 'failed', message: expect.stringContaining('senza addebito') });
        if (snap.matches('abandoned')) expect(snap.output).toEqual({ kind: 'abandoned' });
        if (snap.matches('createFailed')) expect(snap.context.failure).toMatchObject({ status: 409 });
        // Only a resumed attempt skips the checkout call; every other one makes exactly one per entry.
        if (input.id !== null) expect(h.calls.createPayment.length).toBe(path.steps.filter((s) => s.event.type === 'payment.retry' && (s.state as { value: unknown }).value === 'creating').length);
      });
    }
  }

  it('app: stops looking after the bounded number of looks and asks whether to keep waiting', async () => {
    const h = run(recorder, inputs['app resumed']!);
    await settled();
    h.control.settle({ type: 'xstate.done.actor.readPayment', output: tx('in_attesa') });
    await settled();
    for (let i = 0; i < APP_POLL_DELAYS_MS.length; i++) {
      expect(h.actor.getSnapshot().value).toEqual({ app: 'waiting' });
      h.control.settle({ type: 'xstate.done.actor.readPayment', output: tx('in_attesa') });
      await settled();
    }
    expect(h.actor.getSnapshot().value).toEqual({ app: 'unanswered' });
    // 1 resume read + 40 looks, and no more.
    expect(h.calls.readPayment).toHaveLength(1 + APP_POLL_DELAYS_MS.length);
    h.actor.send({ type: 'app.keepWaiting' });
    expect(h.actor.getSnapshot().context.attempt).toBe(0);
  });

  it('exhausts the looks also when the last look fails', async () => {
    const h = run(recorder, inputs['app resumed']!);
    await settled();
    h.control.settle({ type: 'xstate.done.actor.readPayment', output: tx('in_attesa') });
    await settled();
    for (let i = 0; i < APP_POLL_DELAYS_MS.length; i++) {
      h.control.settle({ type: 'xstate.error.actor.readPayment', error: new TypeError('offline') });
      await settled();
    }
    expect(h.actor.getSnapshot().value).toEqual({ app: 'unanswered' });
    h.actor.send({ type: 'payment.abandon' });
    await settled();
    expect(h.actor.getSnapshot().value).toEqual({ app: 'cancelling' });
    h.control.settle({ type: 'xstate.done.actor.cancelApp' });
    await settled();
    h.control.settle({ type: 'xstate.done.actor.readPayment', output: tx('annullato', 'Pagamento annullato') });
    await settled();
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'abandoned' });
  });

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(paymentMachine)).toEqual([]);
  });
});

describe('payment rules', () => {
  it('a cancel that comes after the payer accepted ends paid, with the receipt', async () => {
    const h = run(transitionRecorder(), inputs['app resumed']!);
    await settled();
    h.control.settle({ type: 'xstate.done.actor.readPayment', output: tx('in_attesa') });
    await settled();
    h.actor.send({ type: 'payment.abandon' });
    await settled();
    h.control.settle({ type: 'xstate.done.actor.cancelApp' });
    await settled();
    h.control.settle({ type: 'xstate.done.actor.readPayment', output: tx('confermato') });
    await settled();
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'paid', transaction: tx('confermato') });
    expect(h.calls.cancelApp).toHaveLength(1);
  });

  it('a double submission confirms the card once', async () => {
    const h = run(transitionRecorder(), inputs['card resumed']!);
    await settled();
    h.control.settle({ type: 'xstate.done.actor.readPayment', output: tx('in_attesa') });
    await settled();
    h.actor.send({ type: 'card.submit', name: 'Laura Rossi' });
    h.actor.send({ type: 'card.submit', name: 'Laura Rossi' });
    await settled();
    expect(h.calls.confirmCard).toHaveLength(1);
  });

  it('a retry after a failed checkout call sends the same key', async () => {
    const h = run(transitionRecorder(), paymentModel.card);
    await settled();
    const first = h.control.inputOf('createPayment');
    h.control.settle({ type: 'xstate.error.actor.createPayment', error: new TypeError('Failed to fetch') });
    await settled();
    h.actor.send({ type: 'payment.retry' });
    await settled();
    expect(h.control.inputOf('createPayment')).toEqual(first);
    expect(h.calls.createPayment).toHaveLength(2);
  });
});
