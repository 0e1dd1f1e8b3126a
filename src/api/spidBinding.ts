/**
 * Binds a SPID or CIE sign-in to the tab that starts it (ASVS 3.x, login CSRF / code injection): the tab
 * keeps a random verifier and sends only its SHA-256 (`sfida`) to the start call; the code that
 * comes back is exchanged with the verifier itself. A code sent to someone else by link meets a tab
 * without the verifier, and the exchange fails.
 */
const VERIFIER_KEY = 'portale-famiglie.spid-verificatore';

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A new verifier kept in the tab; resolves with its challenge for the start call. */
export async function startSpidBinding(storage: Storage = sessionStorage): Promise<string> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  storage.setItem(VERIFIER_KEY, verifier);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The tab's verifier, once: the code it answers is single use too. Empty when this tab started nothing. */
export function takeSpidVerifier(storage: Storage = sessionStorage): string {
  const verifier = storage.getItem(VERIFIER_KEY) ?? '';
  storage.removeItem(VERIFIER_KEY);
  return verifier;
}
