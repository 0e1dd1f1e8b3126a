import { createContext, lazy, Suspense, useContext, useSyncExternalStore } from 'react';
import type { Actor } from 'xstate';
import type { apiErrorDialogMachine } from '../../machines/apiErrorDialog.machine';

export type ApiErrorDialogActor = Actor<typeof apiErrorDialogMachine>;

/**
 * The running dialog actor. main.tsx creates it once the first page is drawn, or at the first failed
 * call if that comes sooner (src/apiErrorDialog.ts); null until then, when there is nothing to show.
 */
export const ApiErrorDialogActorContext = createContext<ApiErrorDialogActor | null>(null);

const noSubscription = () => () => undefined;

/** True while the dialog shows a failure (the global loader hides then, docs/product.md#api-error-dialog). */
export function useApiErrorShown(): boolean {
  const actor = useContext(ApiErrorDialogActorContext);
  return useSyncExternalStore(
    actor ? (onChange) => actor.subscribe(onChange).unsubscribe : noSubscription,
    // The machine's `showing` state (dialogKindOf), read here without loading the machine's module.
    () => {
      const value = actor?.getSnapshot().value;
      return typeof value === 'object' && value !== null && 'showing' in value;
    },
  );
}

/**
 * The dialog's parts and the machine's helpers: main.tsx loads them with the actor (never with
 * /login's first paint), so by the time there is an actor to draw, this resolves from memory.
 */
export const loadApiErrorDialogView = () => import('./ApiErrorDialogView');
const View = lazy(() => loadApiErrorDialogView().then((m) => ({ default: m.ApiErrorDialogView })));

/** The API error dialog (docs/product.md#api-error-dialog), driven by the apiErrorDialog machine. */
export function ApiErrorDialog() {
  const actor = useContext(ApiErrorDialogActorContext);
  if (!actor) return null;
  return (
    <Suspense fallback={null}>
      <View actor={actor} />
    </Suspense>
  );
}
