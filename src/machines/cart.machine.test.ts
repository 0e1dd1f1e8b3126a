import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine, type CartEvent, type CartInput } from './cart.machine';
import { cartModel } from './testing/cart.model';
import { replayPath, transitionPaths, transitionRecorder } from './testing/model';

const { items } = cartModel;

function run(input: CartInput, recorder = transitionRecorder()) {
  return createActor(cartMachine, { input, inspect: recorder.inspect }).start();
}

describe('cart machine, model-based', () => {
  const recorder = transitionRecorder();
  for (const [label, input] of Object.entries(cartModel.inputs)) {
    const paths = transitionPaths(cartMachine, { events: cartModel.events, input });
    it(`has paths to test (${label})`, () => expect(paths.length).toBeGreaterThanOrEqual(5));

    for (const path of paths) {
      it(`${label}: ${path.description}`, async () => {
        const actor = run(input, recorder);
        const snap = await replayPath(actor, path, {
          onStep: (step, now, before) => {
            const ev = step.event as CartEvent;
            const ids = (s: typeof now) => s.context.items.map((i) => i.cart_id);
            // The state says whether anything is in the cart.
            expect(now.matches('filled')).toBe(now.context.items.length > 0);
            // A cart_id is never there twice.
            expect(new Set(ids(now)).size).toBe(ids(now).length);
            switch (ev.type) {
              case 'cart.added':
                expect(ids(now)).toContain(ev.item.cart_id);
                if (ids(before).includes(ev.item.cart_id)) expect(now.context.items).toBe(before.context.items);
                break;
              case 'cart.removed':
                expect(ids(now)).not.toContain(ev.cart_id);
                expect(now.context.items).toHaveLength(before.context.items.length - 1);
                expect(now.context.paymentIds).toEqual([]);
                break;
              case 'cart.quantitySet':
                expect(now.context.items.find((i) => i.cart_id === ev.cart_id)?.quantita).toBe(ev.quantita);
                break;
              case 'cart.optionsSet':
                expect(now.context.items.find((i) => i.cart_id === ev.cart_id)?.opzioni).toEqual(ev.opzioni);
                expect(now.context.paymentIds).toEqual([]);
                break;
              case 'cart.paymentStarted':
                expect(now.context.paymentIds).toContain(ev.paymentId);
                expect(now.context.paymentDetails).toMatchObject(ev.details ?? {});
                expect(now.context.items).toBe(before.context.items);
                break;
              case 'cart.emptied':
              case 'cart.paid':
                expect(now.context).toEqual({ items: [], paymentIds: [], paymentDetails: null });
                break;
            }
          },
        });
        expect(['empty', 'filled']).toContain(snap.value);
      });
    }
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(cartMachine)).toEqual([]);
  });
});

describe('cart rules', () => {
  it('starts from what the tab had stored', () => {
    const actor = run({ items: [items.fee] });
    expect(actor.getSnapshot().value).toBe('filled');
    expect(actor.getSnapshot().context.items).toEqual([items.fee]);
  });

  it('does not take an item whose quantity breaks its rules, nor a quantity that does', () => {
    const actor = run({ items: [] });
    actor.send({ type: 'cart.added', item: items.badNotebooks });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'cart.added', item: items.notebooks });
    actor.send({ type: 'cart.quantitySet', cart_id: items.notebooks.cart_id, quantita: 7 });
    actor.send({ type: 'cart.quantitySet', cart_id: items.notebooks.cart_id, quantita: 55 });
    expect(actor.getSnapshot().context.items[0]!.quantita).toBe(5);
    actor.send({ type: 'cart.quantitySet', cart_id: items.notebooks.cart_id, quantita: 15 });
    expect(actor.getSnapshot().context.items[0]!.quantita).toBe(15);
  });

  it('forgets a started payment when the items change, and on emptying', () => {
    const actor = run({ items: [items.fee, items.notebooks] });
    actor.send({ type: 'cart.paymentStarted', paymentId: 'pi_1', details: { metodo: 'carta' } });
    actor.send({ type: 'cart.paymentStarted', paymentId: 'pi_1' });
    expect(actor.getSnapshot().context.paymentIds).toEqual(['pi_1']);
    actor.send({ type: 'cart.quantitySet', cart_id: items.notebooks.cart_id, quantita: 10 });
    expect(actor.getSnapshot().context).toMatchObject({ paymentIds: [], paymentDetails: null });
    actor.send({ type: 'cart.paymentStarted', paymentId: 'sp_2', details: { metodo: 'app' } });
    actor.send({ type: 'cart.paid' });
    expect(actor.getSnapshot().context).toEqual({ items: [], paymentIds: [], paymentDetails: null });
  });

  it('ignores a payment started on an empty cart', () => {
    const actor = run({ items: [] });
    actor.send({ type: 'cart.paymentStarted', paymentId: 'pi_1' });
    expect(actor.getSnapshot().context.paymentIds).toEqual([]);
  });
});
