import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ErrorState, Skeleton } from '../../../ui/States';
import { apiErrorMessage } from '../messages';

/**
 * A secondary part of a payments screen: loading, its §8 error with a retry, or its content. Kept
 * here rather than ui's AsyncContent so that part stays out of the chunk every page (and /login) loads.
 */
export function Loaded<T>({
  query,
  children,
}: {
  query: { status: 'pending' | 'error' | 'success'; data: T | undefined; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (query.status === 'pending') return <Skeleton lines={3} />;
  if (query.status === 'error') return <ErrorState message={i18n._(apiErrorMessage(query.error))} onRetry={() => void query.refetch()} />;
  return <>{children(query.data as T)}</>;
}
