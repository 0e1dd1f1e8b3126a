import { useId, useRef, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  /** Called on cancel, and after a confirmation whose promise fulfils. */
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** What the confirm button says while the action runs. */
  busyLabel?: string;
  /** For what cannot be undone: a red confirm button. */
  tone?: 'default' | 'danger';
  /**
   * The action. A promise keeps the dialog busy until it settles, then closes it when it fulfils
   * (stays open when it rejects, for `error`). Return nothing to drive open/busy yourself.
   */
  onConfirm: () => void | Promise<unknown>;
  /** Busy from outside (e.g. a machine's sending state). */
  busy?: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error?: ReactNode;
}

/**
 * A question before an action ("Vuoi annullare la prenotazione?"). While the action runs it cannot
 * be dismissed nor confirmed twice; the buttons keep focus (aria-disabled, not disabled). On close,
 * focus goes back to what opened it.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busyLabel,
  tone = 'default',
  onConfirm,
  busy: busyOutside = false,
  error,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const cancelId = useId();
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const busy = busyOutside || running;

  async function confirm() {
    if (busy || runningRef.current) return;
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    runningRef.current = true;
    setRunning(true);
    try {
      await result;
      onClose();
    } catch {
      // Left open: the caller shows why through `error`, and the user can try again or cancel.
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      description={message}
      role="alertdialog"
      dismissible={!busy}
      // Focus starts on cancel, so an Enter pressed out of habit never confirms.
      initialFocus={() => document.getElementById(cancelId)}
      actions={
        <>
          <Button id={cancelId} variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && onClose()}>
            {cancelLabel ?? t`Annulla`}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} aria-disabled={busy || undefined} onClick={() => void confirm()}>
            {busy ? (busyLabel ?? t`Attendere…`) : confirmLabel}
          </Button>
        </>
      }
    >
      {error != null && error !== false && <Alert tone="error">{error}</Alert>}
    </Dialog>
  );
}
