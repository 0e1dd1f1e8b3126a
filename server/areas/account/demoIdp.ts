import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../context';
import { CIE_PROVIDER, OIDC_CALLBACK_PATH, SPID_PROVIDERS, type ExternalProvider, type ProviderId } from '../../shared/identity';
import { notFound } from '../../shared/errors';
import { idpErrorPage, idpPage, IDP_PAGE_HEADERS } from './idpPage';
import type { AccountRepository } from './repository';

/**
 * The demo identity providers (demo mode only): one OpenID Connect provider (oidc-provider) per
 * entry of the SPID chooser and one for CIE, each under `/idp/<id>/` of the portal's own origin.
 * They authenticate nobody: their page offers the demo identities (`spid_identita`) and asserts the
 * chosen tax code as SPID and CIE federations do, `fiscal_number: "TINIT-<tax code>"`.
 */
export const IDP_PREFIX = '/idp';
export const DEMO_CLIENT_ID = 'portale-famiglie-demo';
export const FISCAL_NUMBER_PREFIX = 'TINIT-';

const NAMES: ReadonlyMap<string, string> = new Map<string, string>([
  ...SPID_PROVIDERS.map((p) => [p.id, p.name] as [string, string]),
  [CIE_PROVIDER.id, CIE_PROVIDER.name],
]);

export const isProviderId = (id: string): id is ProviderId => NAMES.has(id);
const schemeOf = (id: ProviderId): 'SPID' | 'CIE' => (id === 'cie' ? 'CIE' : 'SPID');

const CANCELLED = "L'utente ha annullato l'accesso";
const NO_CHOICE = 'Scegli un codice fiscale per entrare.';
const GONE = "La richiesta di accesso non è più valida: riprova dalla pagina di accesso del portale.";
const FOREIGN = 'Richiesta non consentita: riprova dalla pagina di accesso del portale.';

export interface DemoProviders {
  /** Issuer and client of a demo provider, as the relying party registers it. */
  client(id: ProviderId): ExternalProvider;
  /** Serves `/idp/<id>/...` (the provider's endpoints and our interaction pages). */
  register(app: FastifyInstance): Promise<void>;
}

export function demoProviders(ctx: AppContext, repo: AccountRepository): DemoProviders {
  const origin = ctx.identity.publicOrigin;
  const clientSecret = randomBytes(32).toString('base64url');
  const cookieKey = randomBytes(32).toString('base64url');
  const issuerOf = (id: ProviderId) => `${origin}${IDP_PREFIX}/${id}`;
  const interactionPath = (id: ProviderId, uid: string) => `${IDP_PREFIX}/${id}/interazione/${uid}`;
  // Made on first use: a key each, in memory (a restart ends the demo sign-ins in flight).
  const providers = new Map<ProviderId, Provider>();

  // The library loads with the first demo sign-in, not with every server start (nor outside demo mode).
  let library: Promise<typeof import('oidc-provider').default> | undefined;

  async function providerOf(id: ProviderId): Promise<Provider> {
    const existing = providers.get(id);
    if (existing) return existing;
    const ProviderClass = await (library ??= import('oidc-provider').then((m) => m.default));
    // Two first requests at once: the one that loaded second takes the other's provider.
    const loaded = providers.get(id);
    if (loaded) return loaded;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `${id}-${randomBytes(4).toString('hex')}`, alg: 'ES256', use: 'sig' };
    const configuration: Configuration = {
      clients: [
        {
          client_id: DEMO_CLIENT_ID,
          client_secret: clientSecret,
          redirect_uris: [`${origin}${OIDC_CALLBACK_PATH}`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: 'ES256',
        },
      ],
      jwks: { keys: [jwk as never] },
      cookies: {
        keys: [cookieKey],
        names: { session: `_${id}_session`, interaction: `_${id}_interaction`, resume: `_${id}_resume` },
      },
      scopes: ['openid', 'profile'],
      claims: { openid: ['sub'], profile: ['fiscal_number', 'given_name', 'family_name'] },
      // The scope's claims go in the ID token: the relying party reads the tax code there.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
      pkce: { required: () => true },
      ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      findAccount: (_ctx, sub) => {
        const identity = repo.identity(sub);
        if (!identity) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            fiscal_number: `${FISCAL_NUMBER_PREFIX}${identity.codice_fiscale}`,
            given_name: identity.nome,
            family_name: identity.cognome,
          }),
        };
      },
      interactions: { url: (_ctx, interaction) => interactionPath(id, interaction.uid) },
      // The portal is the provider's only client: no consent page, the grant covers what it asks.
      loadExistingGrant: async (koa: KoaContextWithOIDC) => {
        const { oidc } = koa;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client?.clientId ?? '');
        if (grantId) return oidc.provider.Grant.find(grantId);
        const grant = new oidc.provider.Grant({ clientId: oidc.client?.clientId, accountId: oidc.session?.accountId });
        grant.addOIDCScope('openid profile');
        await grant.save();
        return grant;
      },
      renderError: (koa, _out, error) => {
        koa.status = (error as { statusCode?: number }).statusCode ?? 400;
        koa.set(IDP_PAGE_HEADERS);
        koa.body = idpErrorPage(schemeOf(id), GONE);
      },
    };
    const provider = new ProviderClass(issuerOf(id), configuration);
    providers.set(id, provider);
    return provider;
  }

  return {
    client: (id) => ({ issuer: issuerOf(id), client_id: DEMO_CLIENT_ID, client_secret: clientSecret }),

    async register(app) {
      // The providers' own endpoints: the node request, its URL without the prefix, to the Koa app.
      await app.register(async (scope) => {
        // The provider reads the body itself (token requests are form posts).
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        scope.all(`${IDP_PREFIX}/:id/*`, async (request, reply) => {
          const { id } = request.params as { id: string };
          if (!isProviderId(id)) return reply.code(404).send(notFound().body);
          const handler = (await providerOf(id)).callback();
          const raw = request.raw as IncomingMessage & { originalUrl?: string };
          const url = raw.url ?? '/';
          raw.originalUrl = url;
          raw.url = url.slice(`${IDP_PREFIX}/${id}`.length) || '/';
          reply.hijack();
          await handler(raw, reply.raw as ServerResponse);
        });
      });

      // Our interaction page: the demo identities, Entra and Annulla.
      await app.register(async (scope) => {
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        });
        const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).headers(IDP_PAGE_HEADERS).send(body);

        const interaction = async (id: string, uid: string, request: { raw: IncomingMessage }, reply: FastifyReply) => {
          if (!isProviderId(id)) return undefined;
          try {
            const provider = await providerOf(id);
            const details = await provider.interactionDetails(request.raw, reply.raw);
            return details.uid === uid && details.prompt.name === 'login' ? { id, provider } : undefined;
          } catch {
            return undefined;
          }
        };

        scope.get(`${IDP_PREFIX}/:id/interazione/:uid`, async (request, reply) => {
          const { id, uid } = request.params as { id: string; uid: string };
          const found = await interaction(id, uid, request, reply);
          if (!found) return isProviderId(id) ? html(reply, 400, idpErrorPage(schemeOf(id), GONE)) : reply.code(404).send(notFound().body);
          const page = idpPage({ providerName: NAMES.get(id) ?? id, scheme: schemeOf(found.id), action: interactionPath(found.id, uid), identities: repo.identities() });
          return html(reply, 200, page);
        });

        scope.post(`${IDP_PREFIX}/:id/interazione/:uid`, async (request, reply) => {
          const { id, uid } = request.params as { id: string; uid: string };
          if (!isProviderId(id)) return reply.code(404).send(notFound().body);
          // A form posted from another site must not sign the browser in (login CSRF).
          if (request.headers['sec-fetch-site'] === 'cross-site') return html(reply, 403, idpErrorPage(schemeOf(id), FOREIGN));
          const found = await interaction(id, uid, request, reply);
          if (!found) return html(reply, 400, idpErrorPage(schemeOf(id), GONE));
          const form = (request.body ?? {}) as { codice_fiscale?: string; azione?: string };
          if (form.azione === 'annulla') {
            const to = await found.provider.interactionResult(
              request.raw,
              reply.raw,
              { error: 'access_denied', error_description: CANCELLED },
              { mergeWithLastSubmission: false },
            );
            return reply.redirect(to, 303);
          }
          const identity = form.codice_fiscale ? repo.identity(form.codice_fiscale) : undefined;
          if (!identity) {
            const page = idpPage({ providerName: NAMES.get(id) ?? id, scheme: schemeOf(id), action: interactionPath(id, uid), identities: repo.identities(), error: NO_CHOICE });
            return html(reply, 400, page);
          }
          const to = await found.provider.interactionResult(request.raw, reply.raw, { login: { accountId: identity.codice_fiscale } }, { mergeWithLastSubmission: false });
          return reply.header('cache-control', 'no-store').redirect(to, 303);
        });
      });
    },
  };
}
