import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  BANNER_DELAY_MS,
  POLL_INTERVAL_MS,
  parseVersionFile,
  updateBannerMachine,
  type DeployedVersion,
  type UpdateBannerEvent,
} from './updateBanner.machine';
import { controlledActors, replayPath, transitionPaths, transitionRecorder } from './testing/model';

const CURRENT = '1.14.52';
const NEWER: DeployedVersion = { version: '1.15.0', requiresSignOut: false };
const NEWER_WITH_LOGOUT: DeployedVersion = { version: '1.15.0', requiresSignOut: true };
const SAME: DeployedVersion = { version: CURRENT, requiresSignOut: false };
const OLDER: DeployedVersion = { version: '1.9.99', requiresSignOut: true };

const AFTER_POLL = 'xstate.after.pollInterval.updateBanner.watching.waiting';
const AFTER_BANNER = 'xstate.after.bannerDelay.updateBanner.detected';

/** Every event the banner can see: the window's, the service worker's, the user's, each answer of the poll, and time. */
const EVENTS = [
  { type: 'window.focused' },
  { type: 'sw.updateWaiting' },
  { type: 'sw.updateActivated' },
  { type: 'banner.reload' },
  { type: 'xstate.done.actor.fetchVersion', output: NEWER },
  { type: 'xstate.done.actor.fetchVersion', output: NEWER_WITH_LOGOUT },
  { type: 'xstate.done.actor.fetchVersion', output: SAME },
  { type: 'xstate.done.actor.fetchVersion', output: OLDER },
  { type: 'xstate.done.actor.fetchVersion', output: null },
  { type: 'xstate.error.actor.fetchVersion', error: new TypeError('Failed to fetch') },
  { type: AFTER_POLL },
  { type: AFTER_BANNER },
] as unknown as UpdateBannerEvent[];

/** Lets timers due now, promise callbacks and the actor's reactions run (the clock is fake). */
const flush = () => vi.advanceTimersByTimeAsync(0);

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['fetchVersion'] as const);
  const effects: string[] = [];
  const record = (name: string) => () => void effects.push(name);
  const actor = createActor(
    updateBannerMachine.provide({
      actors: control.actors as never,
      actions: {
        checkForWorkerUpdate: record('checkForWorkerUpdate'),
        signOut: record('signOut'),
        reloadPage: record('reloadPage'),
      },
    }),
    { input: { currentVersion: CURRENT }, inspect: recorder.inspect },
  ).start();
  return { actor, control, effects };
}

type Harness = ReturnType<typeof run>;

/** Replays one generated step on the real actor: time steps advance the fake clock by the real delays. */
async function replay(h: Harness, event: UpdateBannerEvent) {
  const type = event.type as string;
  if (type === AFTER_BANNER) {
    // docs/product.md#updates: not one millisecond before 10 s.
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS - 1);
    expect(h.actor.getSnapshot().value).toBe('detected');
    await vi.advanceTimersByTimeAsync(1);
  } else if (type === AFTER_POLL) {
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(h.actor.getSnapshot().value).toEqual({ watching: 'waiting' });
    await vi.advanceTimersByTimeAsync(1);
  } else if (!h.control.settle(event)) {
    h.actor.send(event);
  }
  await flush();
}

describe('update banner machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const recorder = transitionRecorder();
  const paths = transitionPaths(updateBannerMachine, { events: EVENTS, input: { currentVersion: CURRENT } });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(8));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      await flush();
      const snap = await replayPath(h.actor, path, { replay: (event) => replay(h, event) });
      // What each state promises beyond its name.
      if (snap.matches('detected')) {
        expect(snap.context.available).toBe('1.15.0');
        expect(h.effects).toEqual(['checkForWorkerUpdate']);
      }
      if (snap.matches('watching')) {
        expect(snap.context.available).toBeNull();
        expect(h.effects).toEqual([]);
      }
      if (snap.matches('shown')) expect(h.effects).not.toContain('reloadPage');
      if (snap.matches('reloading')) {
        expect(h.effects.at(-1)).toBe('reloadPage');
        expect(h.effects.includes('signOut')).toBe(snap.context.requiresSignOut);
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(updateBannerMachine)).toEqual([]);
  });
});

describe('update banner rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('signs out before reloading when the update requires it', async () => {
    const h = run(transitionRecorder());
    await flush();
    h.control.settle({ type: 'xstate.done.actor.fetchVersion', output: NEWER_WITH_LOGOUT });
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS);
    expect(h.actor.getSnapshot().value).toBe('shown');
    h.actor.send({ type: 'banner.reload' });
    expect(h.effects).toEqual(['checkForWorkerUpdate', 'signOut', 'reloadPage']);
  });

  it('shows at once when the service worker has the new build ready', async () => {
    const h = run(transitionRecorder());
    await flush();
    h.control.settle({ type: 'xstate.done.actor.fetchVersion', output: NEWER });
    await flush();
    h.actor.send({ type: 'sw.updateWaiting' });
    expect(h.actor.getSnapshot().value).toBe('shown');
    h.actor.send({ type: 'banner.reload' });
    expect(h.effects).toEqual(['checkForWorkerUpdate', 'reloadPage']);
  });

  it('reads the version file', () => {
    expect(parseVersionFile('VERSION=1.15.0')).toEqual({ version: '1.15.0', requiresSignOut: false });
    expect(parseVersionFile('VERSION=1.15.0\nLOGOUT=1\n')).toEqual({ version: '1.15.0', requiresSignOut: true });
    expect(parseVersionFile('version = 2.0.0\r\nlogout=true\r\nBUILD=abc')).toEqual({ version: '2.0.0', requiresSignOut: true });
    expect(parseVersionFile('VERSION=1.15.0\nLOGOUT=0')).toEqual({ version: '1.15.0', requiresSignOut: false });
    expect(parseVersionFile('VERSION=1.15')).toBeNull();
    expect(parseVersionFile('<!doctype html><html></html>')).toBeNull();
    expect(parseVersionFile('')).toBeNull();
  });
});
