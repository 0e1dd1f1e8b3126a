import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { RequestBody, ResponseBody } from '../../shared/contract';
import { badRequest } from '../../shared/errors';
import { requireUser } from '../../security';
import type { Area } from '../area';
import { dispatcher, type Dispatcher } from './dispatcher';
import { loadOrCreateVapidKeys, pushSender, type VapidKeys } from './push';
import { preferencesRepository } from './repository';

interface Notices {
  keys: VapidKeys;
  dispatcher: Dispatcher;
}

/** One key pair and one dispatcher per app, made by whichever hook runs first. */
const perApp = new WeakMap<AppContext, Notices>();

/** The VAPID subject: the school's contact for the push services (`PUSH_SUBJECT`), else the portal's https origin. */
function subjectOf(ctx: AppContext): string {
  const configured = process.env.PUSH_SUBJECT;
  if (configured) return configured;
  return ctx.identity.publicOrigin.startsWith('https://') ? ctx.identity.publicOrigin : 'mailto:portale-famiglie@example.org';
}

/** The app's notices: its VAPID keys and its dispatcher (the tests tick it themselves). */
export function noticesOf(ctx: AppContext, db: Db): Notices {
  let found = perApp.get(ctx);
  if (!found) {
    const keys = loadOrCreateVapidKeys(ctx.dataDir);
    found = { keys, dispatcher: dispatcher(preferencesRepository(db), pushSender(keys, subjectOf(ctx)), ctx.now) };
    perApp.set(ctx, found);
  }
  return found;
}

const perServer = new WeakMap<object, Notices>();

/** The notices of a built app (tests tick its dispatcher with a pinned clock instead of waiting for the scheduler). */
export const noticesOfApp = (app: object): Notices | undefined => perServer.get(app);

/** How often the scheduler looks for events and due summaries (`PUSH_TICK_SECONDS`, default 5). */
const tickMs = (): number => Math.max(1, Number(process.env.PUSH_TICK_SECONDS) || 5) * 1000;

/**
 * The user's preferences and Web Push notices (docs/product.md#preferences). Contract:
 * openapi/src/preferenze.yaml. Events come into `notifiche_eventi` (the demo command
 * `npm run demo:event` adds them from another process); the scheduler's tick sends them.
 */
export const preferenzeArea: Area = {
  name: 'preferenze',
  handlers: (ctx, db) => {
    const repo = preferencesRepository(db);
    return {
      getPreferences(request: FastifyRequest): ResponseBody<'getPreferences'> {
        return repo.preferences(requireUser(request).id_utente);
      },
      savePreferences(request: FastifyRequest): ResponseBody<'savePreferences'> {
        const user = requireUser(request);
        const body = request.body as RequestBody<'savePreferences'>;
        const mine = repo.studentsOf(user.id_utente);
        const stranger = body.notifiche.studenti_esclusi.some((s) => !mine.some((m) => m.id_scuola === s.id_scuola && m.id_studente === s.id_studente));
        if (stranger) throw badRequest("Studente non associato all'utente", 'studente_non_valido');
        repo.savePreferences(user.id_utente, body);
        return repo.preferences(user.id_utente);
      },
      getPushKey(request: FastifyRequest): ResponseBody<'getPushKey'> {
        requireUser(request);
        return { chiave_pubblica: noticesOf(ctx, db).keys.publicKey };
      },
      addPushSubscription(request: FastifyRequest, reply: FastifyReply) {
        const user = requireUser(request);
        const body = request.body as RequestBody<'addPushSubscription'>;
        repo.subscribe(user.id_utente, body, ctx.now().getTime());
        return reply.code(201).send({ endpoint: body.endpoint } satisfies ResponseBody<'addPushSubscription', 201>);
      },
      removePushSubscription(request: FastifyRequest, reply: FastifyReply) {
        const user = requireUser(request);
        repo.unsubscribe(user.id_utente, (request.body as RequestBody<'removePushSubscription'>).endpoint);
        return reply.code(204).send();
      },
    };
  },
  // The scheduler: a tick every few seconds while the server listens, stopped when it closes.
  register: async (app, ctx, db) => {
    const notices = noticesOf(ctx, db);
    perServer.set(app, notices);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onListen', async () => {
      timer = setInterval(() => void notices.dispatcher.tick().catch((err: unknown) => app.log.error(err)), tickMs());
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
};
