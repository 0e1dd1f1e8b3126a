import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { DEFAULT_SCHOOL_ID } from './db/seed';
import { ApiError, errorCodeFor, internalError, notFound, rateLimited, type ErrorBody } from './errors';
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
      // SPA fallback: the client router decides what an unknown path shows.
      return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html', staticRoot);
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
    await app.register(fastifyStatic, { root: staticRoot, wildcard: true, index: ['index.html'] });
  }

  for (const area of AREAS) await area.register?.(app, ctx, db);

  await app.register(openapiGlue, {
    specification: SPEC_PATH,
    serviceHandlers: {
      ...authHandlers(ctx),
      ...studentHandlers(ctx),
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
