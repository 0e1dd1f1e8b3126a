import { describe, expect, it, vi } from 'vitest';
import type { AnyRouter } from '@tanstack/react-router';
import { loadPageCode } from './pageCode';

/** A router with the two routes a cold Home matches, whose loads are recorded. */
function fakeRouter({ chunkFails = false } = {}) {
  const load = vi.fn(() => Promise.resolve({}));
  const loadRouteChunk = vi.fn((_route: unknown) => (chunkFails ? Promise.reject(new Error('offline')) : Promise.resolve()));
  const matchRoutes = vi.fn((path: string) => (path === '/home' ? [{ routeId: '/_private' }, { routeId: '/_private/(home)/home' }] : []));
  const routesById = { '/_private': { id: 'private' }, '/_private/(home)/home': { id: 'home' } };
  const router = { options: { context: { queries: { load } } }, matchRoutes, loadRouteChunk, routesById } as unknown as AnyRouter;
  return { router, load, loadRouteChunk, matchRoutes };
}

describe('loadPageCode', () => {
  it("loads the query cache and every route chunk the page's address matches, its query aside", () => {
    const { router, load, loadRouteChunk, matchRoutes } = fakeRouter();
    loadPageCode(router, '/home?avviso=sezione-disabilitata');
    expect(load).toHaveBeenCalledTimes(1);
    expect(matchRoutes).toHaveBeenCalledWith('/home');
    expect(loadRouteChunk.mock.calls.map(([route]) => route)).toEqual([{ id: 'private' }, { id: 'home' }]);
  });

  it('a chunk that cannot arrive is no error here: whoever needs it asks again', async () => {
    const { router } = fakeRouter({ chunkFails: true });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      loadPageCode(router, '/home');
      await new Promise((done) => setTimeout(done, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
