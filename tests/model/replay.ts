/**
 * What every browser transition suite shares: the generated paths of a machine replayed through
 * the UI against the reference server, a "shadow" actor of the machine run beside the browser with
 * the same events (after each step the screen must show the state it reached), and the app's
 * requests held until the path's `xstate.done/error.actor.*` step decides how they end.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { createActor, type AnyStateMachine } from 'xstate';
import { test, expect, DEMO_PASSWORD, FULL_BROWSER } from '../e2e/fixtures';
import { controlledActors, settled, type ModelPath } from '../../src/machines/testing/model';
import { suiteOf, type MachineSuite } from './machines';

/** A path step's event: one the UI sends, or the outcome of a call (`xstate.done/error.actor.<id>`). */
export type StepEvent<E> = E | { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };

/**
 * The machine itself, run beside the browser with the same events: after each step the screen must
 * show the state this actor is in (a path's own snapshots are representatives of their state value,
 * their context is not always the one this path builds).
 */
export function shadowOf<M extends AnyStateMachine>(machine: M, actorIds: readonly string[], input?: unknown) {
  const control = controlledActors(actorIds);
  const actor = createActor(machine.provide({ actors: control.actors } as never), input === undefined ? {} : { input: input as never }).start();
  return {
    snapshot: () => actor.getSnapshot(),
    async step(ev: { type: string }, expected: { value: unknown }) {
      if (!control.settle(ev)) actor.send(ev as never);
      await settled();
      expect(actor.getSnapshot().value).toEqual(expected.value);
      return actor.getSnapshot();
    },
  };
}

/**
 * The app's requests of one kind, held until released; after the release they pass at once, until
 * `hold()` arms the trap again (a path that asks for the same call twice).
 */
export class HeldRequests {
  private held: Route[] = [];
  private passing = false;
  readonly seen: string[] = [];

  static async on(page: Page, method: string, path: RegExp) {
    const h = new HeldRequests();
    await page.route(
      (url) => path.test(url.pathname),
      async (route) => {
        if (route.request().method() !== method) return route.fallback();
        h.seen.push(new URL(route.request().url()).pathname);
        if (h.passing) return route.fallback();
        h.held.push(route);
      },
    );
    return h;
  }

  get count() {
    return this.held.length;
  }

  async waitForOne() {
    await expect.poll(() => this.held.length).toBeGreaterThan(0);
  }

  hold() {
    this.passing = false;
  }

  async release() {
    this.passing = true;
    for (const route of this.held.splice(0)) await route.fallback();
  }
}

/** Asks the reference server to fail this test's next matching calls (tests/server-hooks). */
export async function fault(
  request: APIRequestContext,
  f: { metodo?: string; percorso: string; stato?: number; detail?: string; error?: string; volte?: number },
) {
  const res = await request.post('/__test__/guasti', { data: f });
  expect(res.status()).toBe(201);
}

/** A session of the API of one's own, to act behind the app's back. */
export async function apiSession(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/v4/utenti/login/', { data: { mastercom: 'DEMO01', utente: username, password } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as {
    token: string;
    mastercom_id: number;
    url_scuola: string;
    utente: unknown;
    studenti: Array<{ id: number; id_scuola: string; anno_corrente: string; nome: string }>;
  };
  const headers = { Authorization: `JWT ${body.token}` };
  return {
    headers,
    login: body,
    base: (studentName: string) => {
      const s = body.studenti.find((x) => x.nome.startsWith(studentName)) ?? body.studenti[0]!;
      return `/api/v3/scuole/${s.id_scuola}/studenti/${s.id}/${s.anno_corrente}`;
    },
    post: (url: string, data: unknown) => request.post(url, { headers, data }),
    put: (url: string, data: unknown) => request.put(url, { headers, data }),
    patch: (url: string) => request.patch(url, { headers }),
  };
}

/**
 * The machine's paths as browser tests, one per path, titled as the report lists them. Paths the
 * suite declares not driven in the browser get no test at all: the report lists them with the
 * reason instead, and their transitions do not count as covered.
 */
export function defineMachineSuite<M extends AnyStateMachine>(
  key: string,
  replay: (page: Page, request: APIRequestContext, path: ModelPath<M>, input: unknown) => Promise<void>,
) {
  const suite = suiteOf(key) as MachineSuite<M>;
  test.describe(suite.title, suite.fullBrowser ? { tag: FULL_BROWSER } : {}, () => {
    // One after the other: the paths of one machine share the demo accounts and their data.
    test.describe.configure({ mode: 'default' });
    for (const run of suite.runs) {
      const body = () => {
        for (const path of run.paths) {
          if (suite.notDriven?.(path)) continue;
          test(suite.titleOf(path), async ({ page, request }) => replay(page, request, path, run.input));
        }
      };
      if (run.label) test.describe(run.label, body);
      else body();
    }
  });
}
