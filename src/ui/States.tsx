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

/** The part of a query result that decides what a screen shows (TanStack Query's result fits). */
export interface AsyncResult<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  refetch?: () => unknown;
  /** A new attempt is on its way. */
  isFetching?: boolean;
}

/** A failure as a part may show it its own way. */
export interface Failed {
  error: unknown;
  /** The words for it (`errorMessage`'s). */
  message: string;
  /** Fetch again, when the result can. */
  retry?: () => void;
  /** A new attempt is on its way. */
  retrying: boolean;
}

interface AsyncContentProps<T> {
  query: AsyncResult<T>;
  /** The words for a failure, e.g. the API error's message. */
  errorMessage: (error: unknown) => string;
  /** While loading (default: a four-line skeleton; `null` shows nothing). */
  skeleton?: ReactNode;
  /** How a failure shows (default: the message with Riprova); `() => null` shows nothing. */
  failure?: (failed: Failed) => ReactNode;
  /** When the data has nothing to show; with `empty`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading, error (with Riprova), empty and data, shown the same way on every screen. */
export function AsyncContent<T>({ query, errorMessage, skeleton, failure, isEmpty, empty, children }: AsyncContentProps<T>) {
  if (query.status === 'pending') return <>{skeleton === undefined ? <Skeleton /> : skeleton}</>;
  if (query.status === 'error') {
    const { refetch } = query;
    const retry = refetch ? () => void refetch() : undefined;
    const message = errorMessage(query.error);
    return (
      <>{failure ? failure({ error: query.error, message, retry, retrying: query.isFetching ?? false }) : <ErrorState message={message} onRetry={retry} />}</>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data) && empty !== undefined) return <EmptyState>{empty}</EmptyState>;
  return <>{children(data)}</>;
}
