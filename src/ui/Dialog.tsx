import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useState, type ReactNode } from 'react';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  actions?: ReactNode;
  /** alertdialog for messages that need an answer (errors); dialog for forms. */
  role?: 'dialog' | 'alertdialog';
  /** Whether Escape and a click outside close it (off when closing would lose an answer). */
  dismissible?: boolean;
  /** Where focus goes on opening (otherwise the first focusable element). */
  initialFocus?: () => HTMLElement | null;
}

/**
 * A modal with a title, focus trapped inside and returned to the trigger on close (Ark UI).
 * Ark's parts start their state machines when mounted, open or not, and a list may hold a dialog
 * per row (/voti: one per grade, README "Budgets"): nothing is mounted until the first opening, and it
 * stays mounted afterwards for its closing and the focus's return.
 */
export function Dialog({ open, onClose, title, description, children, actions, role = 'dialog', dismissible = true, initialFocus }: DialogProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // Where the focus goes back on close: what had it when the dialog opened, read before any part of
  // the dialog takes it. Ark's own record of it is taken a frame later, and on a busy device that
  // frame could already find the focus inside the dialog, which closing then left on the page's body.
  const [wasOpen, setWasOpen] = useState(false);
  const [returnTo, setReturnTo] = useState<HTMLElement | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setReturnTo(document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);
  }
  if (!open && !opened) return null;
  return (
    <ArkDialog.Root
      open={open}
      role={role}
      onOpenChange={({ open: next }) => {
        if (!next) onClose();
      }}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      initialFocusEl={initialFocus}
      finalFocusEl={() => (returnTo?.isConnected ? returnTo : null)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          <ArkDialog.Content className={styles.content}>
            <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
            {description && <ArkDialog.Description className={styles.description}>{description}</ArkDialog.Description>}
            {children}
            {actions && <div className={styles.actions}>{actions}</div>}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
