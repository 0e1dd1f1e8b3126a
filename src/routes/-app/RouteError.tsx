import { useLingui } from '@lingui/react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ErrorState } from '../../ui/States';
import { isChunkLoadError, recoverFromChunkError } from '../../chunkRecovery';
import { apiErrorMessage, chunkErrorMessage } from '../-shared/messages';
import { PageSkeleton } from './PageSkeleton';

/**
 * A screen that failed to open. Its data's first load failed: the message for the status (docs/product.md#messages-by-status) and a
 * retry that loads it again (the API error dialog stays closed for these, see api/queryClient.ts).
 * Its code failed to load (a deploy replaced the chunks): reload once into the new build, or, when
 * that reload just happened, say so and offer another.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  // Idempotent (one reload per page), so StrictMode's second call does no harm.
  const [reloading] = useState(() => chunk && recoverFromChunkError());
  // A failed first load leaves its query in error, without data: dropped, so the retry (or the
  // next visit) fetches it again instead of showing the same error (what Query's reset boundary did).
  useEffect(() => {
    router.options.context.queries.current()?.removeQueries({ predicate: (q) => q.state.status === 'error' && q.state.data === undefined });
  }, [router]);
  // A screen that failed for want of a network opens by itself when the network is back (README
  // "Reliability"), as if its retry had been pressed.
  useEffect(() => {
    if (chunk) return;
    const again = () => void router.invalidate();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [router, chunk]);
  if (reloading) return <PageSkeleton />;
  if (chunk) return <ErrorState message={i18n._(chunkErrorMessage)} onRetry={() => window.location.reload()} />;
  return <ErrorState message={i18n._(apiErrorMessage(error))} onRetry={() => void router.invalidate()} />;
}
