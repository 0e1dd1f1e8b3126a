import { createActor } from 'xstate';
import { apiErrorDialogMachine } from './machines/apiErrorDialog.machine';
import type { ApiErrorDialogActor } from './routes/-app/ApiErrorDialog';

export interface ApiErrorDialogEffects {
  goHome(): void;
  signOut(): void;
  reloadPage(): void;
  notifyTokenVerificationFailed(): void;
}

/**
 * The API error dialog's actor (docs/product.md#api-error-dialog). main.tsx loads this once the first page is drawn and the browser idle, or at the
 * first failed call if that comes sooner: /login shows its own errors inline and has no use for it
 * before then.
 */
export function startApiErrorDialog(effects: ApiErrorDialogEffects): ApiErrorDialogActor {
  return createActor(
    apiErrorDialogMachine.provide({
      actions: {
        goHome: () => effects.goHome(),
        signOut: () => effects.signOut(),
        reloadPage: () => effects.reloadPage(),
        notifyTokenVerificationFailed: () => effects.notifyTokenVerificationFailed(),
      },
    }),
  ).start();
}
