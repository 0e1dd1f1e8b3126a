import { createApi, type AuthBridge } from './client';
import { takeEarlyCall } from './earlyCalls';

/**
 * The app's one API client. The session owns the token, and the session needs the client to sign
 * in, so the two are joined through this bridge once the session actor exists (see runtime.ts).
 */
let bridge: AuthBridge = { getToken: () => null, refresh: async () => null };

export function connectAuth(next: AuthBridge) {
  bridge = next;
}

export const api = createApi(
  {
    getToken: () => bridge.getToken(),
    refresh: (expired) => bridge.refresh(expired),
  },
  {
    // A call the page's first script already started (the session check of a reload) takes its answer.
    fetch: (async (request: Request, init?: RequestInit) =>
      (await takeEarlyCall(request, init?.signal)) ?? globalThis.fetch(request, init)) as typeof fetch,
  },
);

/**
 * The session's token and its renewal, for the one call openapi-fetch cannot make: an upload that
 * reports its progress (XMLHttpRequest). The token goes in the header, never in a URL.
 */
export const sessionAuth = (): AuthBridge => bridge;
