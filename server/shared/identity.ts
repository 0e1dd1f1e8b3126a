import { readFileSync } from 'node:fs';

/**
 * Sign-in with SPID and CIE over OpenID Connect: which identity providers the server may send the
 * browser to. The ids are those of the SPID chooser the app shows (the accredited providers) and
 * `cie`; docs/identity.md describes the flow and the configuration.
 */
export const SPID_PROVIDERS = [
  { id: 'arubaid', name: 'Aruba ID' },
  { id: 'etnaid', name: 'EtnaID' },
  { id: 'infocamereid', name: 'InfoCamere ID' },
  { id: 'infocertid', name: 'InfoCert ID' },
  { id: 'intesiid', name: 'Intesi Group ID' },
  { id: 'lepidaid', name: 'Lepida ID' },
  { id: 'namirialid', name: 'Namirial ID' },
  { id: 'posteid', name: 'Poste ID' },
  { id: 'sielteid', name: 'Sielte ID' },
  { id: 'spiditalia', name: 'SPIDItalia Register.it' },
  { id: 'teamsystemid', name: 'TeamSystem ID' },
  { id: 'timid', name: 'TIM ID' },
] as const;

export type SpidProviderId = (typeof SPID_PROVIDERS)[number]['id'];
export const CIE_PROVIDER = { id: 'cie', name: 'CIE' } as const;
export type ProviderId = SpidProviderId | 'cie';
export type SignInMethod = 'spid' | 'cie';

/** A real provider the school has registered the portal with (a relying party of its federation). */
export interface ExternalProvider {
  issuer: string;
  client_id: string;
  client_secret: string;
}

/** The content of the `OIDC_PROVIDERS` file. */
export interface ExternalProviders {
  cie?: ExternalProvider;
  spid?: Partial<Record<SpidProviderId, ExternalProvider>>;
}

/** A fetch a test puts in front of the relying party's own (forged answers of a provider). */
export type FetchHook = (url: string, init: RequestInit, next: (url: string, init: RequestInit) => Promise<Response>) => Promise<Response>;

export interface IdentityOptions {
  /**
   * The portal's origin as the browser reaches it (`PUBLIC_ORIGIN`): the redirect URI is
   * `<origin>/api/v4/utenti/oidc/ritorno` and the demo providers' issuers are `<origin>/idp/<id>`.
   */
  publicOrigin: string;
  /** Real providers (`OIDC_PROVIDERS`); in demo mode the ones not listed are the demo providers. */
  providers: ExternalProviders;
  /** Tests only. */
  fetchHook?: FetchHook;
}

function checkProvider(where: string, value: unknown): ExternalProvider {
  const p = value as Partial<ExternalProvider> | null;
  for (const key of ['issuer', 'client_id', 'client_secret'] as const) {
    if (typeof p?.[key] !== 'string' || p[key] === '') throw new Error(`OIDC_PROVIDERS: ${where}.${key} must be a non-empty string`);
  }
  const issuer = new URL((p as ExternalProvider).issuer);
  if (issuer.protocol !== 'https:') throw new Error(`OIDC_PROVIDERS: ${where}.issuer must be an https: address`);
  return p as ExternalProvider;
}

/** Reads and checks the `OIDC_PROVIDERS` JSON file; throws with a message naming what is wrong. */
export function loadExternalProviders(file: string): ExternalProviders {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { cie?: unknown; spid?: Record<string, unknown> };
  const out: ExternalProviders = {};
  if (raw.cie !== undefined) out.cie = checkProvider('cie', raw.cie);
  if (raw.spid !== undefined) {
    out.spid = {};
    for (const [id, value] of Object.entries(raw.spid)) {
      if (!SPID_PROVIDERS.some((p) => p.id === id)) throw new Error(`OIDC_PROVIDERS: spid.${id} is not a known SPID provider id`);
      out.spid[id as SpidProviderId] = checkProvider(`spid.${id}`, value);
    }
  }
  return out;
}

/** The redirect URI of every provider. */
export const OIDC_CALLBACK_PATH = '/api/v4/utenti/oidc/ritorno';
