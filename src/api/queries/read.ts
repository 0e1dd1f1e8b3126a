import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { paths } from '../schema';

type GetPath = { [P in keyof paths]: paths[P] extends { get: unknown } ? P : never }[keyof paths];

interface Init {
  params: { path: Record<string, string | number>; query?: Record<string, string> };
}

/**
 * A GET whose answer goes through the boundary before it is cached: the cache, the screens and
 * the machines only ever hold domain records. The key is openapi-react-query's ([method, path,
 * init]), so a student's or a range's data never answers for another.
 */
export function readQuery<T>(
  path: GetPath,
  init: Init,
  read: (raw: unknown, client: QueryClient) => T | Promise<T>,
  opts: { staleTime?: number } = {},
) {
  return queryOptions({
    queryKey: ['get', path, init] as const,
    queryFn: async ({ signal, client }) => {
      // The path is one of the contract's; its answer's shape is the boundary's business, not the type's.
      const get = api.client.GET as unknown as (p: string, i: Init & { signal: AbortSignal }) => Promise<{ data?: unknown }>;
      const { data } = await get(path, { ...init, signal });
      return read(data, client);
    },
    ...opts,
  });
}
