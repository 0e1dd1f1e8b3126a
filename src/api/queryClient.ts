import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Only a network failure or a server error is worth one more try; 4xx answers will not change.
        retry: (count, error) => count < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
    },
  });
}
