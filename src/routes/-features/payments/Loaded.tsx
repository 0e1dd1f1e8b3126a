import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AsyncContent, Skeleton, type AsyncResult } from '../../../ui/States';
import { apiErrorMessage } from '../../-shared/messages';

/** A secondary part of a payments screen: a short skeleton, its error (docs/product.md#messages-by-status) with a retry, or its content. */
export function Loaded<T>({ query, children }: { query: AsyncResult<T>; children: (data: T) => ReactNode }) {
  const { i18n } = useLingui();
  return (
    <AsyncContent query={query} errorMessage={(error) => i18n._(apiErrorMessage(error))} skeleton={<Skeleton lines={3} />}>
      {children}
    </AsyncContent>
  );
}
