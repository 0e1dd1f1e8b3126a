import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { cartCount, restoredItems, type CartItem } from '../../domain/cart';
import type { StudentScope } from '../../domain/student';
import { privateKey, readJson, remove, write } from '../../domain/tabStorage';
import { cartMachine, type CartActor, type CartEvent } from '../../machines/cart.machine';
import { useSessionActor } from './session';

/** docs/product.md#payments: the cart survives a reload of the tab, per student and year. */
export const cartStorageKey = (scope: StudentScope) => privateKey('carrello', scope.id_studente, scope.anno);

const CartContext = createContext<CartActor | null>(null);

/**
 * The one cart of the signed-in area (and of the mobile pages). It is read from the tab's storage of the open student and year,
 * and every change is written back (removed when empty). A student or year switch and sign-out
 * remove the stored copy (`clearPrivate`); the layout's switch and the session's end also empty
 * the actor, so nothing of the previous student stays on screen until the next reload.
 */
export function CartProvider({ scope, children }: { scope: StudentScope; children: ReactNode }) {
  const session = useSessionActor();
  const [restored] = useState(() => restoredItems(readJson(sessionStorage, cartStorageKey(scope))));
  const actor = useActorRef(cartMachine, { input: { items: restored } });
  const key = cartStorageKey(scope);

  useEffect(() => {
    // Changes only: the restored snapshot is what storage already holds.
    const sub = actor.subscribe((s) => {
      if (s.context.items.length === 0) remove(sessionStorage, key);
      else write(sessionStorage, key, { items: s.context.items });
    });
    return () => sub.unsubscribe();
  }, [actor, key]);

  useEffect(() => {
    const sub = session.subscribe((s) => {
      if (!s.matches('authenticated')) actor.send({ type: 'cart.emptied' });
    });
    return () => sub.unsubscribe();
  }, [session, actor]);

  return <CartContext.Provider value={actor}>{children}</CartContext.Provider>;
}

const noItems: CartItem[] = [];

/** The cart of the open student and year: its items, their count and the way to change them. */
export function useCart(): { items: CartItem[]; count: number; send: (event: CartEvent) => void; actor: CartActor } {
  const actor = useContext(CartContext);
  if (!actor) throw new Error('useCart outside CartProvider');
  const items = useSelector(actor, (s) => s.context.items) ?? noItems;
  return { items, count: cartCount(items), send: actor.send, actor };
}
