import { assign, setup } from 'xstate';
import { quantityProblem, type CartItem, type CartOption } from '../domain/cart';

export interface CartInput {
  /** What the tab's storage held for this student and year (docs/product.md#payments: the cart survives a reload). */
  items: CartItem[];
}

export interface CartContext {
  items: CartItem[];
  /**
   * The payments the checkout started for these items (PaymentIntent or app payment ids) and what
   * it needs to follow them: they belong to this cart, so emptying it forgets them (docs/product.md#payments).
   */
  paymentIds: string[];
  paymentDetails: Record<string, unknown> | null;
}

export type CartEvent =
  | { type: 'cart.added'; item: CartItem }
  | { type: 'cart.removed'; cart_id: string }
  | { type: 'cart.quantitySet'; cart_id: string; quantita: number }
  | { type: 'cart.optionsSet'; cart_id: string; opzioni: CartOption[] }
  | { type: 'cart.paymentStarted'; paymentId: string; details?: Record<string, unknown> }
  /** The family emptied it, or the student, year or user changed. */
  | { type: 'cart.emptied' }
  /** The checkout saw the payment confirmed: what was in the cart is paid. */
  | { type: 'cart.paid' };

const has = (items: readonly CartItem[], cartId: string) => items.some((i) => i.cart_id === cartId);
const update = (items: CartItem[], cartId: string, change: Partial<CartItem>) => items.map((i) => (i.cart_id === cartId ? { ...i, ...change } : i));

const EMPTY = { items: [] as CartItem[], paymentIds: [] as string[], paymentDetails: null };

/**
 * The cart (docs/product.md#payments, design card "cart checkout"): items keyed by `cart_id`, each with its quantity
 * and options. An item already in the cart is not added twice, a quantity outside the item's rules
 * (docs/product.md#payments) is not kept, and emptying (by the family, a student or year switch, sign-out, or a
 * confirmed payment) also forgets the payments started for it. A change of items also forgets
 * them: a payment started for another cart must not be followed as if it paid this one.
 */
export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    alreadyIn: ({ context }, p: { cart_id: string }) => has(context.items, p.cart_id),
    validItem: (_, p: { item: CartItem }) => quantityProblem(p.item, p.item.quantita) === null,
    isLastItem: ({ context }, p: { cart_id: string }) => context.items.length === 1 && has(context.items, p.cart_id),
    isInCart: ({ context }, p: { cart_id: string }) => has(context.items, p.cart_id),
    validQuantity: ({ context }, p: { cart_id: string; quantita: number }) => {
      const item = context.items.find((i) => i.cart_id === p.cart_id);
      return item !== undefined && quantityProblem(item, p.quantita) === null;
    },
  },
  actions: {
    add: assign({ items: ({ context }, p: { item: CartItem }) => [...context.items, p.item], paymentIds: [], paymentDetails: null }),
    empty: assign(EMPTY),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ ...EMPTY, items: input.items }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasItems', target: 'filled' }, { target: 'empty' }],
    },
    empty: {
      on: {
        'cart.added': {
          guard: { type: 'validItem', params: ({ event }) => ({ item: event.item }) },
          target: 'filled',
          actions: { type: 'add', params: ({ event }) => ({ item: event.item }) },
        },
      },
    },
    filled: {
      on: {
        'cart.added': [
          { guard: { type: 'alreadyIn', params: ({ event }) => ({ cart_id: event.item.cart_id }) } },
          { guard: { type: 'validItem', params: ({ event }) => ({ item: event.item }) }, actions: { type: 'add', params: ({ event }) => ({ item: event.item }) } },
        ],
        'cart.removed': [
          { guard: { type: 'isLastItem', params: ({ event }) => ({ cart_id: event.cart_id }) }, target: 'empty', actions: 'empty' },
          {
            guard: { type: 'isInCart', params: ({ event }) => ({ cart_id: event.cart_id }) },
            actions: assign({ items: ({ context, event }) => context.items.filter((i) => i.cart_id !== event.cart_id), paymentIds: [], paymentDetails: null }),
          },
        ],
        'cart.quantitySet': {
          guard: { type: 'validQuantity', params: ({ event }) => ({ cart_id: event.cart_id, quantita: event.quantita }) },
          actions: assign({ items: ({ context, event }) => update(context.items, event.cart_id, { quantita: event.quantita }), paymentIds: [], paymentDetails: null }),
        },
        'cart.optionsSet': {
          guard: { type: 'isInCart', params: ({ event }) => ({ cart_id: event.cart_id }) },
          actions: assign({ items: ({ context, event }) => update(context.items, event.cart_id, { opzioni: event.opzioni }), paymentIds: [], paymentDetails: null }),
        },
        'cart.paymentStarted': {
          actions: assign({
            paymentIds: ({ context, event }) => (context.paymentIds.includes(event.paymentId) ? context.paymentIds : [...context.paymentIds, event.paymentId]),
            paymentDetails: ({ context, event }) => (event.details ? { ...context.paymentDetails, ...event.details } : context.paymentDetails),
          }),
        },
        'cart.emptied': { target: 'empty', actions: 'empty' },
        'cart.paid': { target: 'empty', actions: 'empty' },
      },
    },
  },
});

export type CartActor = import('xstate').ActorRefFrom<typeof cartMachine>;
