import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorCodeFor } from '../../server/shared/errors';
import type { AppExtension } from '../../server/app';
import { registerAccountHooks } from './accounts';
import { registerTestClock } from './clock';
import { registerMessageHooks } from './messages';
import { registerPaymentHooks } from './payments';

/**
 * Fault injection for the browser tests (outside the contract), on the server the browser tests
 * start (`./main.ts`, named by playwright.config.ts). The production server has none of this code.
 *
 *   POST   /__test__/guasti  { metodo?, percorso, stato?, detail?, error?, volte?, ritardo_ms? }
 *   GET    /__test__/guasti  the faults still active
 *   DELETE /__test__/guasti  removes them all
 *
 * A fault applies to the next `volte` requests (default 1) whose method is `metodo` (any when
 * missing) and whose path (no query string) matches the regular expression `percorso`. It waits
 * `ritardo_ms`, then answers `stato` with `{ detail, error }`; without `stato` it only delays the
 * request, which then runs normally. Statuses outside 100-599 (901, the school's message) are
 * written on the raw socket, since Fastify refuses them. Requests to /__test__/ are never faulted.
 * `/__test__/messaggi` (./messages.ts) places hostile HTML in the messages for the XSS tests;
 * `/__test__/pagamenti` (./payments.ts) lists an item's checkouts, to count its charges;
 * `/__test__/utenti` (./accounts.ts) makes a disposable copy of a demo account.
 */
export const TEST_HOOKS_PREFIX = '/__test__/';
const FAULTS_PATH = '/__test__/guasti';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

interface FaultBody {
  metodo?: (typeof METHODS)[number];
  percorso: string;
  stato?: number;
  detail?: string;
  error?: string;
  volte?: number;
  ritardo_ms?: number;
}

interface Fault {
  id: number;
  /** The test that asked for it (header SCOPE_HEADER), so tests running side by side never meet each other's faults. */
  ambito?: string;
  metodo?: string;
  percorso: string;
  pattern: RegExp;
  stato?: number;
  detail: string;
  error: string;
  restanti: number;
  ritardo_ms: number;
}

const DEFAULT_DETAILS: Record<number, string> = {
  400: 'Richiesta non valida',
  401: 'Sessione scaduta',
  403: 'Accesso non consentito',
  404: 'Contenuto non disponibile',
  408: 'Il server non ha risposto in tempo, riprova tra qualche minuto',
  409: 'Conflict',
  500: 'Errore interno',
  901: 'La funzione non è disponibile in questo momento',
};

function defaultError(status: number): string {
  if (status === 901) return 'school_message';
  if (status >= 500) return 'internal';
  return errorCodeFor(status);
}

const faultSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['percorso'],
    properties: {
      metodo: { type: 'string', enum: METHODS },
      percorso: { type: 'string', minLength: 1, maxLength: 500 },
      stato: { type: 'integer', minimum: 100, maximum: 999 },
      detail: { type: 'string', maxLength: 2000 },
      error: { type: 'string', maxLength: 2000 },
      volte: { type: 'integer', minimum: 1, maximum: 10000 },
      ritardo_ms: { type: 'integer', minimum: 0, maximum: 120000 },
    },
  },
};

/**
 * A fault created by a request carrying this header applies only to requests carrying the same
 * value (the browser tests send their test id from both the page and the API client); DELETE with
 * it clears only those faults. Faults created without it apply to every request.
 */
export const SCOPE_HEADER = 'x-test-ambito';
const scopeOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[SCOPE_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const view = ({ pattern: _pattern, ...fault }: Fault) => fault;

export function registerTestHooks(app: FastifyInstance): void {
  const faults: Fault[] = [];
  let nextId = 1;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (faults.length === 0) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (path.startsWith(TEST_HOOKS_PREFIX)) return;
    const scope = scopeOf(request);
    const fault = faults.find(
      (f) => (!f.ambito || f.ambito === scope) && (!f.metodo || f.metodo === request.method) && f.pattern.test(path),
    );
    if (!fault) return;
    fault.restanti -= 1;
    if (fault.restanti <= 0) faults.splice(faults.indexOf(fault), 1);
    if (fault.ritardo_ms > 0) await sleep(fault.ritardo_ms);
    if (fault.stato === undefined) return;

    const body = JSON.stringify({ detail: fault.detail, error: fault.error });
    if (fault.stato >= 100 && fault.stato <= 599) {
      return reply.code(fault.stato).type('application/json; charset=utf-8').send(body);
    }
    reply.hijack();
    reply.raw.writeHead(fault.stato, 'School Message', {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    reply.raw.end(body);
    return reply;
  });

  app.post(FAULTS_PATH, { schema: faultSchema }, async (request, reply) => {
    const body = request.body as FaultBody;
    if (body.stato === undefined && !body.ritardo_ms) {
      throw new ApiError(400, 'Indicare stato, ritardo_ms o entrambi', 'bad_request');
    }
    let pattern: RegExp;
    try {
      pattern = new RegExp(body.percorso);
    } catch {
      throw new ApiError(400, `percorso non è un'espressione regolare valida: ${body.percorso}`, 'bad_request');
    }
    const stato = body.stato;
    const ambito = scopeOf(request);
    const fault: Fault = {
      id: nextId++,
      ...(ambito ? { ambito } : {}),
      metodo: body.metodo,
      percorso: body.percorso,
      pattern,
      stato,
      detail: body.detail ?? (stato === undefined ? '' : (DEFAULT_DETAILS[stato] ?? `Errore ${stato}`)),
      error: body.error ?? (stato === undefined ? '' : defaultError(stato)),
      restanti: body.volte ?? 1,
      ritardo_ms: body.ritardo_ms ?? 0,
    };
    faults.push(fault);
    return reply.code(201).send(view(fault));
  });

  app.get(FAULTS_PATH, async (request) => {
    const scope = scopeOf(request);
    return faults.filter((f) => !scope || f.ambito === scope).map(view);
  });

  app.delete(FAULTS_PATH, async (request) => {
    const scope = scopeOf(request);
    const kept = faults.filter((f) => scope !== undefined && f.ambito !== scope);
    const rimossi = faults.length - kept.length;
    faults.splice(0, faults.length, ...kept);
    return { rimossi };
  });
}

/** Every test hook: the extension the browser tests' server is built with. */
export const testHooks: AppExtension = (app, ctx, db) => {
  registerTestHooks(app);
  registerTestClock(app, ctx, SCOPE_HEADER);
  registerMessageHooks(app, db, SCOPE_HEADER);
  registerPaymentHooks(app, db);
  registerAccountHooks(app, db);
};
