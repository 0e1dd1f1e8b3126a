import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { AppContext } from '../../context';
import { OIDC_CALLBACK_PATH, type ExternalProvider, type ProviderId, type SignInMethod } from '../../shared/identity';
import { FISCAL_NUMBER_PREFIX, IDP_PREFIX, type DemoProviders } from './demoIdp';
import type { AccountRepository, PendingSignIn } from './repository';
import { DEFAULT_RETURN_PATH, withOutcome } from './returnPath';

/**
 * The portal as an OpenID Connect relying party of the SPID and CIE providers: authorization code
 * flow with PKCE (S256), `state` and `nonce`; the ID token's signature checked against the
 * provider's JWKS, its issuer, audience, expiry and nonce checked (openid-client). The browser never
 * sees a provider's token: the callback turns the asserted tax code into the portal's single-use
 * code, bound to the starting tab's challenge (`sfida`) as before.
 */
const SCOPE = 'openid profile';
const TAX_CODE = /^[A-Z0-9]{16}$/;

interface ProviderSettings extends ExternalProvider {
  demo: boolean;
}

export class UnknownProvider extends Error {
  override name = 'UnknownProvider';
}

export interface RelyingParty {
  /** The provider's authorization URL for a new sign-in; throws UnknownProvider when none is configured. */
  start(method: SignInMethod, idp: ProviderId, returnPath: string, challenge: string): Promise<string>;
  /** Where the callback sends the browser: the return path with the code, or with the error. */
  finish(search: URLSearchParams): Promise<string>;
  /** The in-process app the demo providers' requests go to (set by the area's register hook). */
  attach(app: FastifyInstance): void;
}

export function relyingParty(ctx: AppContext, repo: AccountRepository, demo: DemoProviders | undefined): RelyingParty {
  const { publicOrigin, providers, fetchHook } = ctx.identity;
  const redirectUri = `${publicOrigin}${OIDC_CALLBACK_PATH}`;
  const demoIssuerPrefix = `${publicOrigin}${IDP_PREFIX}/`;
  const configurations = new Map<ProviderId, Promise<client.Configuration>>();
  let app: FastifyInstance | undefined;

  function settingsOf(idp: ProviderId): ProviderSettings | undefined {
    const external = idp === 'cie' ? providers.cie : providers.spid?.[idp];
    if (external) return { ...external, demo: false };
    return demo ? { ...demo.client(idp), demo: true } : undefined;
  }

  /** The demo providers are this very app: their requests go to it in-process, not over the network. */
  const inProcess = async (url: string, init: RequestInit): Promise<Response> => {
    if (!app) throw new Error('the demo identity providers are not mounted');
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host },
      payload: typeof init.body === 'string' ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : undefined,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
    }
    const body = res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload;
    return new Response(body, { status: res.statusCode, headers: out });
  };

  const baseFetch = (url: string, init: RequestInit): Promise<Response> =>
    url.startsWith(demoIssuerPrefix) && demo ? inProcess(url, init) : fetch(url, init);

  const customFetch: client.CustomFetch = (url, options) => {
    const init = options as unknown as RequestInit;
    return fetchHook ? fetchHook(url, init, baseFetch) : baseFetch(url, init);
  };

  function configuration(idp: ProviderId, settings: ProviderSettings): Promise<client.Configuration> {
    const cached = configurations.get(idp);
    if (cached) return cached;
    const execute = [client.enableNonRepudiationChecks, ...(settings.demo ? [client.allowInsecureRequests] : [])];
    const found = client.discovery(new URL(settings.issuer), settings.client_id, undefined, client.ClientSecretBasic(settings.client_secret), {
      execute,
      [client.customFetch]: customFetch,
    });
    configurations.set(idp, found);
    // A provider that could not be reached is asked again next time.
    found.catch(() => configurations.delete(idp));
    return found;
  }

  const failed = (pending: Pick<PendingSignIn, 'metodo' | 'ritorno'>) => withOutcome(pending.ritorno, `${pending.metodo}_errore`, 'fallito');

  return {
    attach(instance) {
      app = instance;
    },

    async start(method, idp, returnPath, challenge) {
      const settings = settingsOf(idp);
      if (!settings) throw new UnknownProvider(idp);
      const config = await configuration(idp, settings);
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      repo.savePending(state, { metodo: method, idp, nonce, verificatore: verifier, sfida: challenge, ritorno: returnPath }, ctx.now());
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        // The provider asks every time (as SPID's rules want), whatever session it keeps.
        prompt: 'login',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      }).href;
    },

    async finish(search) {
      const state = search.get('state');
      // Single use: whatever happens next, this state is spent.
      const pending = state ? repo.takePending(state, ctx.now()) : undefined;
      if (!state || !pending) return withOutcome(DEFAULT_RETURN_PATH, 'spid_errore', 'fallito');
      const error = search.get('error');
      if (error === 'access_denied') return withOutcome(pending.ritorno, `${pending.metodo}_errore`, 'annullato');
      if (error !== null) return failed(pending);
      const settings = settingsOf(pending.idp as ProviderId);
      if (!settings) return failed(pending);
      try {
        const config = await configuration(pending.idp as ProviderId, settings);
        const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}?${search.toString()}`), {
          pkceCodeVerifier: pending.verificatore ?? undefined,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const fiscalNumber = tokens.claims()?.fiscal_number;
        const asserted = typeof fiscalNumber === 'string' ? fiscalNumber.toUpperCase() : '';
        const taxCode = asserted.startsWith(FISCAL_NUMBER_PREFIX) ? asserted.slice(FISCAL_NUMBER_PREFIX.length) : asserted;
        if (!TAX_CODE.test(taxCode)) return failed(pending);
        const code = repo.issueCode(taxCode, ctx.now(), pending.sfida, pending.metodo);
        return withOutcome(pending.ritorno, pending.metodo, code);
      } catch {
        // Refused token exchange, bad signature, wrong nonce, expired token: nothing is signed in.
        return failed(pending);
      }
    },
  };
}
