import { MutationObserver, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { failureOf } from '../api/failure';

type WriteOptions<TData, TVariables> = MutationOptions<TData, Error, TVariables, unknown>;

/**
 * A machine's promise actor built from a write's `mutationOptions` (`api/queries/<area>.ts`): the
 * write runs through the query client, so its cache update (`onSuccess`, `onSettled`) runs and the
 * mutation cache sees it, exactly as a screen's `useMutation` would run it. A machine words every
 * failure in its own states, so the API error dialog stays closed (`meta: { errorDialog: false }`). The actor's input is the mutation's variables, or what
 * `toVariables` makes of it and of the actor's abort signal (a write that can be cancelled: an
 * upload). Its output may be read as less than the mutation's data (`TOutput`: what the machine
 * declares it needs). It rejects with the domain's `ActionFailure`, never a raw error: machines hold only that.
 *
 * This is the one module of `machines/` that knows the API's error type (`failureOf`).
 */
export function mutationActor<TData extends TOutput, TVariables, TOutput = TData>(
  queryClient: QueryClient,
  options: WriteOptions<TData, TVariables>,
): PromiseActorLogic<TOutput, TVariables>;
export function mutationActor<TData extends TOutput, TVariables, TInput, TOutput = TData>(
  queryClient: QueryClient,
  options: WriteOptions<TData, TVariables>,
  toVariables: (input: TInput, signal: AbortSignal) => TVariables,
): PromiseActorLogic<TOutput, TInput>;
export function mutationActor(
  queryClient: QueryClient,
  options: WriteOptions<unknown, unknown>,
  toVariables: (input: unknown, signal: AbortSignal) => unknown = (input) => input,
) {
  return fromPromise<unknown, unknown>(({ input, signal }) => runWrite(queryClient, options, toVariables(input, signal)));
}

/**
 * One write run as `mutationActor` runs it (through the query client, no API error dialog,
 * rejecting with the domain's `ActionFailure`), for an actor whose step is one of several.
 */
export async function runWrite<TData, TVariables>(queryClient: QueryClient, options: WriteOptions<TData, TVariables>, variables: TVariables): Promise<TData> {
  const observer = new MutationObserver(queryClient, { ...options, meta: { ...options.meta, errorDialog: false } });
  try {
    return await observer.mutate(variables);
  } catch (e) {
    throw failureOf(e);
  } finally {
    // The finished mutation leaves the cache after its gcTime, as a screen's would.
    observer.reset();
  }
}

/**
 * A promise actor for a call that is not a write (a read, a payment provider's step): like
 * `mutationActor`, it rejects with the domain's `ActionFailure`, never a raw error.
 */
export function callActor<TOutput, TInput>(call: (input: TInput, signal: AbortSignal) => Promise<TOutput>): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    try {
      return await call(input, signal);
    } catch (e) {
      throw failureOf(e);
    }
  });
}
