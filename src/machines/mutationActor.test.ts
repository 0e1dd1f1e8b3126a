import { mutationOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../api/client';
import { createErrorEvents } from '../api/errorEvents';
import { createQueryClient } from '../api/queryClient';
import { mutationActor } from './mutationActor';

/** A write of the kind `api/queries/<area>.ts` makes: its cache update beside it. */
const renameMutation = (fail: unknown = null) =>
  mutationOptions({
    mutationKey: ['rename'],
    mutationFn: async ({ name }: { name: string }) => {
      if (fail) throw fail;
      return { name };
    },
    onSuccess: (answer, _vars, _r, { client }) => client.setQueryData(['name'], answer.name),
    onSettled: (_answer, _error, _vars, _r, { client }) => client.setQueryData(['settled'], true),
  });

function setUp() {
  const events = createErrorEvents();
  const reported: unknown[] = [];
  events.subscribe((r) => reported.push(r));
  return { queryClient: createQueryClient(events), reported };
}

describe('mutationActor', () => {
  it('runs the write through the query client: its cache update, and the mutation cache sees it', async () => {
    const { queryClient } = setUp();
    const actor = createActor(mutationActor(queryClient, renameMutation()), { input: { name: 'Marco' } }).start();
    expect(await toPromise(actor)).toEqual({ name: 'Marco' });
    expect(queryClient.getQueryData(['name'])).toBe('Marco');
    expect(queryClient.getQueryData(['settled'])).toBe(true);
    expect(queryClient.getMutationCache().findAll({ mutationKey: ['rename'] }).map((m) => m.state.status)).toEqual(['success']);
  });

  it("rejects with the domain's failure, keeping what the server said, and leaves the error dialog closed", async () => {
    const { queryClient, reported } = setUp();
    const actor = createActor(mutationActor(queryClient, renameMutation(new ApiError(409, 'Conflict', 'Nome già usato'))), { input: { name: 'Marco' } }).start();
    await expect(toPromise(actor)).rejects.toEqual({ status: 409, detail: 'Conflict', error: 'Nome già usato' });
    expect(queryClient.getQueryData(['name'])).toBeUndefined();
    // onSettled runs whatever the outcome.
    expect(queryClient.getQueryData(['settled'])).toBe(true);
    expect(reported).toEqual([]);
  });

  it('a fault of ours is a failure with no status', async () => {
    const { queryClient } = setUp();
    const actor = createActor(mutationActor(queryClient, renameMutation(new TypeError('x'))), { input: { name: 'Marco' } }).start();
    await expect(toPromise(actor)).rejects.toEqual({ status: null, detail: null, error: null });
  });

  it("makes the variables from the actor's input and its abort signal", async () => {
    const { queryClient } = setUp();
    let signal: AbortSignal | null = null;
    const logic = mutationActor(queryClient, renameMutation(), (input: { first: string; last: string }, s) => {
      signal = s;
      return { name: `${input.first} ${input.last}` };
    });
    const actor = createActor(logic, { input: { first: 'Marco', last: 'Rossi' } }).start();
    expect(await toPromise(actor)).toEqual({ name: 'Marco Rossi' });
    expect(signal).toBeInstanceOf(AbortSignal);
  });
});
