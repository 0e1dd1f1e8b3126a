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
const boundary = () => import('../signedIn');

/** The answer of a session call, read by the boundary (fetched in parallel with it). */
async function signInOf(call: Promise<{ data?: unknown }>): Promise<SignIn> {
  const [{ data }, { toSignIn }] = await Promise.all([call, boundary()]);
  return toSignIn(data);
}

/** A call whose answer only the boundary reads, so its path need not be typed against the contract. */
const post = api.client.POST as unknown as (path: string, init: { body: unknown; params?: unknown }) => Promise<{ data?: unknown }>;

/**
 * Sign-in with user code and password, in the real backend's dialect: the school's MasterCom id
 * (`mastercom`), the user code (`utente`) and the password.
 */
export async function login(school: string, username: string, password: string): Promise<SignIn> {
  return signInOf(post(LOGIN_PATH, { body: { mastercom: school, utente: username, password } }));
}

/** The code the server handed back after a SPID or CIE sign-in, exchanged with the tab's verifier. */
export async function loginWithIdentity(method: 'spid' | 'cie', codice: string, verificatore: string): Promise<SignIn> {
  return signInOf(post(`/api/v4/utenti/${method}/`, { body: { codice, verificatore } }));
}

/** The mobile app's single-use code for a mobile page, exchanged for a session with the app's verifier. */
export async function openMobileSession(codice: string, verificatore: string): Promise<SignIn> {
  return signInOf(api.client.POST('/api/v4/utenti/mobile/sessione', { body: { codice, verificatore } }));
}

/** Where the SPID and CIE buttons lead: the identity provider, which comes back to `ritorno` with a code. */
const SPID_START_PATH = '/api/v4/utenti/spid/inizio';
const CIE_START_PATH = '/api/v4/utenti/cie/inizio';

/**
 * The server's start of a SPID or CIE sign-in: it sends the browser to the identity provider (the
 * SPID one chosen, `idp`) and, once done, back to `returnTo` (a path of the portal) with a code or
 * an outcome. `challenge` is the SHA-256 of the verifier the tab keeps.
 */
export function providerStartAddress(start: { method: 'spid' | 'cie'; idp?: string; returnTo?: string }, challenge: string): string {
  const query = new URLSearchParams({
    ...(start.method === 'spid' && start.idp ? { idp: start.idp } : {}),
    ritorno: start.returnTo ?? '/login',
    sfida: challenge,
  });
  return `${start.method === 'cie' ? CIE_START_PATH : SPID_START_PATH}?${query.toString()}`;
}

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
 * Notices end at sign-out on this browser (docs/product.md#preferences): its push subscription is
 * removed from the server (with the token, before it is ended) and from the browser. Best effort
 * and quick when there is none (no service worker: nothing to ask).
 */
async function endPushSubscription(token: string): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    try {
      await api.client.DELETE('/api/v4/utenti/notifiche/sottoscrizioni', {
        headers: { Authorization: `JWT ${token}` },
        body: { endpoint: subscription.endpoint },
      });
    } finally {
      // Offline or refused: unsubscribed here all the same, the server drops it at the push service's 410.
      await subscription.unsubscribe();
    }
  } catch {
    // Nothing more to do: the session ends either way.
  }
}

/**
 * Ends the session on the server (its tokens are refused from now on). Best effort: the tab
 * forgets the session whatever the answer, so a failure is not reported.
 */
export async function signOutOnServer(token: string): Promise<void> {
  await endPushSubscription(token);
  try {
    // The token goes explicitly: the session has already forgotten it (so no refresh is tried either).
    await api.client.POST('/api/v4/utenti/logout/', { headers: { Authorization: `JWT ${token}` } });
  } catch {
    // Offline: the token still expires on its own within minutes, and cannot be refreshed past the cap.
  }
}

export type LoginConfiguration = NonNullable<Awaited<ReturnType<typeof getLoginConfiguration>>['data']>;

/**
 * The school this deployment serves (its MasterCom id, `VITE_SCUOLA` at build time). A school's own
 * deployment sets it; the reference server says it in the login settings (`id_scuola`) instead, and
 * serves several schools, chosen on the sign-in page by `?scuola=`.
 */
export const DEPLOYED_SCHOOL: string | undefined = (import.meta.env.VITE_SCUOLA as string | undefined) || undefined;

/** The school a sign-in is for: the one asked for by the page's address, the deployment's, or the settings'. */
export const signInSchool = (requested: string | undefined, settings: LoginConfiguration | undefined): string | undefined =>
  requested ?? DEPLOYED_SCHOOL ?? settings?.id_scuola;

const getLoginConfiguration = (school?: string) =>
  api.client.GET('/api/v3/mastercom_nextapi/', { params: { query: school ? { id_scuola: school } : {} } });

/** The school's settings change rarely: one answer serves every visit of the sign-in page for 5 minutes. */
const CONFIGURATION_FRESH_MS = 5 * 60_000;
interface ConfigurationEntry {
  at: number;
  answer: Promise<LoginConfiguration>;
  settled?: LoginConfiguration;
}
const configurations = new Map<string, ConfigurationEntry>();

/**
 * The school's login settings, asked once and shared: main.tsx starts the call with the page's
 * code, the sign-in page reads the same answer. A plain call, not a query: the sign-in page loads
 * no query cache. A failure is not kept: the next visit asks again. `school` undefined: the
 * deployment's school, or the server's default one.
 */
export function loginConfiguration(school: string | undefined = DEPLOYED_SCHOOL, nowMs = Date.now()): Promise<LoginConfiguration> {
  const key = school ?? '';
  const cached = configurations.get(key);
  if (cached && nowMs - cached.at < CONFIGURATION_FRESH_MS) return cached.answer;
  const entry: ConfigurationEntry = {
    at: nowMs,
    answer: getLoginConfiguration(school).then(({ data }) => {
      if (data === undefined) throw new Error('empty login configuration');
      entry.settled = data;
      return data;
    }),
  };
  entry.answer.catch(() => {
    if (configurations.get(key) === entry) configurations.delete(key);
  });
  configurations.set(key, entry);
  return entry.answer;
}

/** The settings if their answer is already here (the sign-in page draws them at once, without a skeleton). */
export function settledLoginConfiguration(school: string | undefined = DEPLOYED_SCHOOL, nowMs = Date.now()): LoginConfiguration | undefined {
  const entry = configurations.get(school ?? '');
  return entry && nowMs - entry.at < CONFIGURATION_FRESH_MS ? entry.settled : undefined;
}
