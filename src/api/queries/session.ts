import { api } from '../api';
import type { SignIn } from '../../domain/records';

/** Calls of the session itself: sign in, validate a saved token, refresh, the school's login settings. */

/**
 * Where the password sign-in goes. The spec's call is utenti/login/; a school's own web client may
 * sign in at another path (the real backend's signs in at utenti/login-web/), set at build time.
 */
export const LOGIN_PATH: string = (import.meta.env.VITE_LOGIN_PATH as string | undefined) || '/api/v4/utenti/login/';

/**
 * The session's boundary loads while the first session call is on the wire, not with /login: it is
 * needed only once an answer arrives, and /login's JavaScript budget is for what the page shows.
 */
const boundary = () => import('../boundary/session');

/** The answer of a session call, read by the boundary (fetched in parallel with it). */
async function signInOf(call: Promise<{ data?: unknown }>): Promise<SignIn> {
  const [{ data }, { toSignIn }] = await Promise.all([call, boundary()]);
  return toSignIn(data);
}

/** A call whose answer only the boundary reads, so its path need not be typed against the contract. */
const post = api.client.POST as unknown as (path: string, init: { body: unknown; params?: unknown }) => Promise<{ data?: unknown }>;

export async function login(username: string, password: string): Promise<SignIn> {
  return signInOf(post(LOGIN_PATH, { body: { username, password } }));
}

export async function loginWithSpid(codice: string, verificatore: string): Promise<SignIn> {
  return signInOf(api.client.POST('/api/v4/utenti/spid/', { body: { codice, verificatore } }));
}

/** The mobile app's single-use code for a mobile page, exchanged for a session with the app's verifier. */
export async function openMobileSession(codice: string, verificatore: string): Promise<SignIn> {
  return signInOf(api.client.POST('/api/v4/utenti/mobile/sessione', { body: { codice, verificatore } }));
}

/** Where the SPID button leads: the identity provider, which comes back to `ritorno` with a code. */
export const SPID_START_PATH = '/api/v4/utenti/spid/inizio';

export async function validateToken(idUtente: number, token: string): Promise<SignIn> {
  return signInOf(
    api.client.POST('/api/v4/utenti/{id_utente}/', {
      params: { path: { id_utente: idUtente } },
      body: { token },
    }),
  );
}

export async function refreshToken(mastercomId: string, token: string): Promise<string> {
  const [{ data }, { toRefreshedToken }] = await Promise.all([
    api.client.POST('/api/v4/utenti/{mastercom_id}/refresh-token/', {
      params: { path: { mastercom_id: mastercomId } },
      body: { token },
    }),
    boundary(),
  ]);
  return toRefreshedToken(data);
}

/**
 * Ends the session on the server (its tokens are refused from now on). Best effort: the tab
 * forgets the session whatever the answer, so a failure is not reported.
 */
export async function signOutOnServer(token: string): Promise<void> {
  try {
    // The token goes explicitly: the session has already forgotten it (so no refresh is tried either).
    await api.client.POST('/api/v4/utenti/logout/', { headers: { Authorization: `JWT ${token}` } });
  } catch {
    // Offline: the token still expires on its own within minutes, and cannot be refreshed past the cap.
  }
}

export type LoginConfiguration = NonNullable<Awaited<ReturnType<typeof getLoginConfiguration>>['data']>;

const getLoginConfiguration = () => api.client.GET('/api/v3/mastercom_nextapi/');

/** The school's settings change rarely: one answer serves every visit of the sign-in page for 5 minutes. */
const CONFIGURATION_FRESH_MS = 5 * 60_000;
let configuration: { at: number; answer: Promise<LoginConfiguration>; settled?: LoginConfiguration } | undefined;

/**
 * The school's login settings (spec §3), asked once and shared: main.tsx starts the call with the
 * page's code, the sign-in page reads the same answer. A plain call, not a query: the sign-in page
 * loads no query cache (issue 16, /login's JavaScript). A failure is not kept: the next visit asks again.
 */
export function loginConfiguration(nowMs = Date.now()): Promise<LoginConfiguration> {
  if (configuration && nowMs - configuration.at < CONFIGURATION_FRESH_MS) return configuration.answer;
  const entry: NonNullable<typeof configuration> = {
    at: nowMs,
    answer: getLoginConfiguration().then(({ data }) => {
      if (data === undefined) throw new Error('empty login configuration');
      entry.settled = data;
      return data;
    }),
  };
  entry.answer.catch(() => {
    if (configuration === entry) configuration = undefined;
  });
  configuration = entry;
  return entry.answer;
}

/** The settings if their answer is already here (the sign-in page draws them at once, without a skeleton). */
export function settledLoginConfiguration(nowMs = Date.now()): LoginConfiguration | undefined {
  return configuration && nowMs - configuration.at < CONFIGURATION_FRESH_MS ? configuration.settled : undefined;
}
