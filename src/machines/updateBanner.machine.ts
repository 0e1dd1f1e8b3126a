import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { isNewerVersion, parseVersion } from '../domain/version';

/**
 * What `/version.txt` says about the deployed portal. The format, one `KEY=value` per line:
 *
 *   VERSION=1.15.0      the deployed version, x.y.z (required; the only line the product defines)
 *   LOGOUT=1            optional: this update needs a fresh sign-in (token or stored-session
 *                       format changed); reloading then signs out first. `1` or `true`.
 *
 * Unknown lines are ignored, so the server can add keys without breaking older clients.
 */
export interface DeployedVersion {
  version: string;
  requiresSignOut: boolean;
}

export function parseVersionFile(text: string): DeployedVersion | null {
  const entries = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Z_]+)\s*=\s*(.*?)\s*$/i.exec(line);
    if (m) entries.set(m[1]!.toUpperCase(), m[2]!);
  }
  const version = entries.get('VERSION');
  if (version === undefined || !parseVersion(version)) return null;
  const logout = entries.get('LOGOUT')?.toLowerCase();
  return { version, requiresSignOut: logout === '1' || logout === 'true' };
}

/** docs/product.md#updates: the banner shows 10 s after a newer version is detected. */
export const BANNER_DELAY_MS = 10_000;
/** How often the deployed version is asked for (besides on window focus). */
export const POLL_INTERVAL_MS = 5 * 60_000;

export type UpdateBannerEvent =
  /** The window got the focus back: a good moment to look again (people leave tabs open for days). */
  | { type: 'window.focused' }
  /** A new service worker is installed and waiting to take over (vite-plugin-pwa `onNeedRefresh`). */
  | { type: 'sw.updateWaiting' }
  /** A new service worker took control of this page (activated from another tab). */
  | { type: 'sw.updateActivated' }
  | { type: 'banner.reload' };

export interface UpdateBannerInput {
  /** The running build's version (`__APP_VERSION__`). */
  currentVersion: string;
}

export interface UpdateBannerContext {
  currentVersion: string;
  /** The newer version found on the server, if any. */
  available: string | null;
  requiresSignOut: boolean;
}

/**
 * The update banner (docs/product.md#updates): polls the deployed version and on a newer one waits 10 s
 * before showing the banner, so the service worker has time to fetch the new build; when the
 * service worker has the new build ready (or already took control) it shows at once. The banner
 * offers a reload, which signs out first when the update requires it. It is never dismissed: a
 * stale build keeps calling an API that moved on.
 */
export const updateBannerMachine = setup({
  types: {
    context: {} as UpdateBannerContext,
    events: {} as UpdateBannerEvent,
    input: {} as UpdateBannerInput,
  },
  actors: {
    fetchVersion: fromPromise<DeployedVersion | null>(async () => {
      throw new Error('fetchVersion actor not provided');
    }),
  },
  actions: {
    /** Side effects the app provides (main.tsx, pwa.ts). */
    checkForWorkerUpdate: () => {},
    signOut: () => {},
    reloadPage: () => {},
    reload: enqueueActions(({ context, enqueue }) => {
      if (context.requiresSignOut) enqueue('signOut');
      enqueue('reloadPage');
    }),
  },
  guards: {
    isNewer: ({ context }, params: { found: DeployedVersion | null }) =>
      params.found !== null && isNewerVersion(params.found.version, context.currentVersion),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    bannerDelay: BANNER_DELAY_MS,
  },
}).createMachine({
  id: 'updateBanner',
  context: ({ input }) => ({ currentVersion: input.currentVersion, available: null, requiresSignOut: false }),
  initial: 'watching',
  states: {
    watching: {
      initial: 'checking',
      on: {
        'sw.updateWaiting': { target: 'shown' },
        'sw.updateActivated': { target: 'shown' },
      },
      states: {
        checking: {
          invoke: {
            id: 'fetchVersion',
            src: 'fetchVersion',
            onDone: [
              {
                guard: { type: 'isNewer', params: ({ event }) => ({ found: event.output }) },
                target: '#updateBanner.detected',
                actions: assign({
                  available: ({ event }) => event.output!.version,
                  requiresSignOut: ({ event }) => event.output!.requiresSignOut,
                }),
              },
              { target: 'waiting' },
            ],
            // Offline or a server hiccup: try again at the next tick.
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          after: { pollInterval: 'checking' },
          on: { 'window.focused': 'checking' },
        },
      },
    },
    detected: {
      // Ask the service worker to fetch the new build now rather than at the next navigation.
      entry: 'checkForWorkerUpdate',
      after: { bannerDelay: 'shown' },
      on: {
        'sw.updateWaiting': { target: 'shown' },
        'sw.updateActivated': { target: 'shown' },
      },
    },
    shown: {
      on: { 'banner.reload': 'reloading' },
    },
    reloading: {
      entry: 'reload',
    },
  },
});
