import { existsSync } from 'node:fs';
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
import { DEFAULT_SCHOOL_ID } from './db/seed';
import { ApiError, badRequest, errorCodeFor, internalError, notFound, rateLimited, type ErrorBody } from './shared/errors';
import { AREAS } from './areas';
import { authHandlers } from './handlers/auth';
import { metaHandlers } from './handlers/meta';
import { studentHandlers } from './handlers/student';
import { SPEC_PATH, packageVersion } from './paths';
import { gradesRepository } from './repositories/grades';
import { schoolsRepository } from './repositories/schools';
import { studentsRepository } from './repositories/students';
import { usersRepository } from './repositories/users';
import { TokenService, jwtSecurityHandler, loadOrCreateSigningKeys } from './security';
import { registerStaticFiles, sendAppPage } from './staticFiles';

export interface BuildAppOptions {
  /** Holds `portal.sqlite` (created and seeded when missing) and `jwt-key.json`. */
  dataDir: string;
  /** The clock; the seed and every time stamp follow it. Defaults to real time. */
  now?: () => Date;
  /** Folder of the built web app, served with an SPA fallback (production). */
  serveStaticFrom?: string;
  accessTokenTtlSeconds?: number;
  /** Login attempts per minute per client IP and user code. */
  loginRateMax?: number;
  logger?: boolean;
  /** Answered by `/version.txt`; defaults to `PORTAL_DEPLOYED_VERSION`, else package.json. */
  version?: string;
}

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

/** Maps anything thrown to the contract's `{ detail, error }` answer. */
function errorAnswer(err: FastifyError | ApiError | Error, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (err instanceof ApiError) return { status: err.statusCode, body: err.body };
  // fastify-openapi-glue wraps what the security handlers threw in a SecurityError.
  const wrapped = (err as { errors?: unknown }).errors;
  if (err.name === 'Unauthorized' && Array.isArray(wrapped)) {
    const inner = wrapped.find((e): e is ApiError => e instanceof ApiError);
    return inner ? { status: inner.statusCode, body: inner.body } : { status: 401, body: { detail: 'Sessione scaduta', error: 'unauthorized' } };
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
  const db = await openDatabase(dataDir, now(), (line) => console.log(line));
  const tokens = new TokenService(await loadOrCreateSigningKeys(dataDir), now, opts.accessTokenTtlSeconds ?? 900);
  const users = usersRepository(db);
  const ctx: AppContext = {
    now,
    dataDir,
    tokens,
    users,
    schools: schoolsRepository(db),
    students: studentsRepository(db),
    grades: gradesRepository(db),
    defaultSchoolId: DEFAULT_SCHOOL_ID,
    version: opts.version ?? process.env.PORTAL_DEPLOYED_VERSION ?? packageVersion(),
  };

  const app = Fastify({
    logger: opts.logger ? { redact: { paths: LOG_REDACTIONS, censor: '[redacted]' } } : false,
    schemaController: { compilersFactory: { buildValidator: buildValidator as never } },
    schemaErrorFormatter,
    // Real backends' clients call per-student paths with a trailing slash (…/voti_plain/); both work.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.addHook('onClose', () => {
    db.close();
  });
  app.decorateRequest('portalUser', null);

  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorAnswer(err, request);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  const staticRoot = opts.serveStaticFrom ? resolve(opts.serveStaticFrom) : undefined;
  if (staticRoot && !existsSync(resolve(staticRoot, 'index.html'))) {
    throw new Error(`${staticRoot}/index.html not found: build the web app first (npm run build)`);
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (staticRoot && isPage && !isApiPath(request.url)) {
      return sendAppPage(reply, staticRoot);
    }
    return reply.code(404).send(notFound().body);
  });

  // Only the login route is limited; key = client IP + lower-cased user code.
  await app.register(fastifyRateLimit, { global: false });
  const loginLimiter = app.rateLimit({
    max: opts.loginRateMax ?? 10,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      return `${request.ip}|${typeof username === 'string' ? username.toLowerCase() : ''}`;
    },
    errorResponseBuilder: () => rateLimited(),
  });
  app.addHook('onRoute', (route) => {
    if ((route.schema as { operationId?: string } | undefined)?.operationId !== 'login') return;
    // preValidation: after the body is parsed (the key needs the user code), before anything else.
    const existing = route.preValidation;
    route.preValidation = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), loginLimiter];
  });

  if (staticRoot) {
    await registerStaticFiles(app, staticRoot);
  }

  for (const area of AREAS) await area.register?.(app, ctx, db);
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
      jwt: jwtSecurityHandler(tokens, (subject) => users.findById(subject.id_utente)?.mastercom_id === subject.mastercom_id),
    },
  });

  await app.ready();
  return app;
}
