import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AsyncContent, type Failed } from '../../ui/States';
import { apiErrorMessage } from './messages';

/**
 * The one way a block loads: a part of a screen that loads on its own, while the rest of the screen
 * is already shown (a tab, a panel, a section asked for after a choice). It runs the query of the
 * options it is given and shows `AsyncContent`'s states: the skeleton while loading, the failure in
 * words (the status's message, with Riprova), the empty state, the data. A whole screen loads the
 * other way: its route's `loader` ensures the data, the component reads it with `useSuspenseQuery`
 * (docs/ARCHITECTURE.md "Loading"). Nothing else in `routes/` runs a query.
 */
export function Loaded<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>({
  query,
  skeleton,
  failure,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>;
  /** While loading (default: a four-line skeleton; `null` shows nothing). */
  skeleton?: ReactNode;
  /** How a failure shows (default: the message with Riprova); `() => null` shows nothing. */
  failure?: (failed: Failed) => ReactNode;
  /** When the data has nothing to show; with `empty`. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}) {
  const { i18n } = useLingui();
  const result = useQuery(query);
  return (
    <AsyncContent query={result} errorMessage={(error) => i18n._(apiErrorMessage(error))} skeleton={skeleton} failure={failure} isEmpty={isEmpty} empty={empty}>
      {children}
    </AsyncContent>
  );
}

/**
 * The data of a query once it is there, `undefined` before and after a failure: for what adds to a
 * screen without a state of its own (the sidebar's and a tab's unread counts). Not a way to load a
 * block: it has no loading or failure to show; a block is `Loaded`.
 */
export function useLoadedData<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  query: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
): TData | undefined {
  return useQuery(query).data;
}
