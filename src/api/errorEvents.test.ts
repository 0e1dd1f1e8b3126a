/** What reaches the API error dialog: the reports of failed calls, and which of the query client's failures are reported. */
import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { createErrorEvents, toApiErrorReport, type ApiErrorReport } from './errorEvents';
import { createQueryClient } from './queryClient';

describe('error reports', () => {
  it('turns what the query client saw into a report', () => {
    expect(toApiErrorReport(new ApiError(409, 'Conflitto', 'Prenotazione già presente'))).toEqual({
      status: 409,
      detail: 'Conflitto',
      error: 'Prenotazione già presente',
    });
    expect(toApiErrorReport(new DOMException('aborted', 'AbortError'))).toBeNull();
    expect(toApiErrorReport(new TypeError('x is undefined'))).toEqual({ status: 500, detail: null, error: null });
  });

  it('delivers reports to every subscriber until it unsubscribes', () => {
    const events = createErrorEvents();
    const seen: number[] = [];
    const stop = events.subscribe((r) => seen.push(r.status));
    events.report(new ApiError(404, null, null));
    stop();
    events.report(new ApiError(500, null, null));
    expect(seen).toEqual([404]);
  });
});

describe('which failures reach the dialog (api/queryClient.ts)', () => {
  function client() {
    const events = createErrorEvents();
    const seen: ApiErrorReport[] = [];
    events.subscribe((r) => seen.push(r));
    return { queryClient: createQueryClient(events), seen };
  }
  const failWith = (status: number) => async () => {
    throw new ApiError(status, `detail ${status}`, null);
  };

  it('reports a failed mutation, unless the screen shows it inline', async () => {
    const { queryClient, seen } = client();
    const cache = queryClient.getMutationCache();
    await cache.build(queryClient, { mutationFn: failWith(409) }).execute(undefined).catch(() => undefined);
    await cache
      .build(queryClient, { mutationFn: failWith(500), meta: { errorDialog: false } })
      .execute(undefined)
      .catch(() => undefined);
    expect(seen.map((r) => r.status)).toEqual([409]);
  });

  it("leaves a screen's first load to the route's error state, and reports a failed background refetch", async () => {
    const { queryClient, seen } = client();
    await queryClient.fetchQuery({ queryKey: ['first'], queryFn: failWith(404) }).catch(() => undefined);
    expect(seen).toEqual([]);

    queryClient.setQueryData(['shown'], ['data on screen']);
    await queryClient.fetchQuery({ queryKey: ['shown'], queryFn: failWith(901), staleTime: 0 }).catch(() => undefined);
    await queryClient
      .fetchQuery({ queryKey: ['shown'], queryFn: failWith(404), staleTime: 0, meta: { errorDialog: false } })
      .catch(() => undefined);
    expect(seen).toEqual([{ status: 901, detail: 'detail 901', error: null }]);
  });

  it('does not report a refetch that was cancelled', async () => {
    const { queryClient, seen } = client();
    queryClient.setQueryData(['shown'], ['data on screen']);
    const refetch = queryClient.fetchQuery({ queryKey: ['shown'], queryFn: () => new Promise<string[]>(() => {}), staleTime: 0 });
    await queryClient.cancelQueries({ queryKey: ['shown'] }, { revert: false });
    await refetch.catch(() => undefined);
    expect(seen).toEqual([]);
  });
});
