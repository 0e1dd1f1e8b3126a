import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { usePhone } from './usePhone';
import styles from './FilterSheet.module.css';

interface FilterSheetProps {
  /** The current choice in words ("Ultimi 30 giorni · Matematica"): what the phone's button says. */
  summary: string;
  /** The sheet's title; "Filtri" unless said. */
  title?: string;
  /** The full filter, as the desktop shows it. */
  children: ReactNode;
  /** Beside the phone's button, outside the sheet (e.g. how many items the filter leaves). */
  aside?: ReactNode;
}

/**
 * A list screen's filters. On a desktop they are shown as they are; on a phone they take one button
 * that says the current choice and opens them in a sheet from the bottom (an Ark UI dialog: focus
 * kept inside, Escape closes, focus back on the button), so the list starts in the first screenful.
 * Every change applies at once, as on the desktop: the sheet only hides the controls. Its content
 * is drawn only while open (a list screen's first visit draws the list, not a closed sheet): a
 * filter that restores a kept choice does it outside the sheet (DateFilterSheet).
 */
export function FilterSheet({ summary, title, children, aside }: FilterSheetProps) {
  const phone = usePhone();
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!phone) return <>{children}</>;
  return (
    <ArkDialog.Root open={open} onOpenChange={({ open: next }) => setOpen(next)} lazyMount unmountOnExit>
      <div className={styles.bar}>
        <ArkDialog.Trigger className={styles.trigger}>
          <span className={styles.triggerLabel}>
            <Trans>Filtri:</Trans>
          </span>{' '}
          <span className={styles.triggerValue}>{summary}</span>
          <span className={styles.caret} aria-hidden="true">
            ▾
          </span>
        </ArkDialog.Trigger>
        {aside}
      </div>
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          <ArkDialog.Content className={styles.sheet}>
            <div className={styles.header}>
              <ArkDialog.Title className={styles.title}>{title ?? t`Filtri`}</ArkDialog.Title>
              <ArkDialog.CloseTrigger className={styles.close} aria-label={t`Chiudi i filtri`}>
                <span aria-hidden="true">×</span>
              </ArkDialog.CloseTrigger>
            </div>
            <div className={styles.body}>{children}</div>
            <div className={styles.footer}>
              <span className={styles.current}>{summary}</span>
              <button type="button" className={styles.done} onClick={() => setOpen(false)}>
                <Trans>Mostra i risultati</Trans>
              </button>
            </div>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
