import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { CartItem } from '../domain/cart';
import { IDEMPOTENCY_KEY, type PaymentTransaction } from '../domain/checkout';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput } from './checkout.machine';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

const item = (over: Partial<CartItem>): CartItem => ({
  cart_id: 'pagamento_12', id: 12, tipo: 'pagamento', nome: 'Laboratorio teatrale', prezzoUnitarioCent: 4_500, prezzoScontatoCent: 4_500,
  sconto: null, quantita: 1, quantitaMinima: 1, quantitaMassima: 1, passo: 1, opzioni: [], pagamentoCarta: true, pagamentoApp: false, ...over,
});
const cardOnly = item({});
const both = item({ cart_id: 'articolo_3', id: 3, tipo: 'articolo', nome: 'Felpa', quantita: 2, opzioni: [{ id: 'taglia', valore: 'M' }], pagamentoApp: true });

const receipt: PaymentTransaction = {
  id: 'pi_1', metodo: 'carta', stato: 'confermato', azioneRichiesta: false, importoCent: 9_000, data: '2026-11-20T09:00:00+01:00', errore: null,
  righe: [{ cartId: 'pagamento_12', id: 12, tipo: 'pagamento', descrizione: 'Laboratorio teatrale', quantita: 1, importoCent: 4_500 }],
};

const events: (CheckoutEvent | AnyEventObject)[] = [
  { type: 'checkout.choose', metodo: 'carta' },
  { type: 'checkout.choose', metodo: 'app' },
  { type: 'checkout.arrange' },
  { type: 'checkout.back' },
  { type: 'xstate.done.actor.payment', output: { kind: 'paid', transaction: receipt } },
  { type: 'xstate.done.actor.payment', output: { kind: 'failed', message: '«Laboratorio teatrale» risulta già pagato: il pagamento è stato annullato senza addebito' } },
  { type: 'xstate.done.actor.payment', output: { kind: 'abandoned' } },
  { type: 'xstate.error.actor.payment', error: new Error('unexpected') },
];

const inputs: Record<string, CheckoutInput> = {
  'a card-only item and a product': { items: [cardOnly, both], resume: null },
  'a reload mid-payment': {
    items: [cardOnly, both],
    resume: { metodo: 'carta', idempotencyKey: 'portale-kept-key', righe: [{ id: 12, tipo: 'pagamento' }], id: 'pi_1', clientSecret: 'pi_1_secret_x', importoCent: 4_500 },
  },
};

function run(recorder: ReturnType<typeof transitionRecorder>, input: CheckoutInput) {
  const control = controlledActors(['payment'] as const);
  const paid: unknown[] = [];
  let payments = 0;
  const actor = createActor(checkoutMachine.provide({ actors: control.actors as never }), {
    input,
    inspect: (ev) => {
      recorder.inspect(ev);
      if (ev.type === '@xstate.actor' && (ev.actorRef as { id?: string }).id === 'payment') payments += 1;
    },
  });
  actor.on('checkout.paid', (e) => paid.push(e.receipt));
  const kept: unknown[] = [];
  actor.on('checkout.attemptStarted', (e) => kept.push(e.attempt));
  actor.on('checkout.attemptEnded', () => kept.push(null));
  const unpaid: string[] = [];
  actor.on('checkout.unpaid', (e) => unpaid.push(e.outcome));
  actor.start();
  return { actor, control, paid, kept, unpaid, payments: () => payments };
}

describe('checkout machine, model-based', () => {
  const recorder = transitionRecorder();
  for (const [name, input] of Object.entries(inputs)) {
    const paths = transitionPaths(checkoutMachine, { events: events as CheckoutEvent[], input });
    it(`${name}: has paths to test`, () => expect(paths.length).toBeGreaterThanOrEqual(input.resume ? 4 : 8));

    for (const path of paths) {
      it(`${name}: ${path.description}`, async () => {
        const h = run(recorder, input);
        const snap = await replayPath(h.actor, path, { control: h.control });
        const last = path.steps.at(-1)!.event as unknown as { type: string; metodo?: string; output?: { kind: string } };
        const payingEntries = path.steps.filter((s, i) => (s.state as { value: unknown }).value === 'paying' && (i === 0 || (path.steps[i - 1]!.state as { value: unknown }).value !== 'paying')).length;
        expect(h.payments()).toBe(payingEntries);

        if (snap.matches('paying')) {
          const attempt = h.control.inputOf('payment') as CheckoutInput['resume'];
          if (input.resume && payingEntries === 1 && path.steps.length <= 2) {
            // Resumed as kept: same key, same intent.
            expect(attempt).toEqual(input.resume);
          } else {
            expect(attempt).toMatchObject({ metodo: 'carta', id: null, righe: [{ id: 12, tipo: 'pagamento' }, { id: 3, tipo: 'articolo', quantita: 2, opzioni: [{ id: 'taglia', valore: 'M' }] }] });
            expect(attempt!.idempotencyKey).toMatch(IDEMPOTENCY_KEY);
            expect(attempt!.idempotencyKey).not.toBe('portale-kept-key');
          }
        }
        // The app is blocked by the card-only item: choosing it does nothing.
        if (last.type === 'checkout.choose' && last.metodo === 'app') expect(snap.value).toBe('choosing');
        if (snap.matches('paid')) {
          expect(snap.context.receipt).toEqual(receipt);
          expect(h.paid).toEqual([receipt]);
        } else {
          expect(h.paid).toEqual([]);
        }
        if (last.type === 'xstate.done.actor.payment' && last.output?.kind === 'failed') {
          expect(snap.context.message).toContain('senza addebito');
        }
        if (snap.matches('choosing')) expect(snap.context.attempt).toBeNull();
        // An attempt that ends unpaid says how: refused by the server (its words shown) or left.
        if ((last.type === 'xstate.done.actor.payment' && last.output?.kind !== 'paid') || last.type === 'xstate.error.actor.payment') {
          expect(h.unpaid.at(-1)).toBe(last.output?.kind === 'failed' ? 'annullato' : 'abbandonato');
        }
        // The tab keeps the attempt from before its first call until it ends, whatever the end.
        if (snap.matches('paying')) expect(h.kept.at(-1)).toEqual(h.control.inputOf('payment'));
        else if (h.kept.length > 0) expect(h.kept.at(-1)).toBeNull();
      });
    }
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(checkoutMachine)).toEqual([]);
  });
});

describe('checkout rules', () => {
  it('takes a new key for each attempt, never the last one again', async () => {
    const h = run(transitionRecorder(), { items: [both], resume: null });
    h.actor.send({ type: 'checkout.choose', metodo: 'app' });
    await settled();
    const first = (h.control.inputOf('payment') as { idempotencyKey: string }).idempotencyKey;
    h.control.settle({ type: 'xstate.done.actor.payment', output: { kind: 'abandoned' } });
    await settled();
    h.actor.send({ type: 'checkout.choose', metodo: 'app' });
    await settled();
    expect((h.control.inputOf('payment') as { idempotencyKey: string }).idempotencyKey).not.toBe(first);
  });

  it('offers nothing for an empty cart', () => {
    const h = run(transitionRecorder(), { items: [], resume: null });
    h.actor.send({ type: 'checkout.choose', metodo: 'carta' });
    expect(h.actor.getSnapshot().value).toBe('choosing');
  });
});
