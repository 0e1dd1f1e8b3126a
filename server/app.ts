import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaValidationError,
  type RouteOptions,
} from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import openapiGlue from 'fastify-openapi-glue';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppContext } from './context';
import { openDatabase } from './bootstrap/database';
import { lockDataDir } from './bootstrap/lock';
import type { Db } from './db/database';
import { DEFAULT_SCHOOL_ID } from './db/seed';
import {
  ApiError,
  BUSY_RETRY_AFTER_SECONDS,
  badRequest,
  errorCodeFor,
  internalError,
  notFound,
  rateLimited,
  serviceBusy,
  type ErrorBody,
} from './shared/errors';
import type { IdentityOptions } from './shared/identity';
import { registerSecurityHeaders, type SecurityHeaderOptions } from './shared/securityHeaders';
import { registerJsonCompression } from './shared/compression';
import { AREAS } from './areas';
import { authHandlers } from './handlers/auth';
import { metaHandlers } from './handlers/meta';
import { studentHandlers } from './handlers/student';
import { SPEC_PATH, packageVersion } from './paths';
import { gradesRepository } from './repositories/grades';
import { schoolsRepository } from './repositories/schools';
import { sessionsRepository } from './repositories/sessions';
import { studentsRepository } from './repositories/students';
import { usersRepository } from './repositories/users';
import { TokenService, jwtSecurityHandler, loadOrCreateSigningKeys } from './security';
import { isFilePath, registerStaticFiles, sendAppPage } from './staticFiles';

export interface BuildAppOptions {
  /** Holds `portal.sqlite` (created when missing, migrated when older) and `jwt-key.json`. */
  dataDir: string;
  /**
   * Demo mode: a database created now gets the demo accounts and their data, and the demo SPID
   * and CIE identity providers are served. Off unless asked for (`npm start` asks, see main.ts).
   */
  demo?: boolean;
  /** The clock; the seed and every time stamp follow it. Defaults to real time. */
  now?: () => Date;
  /** Folder of the built web app, served with an SPA fallback (production). */
  serveStaticFrom?: string;
  accessTokenTtlSeconds?: number;
  /** Absolute lifetime of a session from its sign-in (default 12 h), refreshes or not. */
  sessionMaxSeconds?: number;
  /** Login attempts per minute per client IP and user code. */
  loginRateMax?: number;
  /** Login attempts per minute per client IP, whatever the user code (default 5 × loginRateMax). */
  loginRateMaxPerAddress?: number;
  /**
   * Fastify's `trustProxy`: which proxy hops may set X-Forwarded-For (the client address the limits
   * count). Off by default: behind a TLS proxy, set it to the proxy's hop count or address.
   */
  trustProxy?: boolean | number | string;
  /** Browser security headers (mobile pages' frame-ancestors, HSTS). */
  securityHeaders?: SecurityHeaderOptions;
  logger?: boolean;
  /** Answered by `/version.txt`; defaults to `PORTAL_DEPLOYED_VERSION`, else package.json. */
  version?: string;
  /**
   * Sign-in with SPID and CIE (docs/identity.md): the portal's origin as browsers reach it (default
   * `http://127.0.0.1:8080`), the real providers, and (tests only) a hook in front of the relying
   * party's fetch.
   */
  identity?: Partial<IdentityOptions>;
  /**
   * Routes outside the contract, registered with the areas: only the browser tests' server entry
   * (`tests/server-hooks/main.ts`) passes any. A production server has none and no code for them.
   */
  extend?: AppExtension;
}

/** Registers extra routes on the app, with the areas' context and database. */
export type AppExtension = (app: FastifyInstance, ctx: AppContext, db: Db) => Promise<void> | void;

const LOG_REDACTIONS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'body',
  'password',
  'token',
  '*.password',
  '*.token',
];

/**
 * Query parameters that carry a credential (a SPID or mobile code, a payment's client secret, a
 * hand-over code): never written to a log. The request line is logged with them replaced.
 */
const SECRET_QUERY_PARAMETERS = /^(codice|code|spid|cie|token|client_secret|payment_intent_client_secret|secret|key)$/i;

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of [...new Set(params.keys())]) {
    if (SECRET_QUERY_PARAMETERS.test(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** A hop count becomes the function Fastify's types accept (Fastify itself takes the number too). */
function trustProxyOption(value: boolean | number | string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value ?? false;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Request validation. Fastify's Ajv defaults (coerceTypes 'array', removeAdditional true) suit path,
 * query and header parameters, which always arrive as strings, and form fields (multipart bodies,
 * turned into the body by a preValidation hook: every value is a string there too). A JSON body is
 * validated as sent instead: `123` is not a string, `"PC"` is not an array, and a property the
 * contract does not declare under `additionalProperties: false` is refused, not silently dropped.
 * Both compilers come from @fastify/ajv-compiler (Fastify's own, so the same formats and pools).
 */
const ajvCompilers = AjvCompiler();
const JSON_BODY_OPTIONS = { coerceTypes: false, removeAdditional: false } as const;

interface RouteSchema {
  schema: object;
  method: string;
  url: string;
  httpPart?: string;
  contentType?: string;
}
type Compile = (route: RouteSchema) => unknown;
interface AjvOptions {
  customOptions?: object;
  plugins?: unknown[];
}

/**
 * Header names are case-insensitive and arrive lower-cased; Fastify lower-cases the names of a
 * headers schema itself only with its default compiler, so this one does it (`Idempotency-Key`).
 */
function lowerCaseHeaderNames(schema: object): object {
  const { properties, required } = schema as { properties?: Record<string, unknown>; required?: unknown };
  return {
    ...schema,
    ...(properties && { properties: Object.fromEntries(Object.entries(properties).map(([name, s]) => [name.toLowerCase(), s])) }),
    ...(Array.isArray(required) && { required: required.map((name: string) => name.toLowerCase()) }),
  };
}

function buildValidator(externalSchemas: unknown, options: AjvOptions = {}): Compile {
  const build = ajvCompilers as unknown as (external: unknown, opts: AjvOptions) => Compile;
  const coercing = build(externalSchemas, { ...options, customOptions: { ...options.customOptions } });
  const asSent = build(externalSchemas, { ...options, customOptions: { ...options.customOptions, ...JSON_BODY_OPTIONS } });
  return (route) => {
    if (route.httpPart === 'headers') return coercing({ ...route, schema: lowerCaseHeaderNames(route.schema) });
    return route.httpPart === 'body' && !route.contentType?.startsWith('multipart/') ? asSent(route) : coercing(route);
  };
}

/** Fastify's `body/x must be string` messages, plus the name of a property that is not allowed. */
function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const text = errors.map((e) => {
    const at = `${dataVar}${e.instancePath || ''}`;
    const extra = e.keyword === 'additionalProperties' ? (e.params as { additionalProperty?: string }).additionalProperty : undefined;
    return extra === undefined ? `${at} ${e.message}` : `${at} must NOT have additional property '${extra}'`;
  });
  return new Error(text.join(', '));
}

/**
 * Fastify validates a body only when the request has one of a declared content type: with no body,
 * or a text/plain one, the handler would run without a valid body. Every request body of the contract is required (validation.test.ts
 * checks it), so a route with a body schema and no body is answered 400 like any other bad body.
 * Added last, after the preValidation hooks that build a body (multipart forms).
 */
function requireBody(route: RouteOptions): void {
  if ((route.schema as { body?: unknown } | undefined)?.body === undefined) return;
  const existing = route.preValidation;
  const hooks = Array.isArray(existing) ? existing : existing ? [existing] : [];
  const attach = route.attachValidation === true;
  route.preValidation = [
    ...hooks,
    async (request: FastifyRequest) => {
      // No body at all, or one of a content type the operation does not declare (text/plain arrives as a string).
      if (typeof request.body === 'object' && request.body !== null) return;
      const error = badRequest('body must be object');
      // A route that takes its validation errors itself (attachValidation) gets this one too.
      if (attach) request.validationError = Object.assign(error, { validation: [], validationContext: 'body' });
      else throw error;
    },
  ];
}

/**
 * fastify-openapi-glue checks the security scheme in `preHandler`, after the body has been read,
 * parsed and validated (a multipart upload buffered): anyone could make the server do that work.
 * The `jwt` check reads only the Authorization header, so it moves to `onRequest`, before the body
 * is read at all (ASVS V11/V13: anonymous 6 MB uploads get 401, not 413). Registered before any
 * other onRoute hook, it sees an operation's preHandler as the glue set it: the security check
 * alone (a single function); preHandlers an area adds later stay where they are.
 */
function authenticateBeforeBody(route: RouteOptions): void {
  if ((route.schema as { operationId?: string } | undefined)?.operationId === undefined) return;
  if (typeof route.preHandler !== 'function') return;
  const existing = route.onRequest;
  route.onRequest = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), route.preHandler];
  route.preHandler = [];
}

/** At most `max` requests per client address in each window of `windowMs` (fixed windows, in memory). */
function perAddressLimiter(max: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return async (request: FastifyRequest): Promise<void> => {
    const nowMs = Date.now();
    if (windows.size > 10_000) {
      for (const [ip, w] of windows) if (nowMs - w.start >= windowMs) windows.delete(ip);
    }
    const current = windows.get(request.ip);
    const window = current && nowMs - current.start < windowMs ? current : { start: nowMs, count: 0 };
    window.count += 1;
    windows.set(request.ip, window);
    if (window.count > max) throw rateLimited();
  };
}

/** Maps anything thrown to the contract's `{ detail, error }` answer. */
function errorAnswer(err: FastifyError | ApiError | Error, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (err instanceof ApiError) return { status: err.statusCode, body: err.body };
  // fastify-openapi-glue wraps what the security handlers threw in a SecurityError.
  const wrapped = (err as { errors?: unknown }).errors;
  if (err.name === 'Unauthorized' && Array.isArray(wrapped)) {
    const inner = wrapped.find((e): e is ApiError => e instanceof ApiError);
    return inner ? { status: inner.statusCode, body: inner.body } : { status: 401, body: { detail: 'Sessione scaduta', error: 'unauthorized' } };
  }
  const sqliteCode = (err as { code?: unknown }).code;
  if (sqliteCode === 'SQLITE_BUSY' || sqliteCode === 'SQLITE_LOCKED' || String(sqliteCode).startsWith('SQLITE_BUSY_')) {
    return { status: 503, body: serviceBusy() };
  }
  const status = (err as FastifyError).statusCode ?? 500;
  if ((err as FastifyError).validation) return { status: 400, body: { detail: err.message, error: 'bad_request' } };
  if (status >= 400 && status < 500) return { status, body: { detail: err.message, error: errorCodeFor(status) } };
  request.log.error({ err }, 'request failed');
  return { status: 500, body: internalError() };
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const now = opts.now ?? (() => new Date());
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(dataDir);
  let db: Db;
  try {
    db = await openDatabase(dataDir, now(), { demo: opts.demo ?? false, log: (line) => console.log(line) });
  } catch (err) {
    unlock();
    throw err;
  }
  const tokens = new TokenService(await loadOrCreateSigningKeys(dataDir), now, sessionsRepository(db), {
    ttlSeconds: opts.accessTokenTtlSeconds ?? 900,
    sessionMaxSeconds: opts.sessionMaxSeconds,
  });
  const users = usersRepository(db);
  const ctx: AppContext = {
    now,
    dataDir,
    demo: opts.demo ?? false,
    tokens,
    users,
    schools: schoolsRepository(db),
    students: studentsRepository(db),
    grades: gradesRepository(db),
    defaultSchoolId: DEFAULT_SCHOOL_ID,
    identity: {
      publicOrigin: (opts.identity?.publicOrigin ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
      providers: opts.identity?.providers ?? {},
      fetchHook: opts.identity?.fetchHook,
    },
    version: opts.version ?? process.env.PORTAL_DEPLOYED_VERSION ?? packageVersion(),
  };

  const app = Fastify({
    logger: opts.logger
      ? {
          redact: { paths: LOG_REDACTIONS, censor: '[redacted]' },
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    trustProxy: trustProxyOption(opts.trustProxy),
    schemaController: { compilersFactory: { buildValidator: buildValidator as never } },
    schemaErrorFormatter,
    // Real backends' clients call per-student paths with a trailing slash (…/voti_plain/); both work.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.addHook('onClose', () => {
    db.close();
    unlock();
  });
  app.decorateRequest('portalUser', null);
  registerSecurityHeaders(app, {
    formActionOrigins: ctx.schools.enrolmentPortalOrigins(),
    ...opts.securityHeaders,
  });

  registerJsonCompression(app);

  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorAnswer(err, request);
    if (status === 503) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  const staticRoot = opts.serveStaticFrom ? resolve(opts.serveStaticFrom) : undefined;
  if (staticRoot && !existsSync(resolve(staticRoot, 'index.html'))) {
    throw new Error(`${staticRoot}/index.html not found: build the web app first (npm run build)`);
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (staticRoot && isPage && !isApiPath(request.url) && !isFilePath(request.url)) {
      return sendAppPage(reply, staticRoot, request.url.split('?')[0]);
    }
    return reply.code(404).send(notFound().body);
  });

  // Only the login route is limited; key = client IP + lower-cased user code.
  await app.register(fastifyRateLimit, { global: false });
  const loginLimiter = app.rateLimit({
    max: opts.loginRateMax ?? 10,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const utente = (request.body as { utente?: unknown } | undefined)?.utente;
      return `${request.ip}|${typeof utente === 'string' ? utente.toLowerCase() : ''}`;
    },
    errorResponseBuilder: () => rateLimited(),
  });
  // One address trying many user codes (password spraying) is limited as well as one user code.
  // Its own counter: @fastify/rate-limit applies one limiter per request.
  const addressLimiter = perAddressLimiter(opts.loginRateMaxPerAddress ?? 5 * (opts.loginRateMax ?? 10), 60_000);
  app.addHook('onRoute', (route) => {
    if ((route.schema as { operationId?: string } | undefined)?.operationId !== 'login') return;
    // preValidation: after the body is parsed (the key needs the user code), before anything else.
    const existing = route.preValidation;
    route.preValidation = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), addressLimiter, loginLimiter];
  });

  if (staticRoot) {
    await registerStaticFiles(app, staticRoot);
  }

  // Before the areas' hooks: it must see the glue's security check alone in preHandler.
  app.addHook('onRoute', authenticateBeforeBody);
  for (const area of AREAS) await area.register?.(app, ctx, db);
  await opts.extend?.(app, ctx, db);
  app.addHook('onRoute', requireBody);

  await app.register(openapiGlue, {
    specification: SPEC_PATH,
    serviceHandlers: {
      ...authHandlers(ctx),
      ...studentHandlers(ctx, AREAS.flatMap((area) => (area.updates ? [area.updates(db)] : []))),
      ...metaHandlers(ctx),
      ...Object.assign({}, ...AREAS.map((area) => area.handlers(ctx, db))),
    },
    securityHandlers: {
      jwt: jwtSecurityHandler(tokens, (subject) => users.exists(subject.id_utente, subject.mastercom_id)),
    },
  });

  await app.ready();
  return app;
}
