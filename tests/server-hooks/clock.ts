import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../server/context';
import { ApiError } from '../../server/shared/errors';

/**
 * A clock of one's own for one browser test (browser tests' server only, like the faults):
 *
 *   PUT    /__test__/orologio  { ora: "2026-11-20T09:31:00+01:00" }   this test's requests see that instant
 *   DELETE /__test__/orologio                                          back to the server's clock
 *
 * Both need the test's scope header: a test moving time for everyone would move it under the
 * tests running beside it. Only what the areas ask `ctx.now()` moves (deadlines, "today"); the
 * sign-in tokens keep the server's own clock, so a session never expires because a test jumped.
 */
const CLOCK_PATH = '/__test__/orologio';

/** `scopeHeader`: the header naming the test (index.ts's SCOPE_HEADER). */
export function registerTestClock(app: FastifyInstance, ctx: AppContext, scopeHeader: string): void {
  const scopeOf = (request: FastifyRequest): string => {
    const value = request.headers[scopeHeader];
    if (typeof value !== 'string' || value === '') throw new ApiError(400, `Manca l'intestazione ${scopeHeader}`, 'bad_request');
    return value;
  };
  const clocks = new Map<string, number>();
  const current = new AsyncLocalStorage<number>();
  const serverNow = ctx.now;
  ctx.now = () => {
    const at = current.getStore();
    return at === undefined ? serverNow() : new Date(at);
  };

  // Callback style: the rest of the request (handler included) runs inside `run`.
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = request.headers[scopeHeader];
    const at = typeof scope === 'string' ? clocks.get(scope) : undefined;
    if (at === undefined) done();
    else current.run(at, done);
  });

  app.put(
    CLOCK_PATH,
    { schema: { body: { type: 'object', additionalProperties: false, required: ['ora'], properties: { ora: { type: 'string', minLength: 10, maxLength: 40 } } } } },
    async (request) => {
      const scope = scopeOf(request);
      const { ora } = request.body as { ora: string };
      const at = Date.parse(ora);
      if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(ora) || Number.isNaN(at)) throw new ApiError(400, `ora non è un istante ISO 8601 con fuso: ${ora}`, 'bad_request');
      clocks.set(scope, at);
      return { ora: new Date(at).toISOString() };
    },
  );

  app.delete(CLOCK_PATH, async (request) => ({ rimossi: clocks.delete(scopeOf(request)) ? 1 : 0 }));
}
