import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { buildApp, type AppExtension } from './app';
import { DatabaseLayoutError } from './bootstrap/migrations';
import { loadExternalProviders } from './shared/identity';
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR } from './paths';

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function pinnedClock(): (() => Date) | undefined {
  const raw = process.env.PORTAL_NOW;
  if (!raw) return undefined;
  const pinned = new Date(raw);
  if (Number.isNaN(pinned.getTime())) throw new Error(`PORTAL_NOW must be an ISO date-time, got "${raw}"`);
  return () => new Date(pinned);
}

/** TRUST_PROXY: unset/false (direct), true, a hop count (1 = one proxy in front) or addresses/CIDRs. */
function trustProxy(): boolean | number | string {
  const raw = process.env.TRUST_PROXY;
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * Starts the portal as configured by the environment (README "Configuration"). `extend` adds routes
 * outside the contract: only the browser tests' entry passes it (`tests/server-hooks/main.ts`).
 */
export async function serve(extend?: AppExtension): Promise<void> {
  const production = process.env.NODE_ENV === 'production';
  // STATIC_DIR: another build folder (tests that build the app in parallel use their own).
  const distDir = resolve(process.env.STATIC_DIR || DEFAULT_DIST_DIR);
  if (production && !existsSync(distDir)) {
    console.error(`${distDir} not found: run "npm run build" first`);
    process.exit(1);
  }

  const port = positiveInteger('PORT', 8080);
  const host = process.env.HOST || '127.0.0.1';
  // Demo mode (demo accounts in a new database, the demo SPID and CIE providers) unless PORTAL_DEMO=0.
  const demo = process.env.PORTAL_DEMO !== '0' && process.env.PORTAL_DEMO !== 'false';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  // Sign-in with SPID and CIE (docs/identity.md): the origin browsers reach the portal at (the
  // providers' redirect URI and, in demo mode, the demo providers' issuers), and the real providers.
  const publicOrigin = process.env.PUBLIC_ORIGIN || `http://${shownHost}:${port}`;
  const providers = process.env.OIDC_PROVIDERS ? loadExternalProviders(process.env.OIDC_PROVIDERS) : {};
  // A database the code cannot take (newer, or of an unknown layout) stops the start with its message;
  // the file stays as it is.
  const app = await buildApp({
    extend,
    demo,
    dataDir: process.env.DATA_DIR || DEFAULT_DATA_DIR,
    now: pinnedClock(),
    serveStaticFrom: production ? distDir : undefined,
    accessTokenTtlSeconds: positiveInteger('ACCESS_TOKEN_TTL', 900),
    loginRateMax: positiveInteger('LOGIN_RATE_MAX', 10),
    loginRateMaxPerAddress: process.env.LOGIN_RATE_MAX_PER_ADDRESS ? positiveInteger('LOGIN_RATE_MAX_PER_ADDRESS', 50) : undefined,
    sessionMaxSeconds: positiveInteger('SESSION_MAX_SECONDS', 12 * 60 * 60),
    trustProxy: trustProxy(),
    securityHeaders: {
      mobileFrameAncestors: process.env.MOBILE_FRAME_ANCESTORS || undefined,
      hsts: process.env.HSTS || undefined,
    },
    logger: process.env.PORTAL_LOG === '1',
    identity: { publicOrigin, providers },
  }).catch((err: unknown) => {
    if (!(err instanceof DatabaseLayoutError)) throw err;
    console.error(err.message);
    process.exit(1);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }

  await app.listen({ port, host });
  console.log(`Portale Famiglie ${production ? '(app + API)' : '(API)'}${demo ? ', demo mode,' : ''} on http://${shownHost}:${port}/`);
}
