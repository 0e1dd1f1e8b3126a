import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import styles from './States.module.css';

/** Loading placeholder with fixed height so the data does not shift the page when it arrives. */
export function Skeleton({ lines = 4, label }: { lines?: number; label?: string }) {
  const { t } = useLingui();
  return (
    <div className={styles.skeleton} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label ?? t`Caricamento in corso…`}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={styles.bar} style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className={styles.state} role="status">
      <p>{children}</p>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useLingui();
  return (
    <div className={styles.state} role="alert">
      <p>{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t`Riprova`}
        </Button>
      )}
    </div>
  );
}
