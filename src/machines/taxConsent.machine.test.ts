import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { taxConsentMachine, type TaxConsentInput } from "./taxConsent.machine";
import { taxConsentModel } from "./testing/taxConsent.model";
import type { TaxChangeResult } from "../domain/payments";
import {
  controlledActors,
  replayPath,
  settled,
  transitionPaths,
  transitionRecorder,
} from "./testing/model";

function run(input: TaxConsentInput, recorder = transitionRecorder()) {
  const control = controlledActors(["changeConsent"] as const);
  let calls = 0;
  const actor = createActor(
    taxConsentMachine.provide({ actors: control.actors as never }),
    {
      input,
      inspect: (ev) => {
        recorder.inspect(ev);
        if (
          ev.type === "@xstate.actor" &&
          (ev.actorRef as { id?: string }).id === "changeConsent"
        )
          calls += 1;
      },
    },
  ).start();
  return { actor, control, calls: () => calls };
}

describe("tax consent machine, model-based", () => {
  const recorder = transitionRecorder();
  const { input } = taxConsentModel;
  const paths = transitionPaths(taxConsentMachine, {
    events: taxConsentModel.events,
    input,
  });
  it("has paths to test", () => expect(paths.length).toBeGreaterThanOrEqual(5));
  for (const path of paths) {
    it(path.description, async () => {
      const h = run(input, recorder);
      const snap = await replayPath(h.actor, path, {
        control: h.control,
        onStep: (step, now, before) => {
          const ev = step.event as {
            type: string;
            output?: TaxChangeResult;
            error?: unknown;
            change?: unknown;
          };
          if (ev.type === "ade.changeRequested") {
            expect(h.control.inputOf("changeConsent")).toEqual(ev.change);
            // Nothing changes before the server said yes.
            expect(now.context.consent).toEqual(before.context.consent);
          }
          if (ev.type === "xstate.done.actor.changeConsent" && ev.output?.success === false) {
            // Refused by the school: nothing changes, and its reason is on screen.
            expect(now.context.consent).toEqual(before.context.consent);
            expect(now.value).toBe("editable");
            expect(now.context.problem).toEqual({ kind: "refused", errore: ev.output.errore });
            expect(now.context.applied).toBeNull();
          } else if (ev.type === "xstate.done.actor.changeConsent" && ev.output?.success) {
            expect(now.context.consent).toEqual({
              ...before.context.consent,
              ...ev.output.consent,
            });
            expect(now.context.problem).toBeNull();
            expect(now.context.applied).toEqual(before.context.pending);
            expect(now.value).toBe(
              now.context.consent.attivo ? "editable" : "readOnly",
            );
          }
          if (ev.type === "xstate.error.actor.changeConsent") {
            expect(now.context.consent).toEqual(before.context.consent);
            expect(now.value).toBe("editable");
            expect(now.context.problem).toMatchObject({
              kind: "failed",
              failure: { status: 500 },
            });
          }
        },
      });
      const saves = path.steps.filter(
        (s) => s.event.type === "ade.changeRequested",
      ).length;
      expect(h.calls()).toBe(saves);
      expect(["editable", "saving", "readOnly"]).toContain(snap.value);
    });
  }

  it("exercises every transition of the machine", () => {
    expect(recorder.uncovered(taxConsentMachine)).toEqual([]);
  });
});

describe("tax consent rules", () => {
  it("keeps the refusal on screen while the next change is sent, until one is applied", async () => {
    const h = run(taxConsentModel.input);
    h.actor.send({
      type: "ade.changeRequested",
      change: { kind: "pagante", value: true },
    });
    await settled();
    h.control.settle({
      type: "xstate.done.actor.changeConsent",
      output: { success: false, errore: "No" },
    });
    await settled();
    h.actor.send({
      type: "ade.changeRequested",
      change: { kind: "opposizione", value: false },
    });
    h.actor.send({
      type: "ade.changeRequested",
      change: { kind: "opposizione", value: true },
    });
    await settled();
    expect(h.calls()).toBe(2);
    expect(h.actor.getSnapshot().context.problem).toEqual({
      kind: "refused",
      errore: "No",
    });
    h.control.settle({
      type: "xstate.done.actor.changeConsent",
      output: { success: true, consent: { opposizione: false } },
    });
    await settled();
    expect(h.actor.getSnapshot().context).toMatchObject({
      problem: null,
      applied: { kind: "opposizione", value: false },
    });
  });

  it("sends nothing when the choice is closed for the year", () => {
    const h = run(taxConsentModel.closedInput);
    h.actor.send({
      type: "ade.changeRequested",
      change: { kind: "pagante", value: true },
    });
    expect(h.calls()).toBe(0);
    expect(h.actor.getSnapshot().value).toBe("readOnly");
  });
});
