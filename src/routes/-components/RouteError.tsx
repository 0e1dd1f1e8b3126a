import { useLingui } from '@lingui/react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from '../../ui/States';
import { apiErrorMessage } from './messages';

/** A screen whose data failed to load: the §8 message for the status and a retry that reloads it. */
export function RouteError({ error }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => reset(), [reset]);
  return <ErrorState message={i18n._(apiErrorMessage(error))} onRetry={() => void router.invalidate()} />;
}
