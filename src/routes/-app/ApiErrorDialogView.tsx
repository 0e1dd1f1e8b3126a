import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { dialogKindOf, isDismissible } from '../../machines/apiErrorDialog.machine';
import { apiErrorDialogMessage, apiErrorDialogTitle } from './apiErrorDialogMessages';
import type { ApiErrorDialogActor } from './ApiErrorDialog';

// The modal (Ark UI, ~20 KB gzip) is not loaded by /login, which shows its errors inline: the
// signed-in layout loads it (the password modal uses it), so it is there before any failure of a
// screen — even one that happens because the network has gone.
const Dialog = lazy(() => import('../../ui/Dialog').then((m) => ({ default: m.Dialog })));

/** The API error dialog (docs/product.md#api-error-dialog), driven by the apiErrorDialog machine. */
export function ApiErrorDialogView({ actor }: { actor: ApiErrorDialogActor }) {
  const { t, i18n } = useLingui();
  const kind = useSelector(actor, dialogKindOf);
  const shown = useSelector(actor, (s) => s.context.shown);

  if (!kind || !shown) return null;
  const dismiss = () => actor.send({ type: 'dialog.dismissed' });
  const message = apiErrorDialogMessage(kind, shown);

  let actions;
  switch (kind) {
    case 'timeout':
      actions = (
        <>
          <Button variant="secondary" onClick={dismiss}>
            {t`Annulla`}
          </Button>
          <Button data-autofocus onClick={() => actor.send({ type: 'dialog.reload' })}>
            {t`Ricarica pagina`}
          </Button>
        </>
      );
      break;
    case 'schoolMessage':
      actions = (
        <Button data-autofocus onClick={dismiss}>
          {t`Torna alla Home`}
        </Button>
      );
      break;
    case 'sessionExpired':
    case 'forbidden':
    case 'unexpected':
      actions = (
        <Button data-autofocus onClick={dismiss}>
          {t`Accedi di nuovo`}
        </Button>
      );
      break;
    default:
      actions = (
        <Button data-autofocus onClick={dismiss}>
          {t`Chiudi`}
        </Button>
      );
  }

  return (
    <Suspense fallback={null}>
      <Dialog
        open
        role="alertdialog"
        dismissible={isDismissible(kind)}
        onClose={dismiss}
        title={i18n._(apiErrorDialogTitle(kind))}
        description={typeof message === 'string' ? message : i18n._(message)}
        actions={actions}
      />
    </Suspense>
  );
}
