/**
 * Model-based testing shared by every machine: generate one path per transition of the machine's
 * graph (the shortest way to a state, then the transition), replay the paths on a real actor whose
 * side effects are controlled by the test, and measure which transition definitions ran.
 */
import { expect } from 'vitest';
import {
  fromPromise,
  type Actor,
  type AnyEventObject,
  type AnyStateMachine,
  type InspectionEvent,
  type SnapshotFrom,
  type EventFromLogic,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

export type Transition = {
  guard?: { type?: unknown } | unknown;
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] | undefined };
  eventType: string;
  target?: ReadonlyArray<{ id: string }> | undefined;
};

export interface ModelStep<M extends AnyStateMachine> {
  event: EventFromLogic<M>;
  state: SnapshotFrom<M>;
}
export interface ModelPath<M extends AnyStateMachine> {
  description: string;
  steps: ModelStep<M>[];
}

/** A promise actor's outcome, which the test decides (`controlledActors`): its output or its rejection. */
export type ActorOutcome = { type: `xstate.done.actor.${string}`; output?: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };

/** An event a generated path may carry: one the machine takes, or the outcome of one of its actors. */
export type ModelEvent<M extends AnyStateMachine> = EventFromLogic<M> | ActorOutcome;

export const describeTransition = (t: Transition) =>
  `${t.source.id} --${t.eventType || '(always)'}--> ${t.target?.map((n) => n.id).join(',') ?? '(internal)'}`;

/**
 * Identity of a transition definition that survives `.provide()` (which clones the machine):
 * its source state, its event and its position among that state's candidates for the event.
 */
export const transitionKey = (t: Transition) => {
  const candidates = (t.eventType ? t.source.transitions.get(t.eventType) : t.source.always) ?? [];
  return `${describeTransition(t)} #${candidates.indexOf(t)}`;
};

/**
 * Every transition the machine defines, eventless and invoke done/error ones included, and the
 * machine's own (`getStateNodes` lists the nodes below the root only).
 */
export function definedTransitions(machine: AnyStateMachine): Transition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]) as Transition[];
}

const snapshotKey = (s: { value: unknown }) => JSON.stringify(s.value);
const eventKey = (e: AnyEventObject) => JSON.stringify(e);

/**
 * One path per edge of the state graph: the shortest path to the edge's source state, then the edge.
 * States are told apart by their value only, so context does not multiply the paths.
 */
export function transitionPaths<M extends AnyStateMachine>(
  machine: M,
  opts: { events: ReadonlyArray<ModelEvent<M>>; input?: unknown },
): ModelPath<M>[] {
  // createTestModel refuses machines that invoke actors; the traversal functions do not.
  const traversal = {
    events: opts.events,
    serializeState: snapshotKey,
    serializeEvent: eventKey,
    ...(opts.input !== undefined ? { input: opts.input } : {}),
  } as never;
  const toState = new Map<string, ModelStep<M>[]>();
  for (const p of getShortestPaths(machine, traversal)) {
    toState.set(snapshotKey(p.state as { value: unknown }), p.steps as ModelStep<M>[]);
  }
  const paths: ModelPath<M>[] = [];
  const adjacency = getAdjacencyMap(machine, traversal) as Record<
    string,
    { state: SnapshotFrom<M>; transitions: Record<string, { event: EventFromLogic<M>; state: SnapshotFrom<M> }> }
  >;
  for (const [stateKey, vertex] of Object.entries(adjacency)) {
    const prefix = toState.get(stateKey);
    if (!prefix) continue;
    for (const edge of Object.values(vertex.transitions)) {
      const handled = machine.getTransitionData(vertex.state as never, edge.event as never).length > 0;
      if (!handled) continue;
      const steps = [...prefix, { event: edge.event, state: edge.state } as ModelStep<M>];
      paths.push({ description: steps.map((s) => s.event.type).join(' → '), steps });
    }
  }
  return paths;
}

/** Inspector that records every transition definition an actor takes. */
export function transitionRecorder() {
  const taken = new Set<string>();
  return {
    taken,
    inspect(ev: InspectionEvent) {
      if (ev.type === '@xstate.microstep') for (const t of ev._transitions) taken.add(transitionKey(t as unknown as Transition));
    },
    uncovered(machine: AnyStateMachine) {
      return definedTransitions(machine)
        .filter((t) => !taken.has(transitionKey(t)))
        .map(describeTransition);
    },
  };
}

/**
 * Promise actors whose outcome the test decides: a generated `xstate.done.actor.<id>` step
 * resolves the pending call, an `xstate.error.actor.<id>` step rejects it.
 */
export function controlledActors<Ids extends string>(ids: readonly Ids[]) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown }>();
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            pending.set(id, { resolve, reject, input });
          }),
      ),
    ]),
  ) as Record<Ids, ReturnType<typeof fromPromise<unknown, unknown>>>;
  return {
    actors,
    inputOf: (id: Ids) => pending.get(id)?.input,
    /** Settles the actor that a done/error step names; returns false for ordinary events. */
    settle(event: AnyEventObject): boolean {
      const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (!m) return false;
      const call = pending.get(m[2]!);
      if (!call) throw new Error(`${m[2]} was not invoked before ${event.type}`);
      pending.delete(m[2]!);
      if (m[1] === 'done') call.resolve((event as { output?: unknown }).output);
      else call.reject((event as { error?: unknown }).error);
      return true;
    },
  };
}

/** Lets promise callbacks and the actor's reactions run. */
export const settled = () => new Promise((r) => setTimeout(r, 0));

/**
 * Replays a generated path on a started actor, step by step after the initial one: each event goes
 * through `replay` (by default: settle the controlled actor it names or send it, then let the actor
 * react), and the state the step must reach is asserted before `onStep` runs the test's own checks.
 * Returns the final snapshot.
 */
export async function replayPath<M extends AnyStateMachine>(
  actor: Actor<M>,
  path: ModelPath<M>,
  opts: {
    control?: { settle(event: AnyEventObject): boolean };
    replay?: (event: EventFromLogic<M>) => Promise<void>;
    onStep?: (step: ModelStep<M>, snapshot: SnapshotFrom<M>, previous: SnapshotFrom<M>) => void;
  } = {},
): Promise<SnapshotFrom<M>> {
  const replay =
    opts.replay ??
    (async (event: EventFromLogic<M>) => {
      if (!opts.control?.settle(event)) actor.send(event);
      await settled();
    });
  for (const step of path.steps.slice(1)) {
    const previous = actor.getSnapshot() as SnapshotFrom<M>;
    await replay(step.event);
    const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
    expect((snapshot as { value: unknown }).value).toEqual((step.state as { value: unknown }).value);
    opts.onStep?.(step, snapshot, previous);
  }
  return actor.getSnapshot() as SnapshotFrom<M>;
}
