import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/model/actors.ts";
import type { Envelope } from "../../src/model/envelope.ts";
import { changeNotes, sliceHolds, toldOf } from "../../src/notes/change-notes.ts";
import { agent, alice, fixtureWorkspace } from "../workspace/helpers.ts";

// The log of: Alice makes a thread and a checklist, the agent proposes a change to it and
// changes nothing else, Alice accepts it.
async function log(): Promise<Envelope[]> {
  const ws = fixtureWorkspace();
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit(
    { type: "create_artifact", artifact_id: "c1", kind: "checklist", data: { items: {} } },
    alice,
  );
  const ops = [{ op: "add", path: "/title", value: "T" }];
  const proposed = await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "c1",
      base_version: 1,
      patch: { kind: "json_patch", ops },
    },
    agent,
  );
  if (!proposed.ok || proposed.outcome.type !== "proposed") throw new Error("expected a proposal");
  const { proposal_id } = proposed.outcome;
  await ws.commit({ type: "respond_to_proposal", proposal_id, decision: "accept" }, alice);
  return ws.log();
}

const holds = (slice: Envelope[], viewer: Actor, key: string) => ({
  holds: sliceHolds(slice.map(toldOf), key),
  notes: changeNotes(slice, { viewer }).length,
});

describe("what a slice of the log holds for a viewer, from actors and kinds alone", () => {
  it("is none for the viewer's own plain events, own for its answers, others for anyone else's", async () => {
    const envelopes = await log();
    const [, , proposal, ...answer] = envelopes;
    const agentActor = { ...agent, name: "assistant" } as Actor;
    const aliceActor = { ...alice } as Actor;
    expect(holds([], agentActor, "agent:t1")).toEqual({ holds: "none", notes: 0 });
    // The agent's proposal: nothing for the agent; for Alice, someone else's.
    expect(holds([proposal as Envelope], agentActor, "agent:t1")).toEqual({
      holds: "none",
      notes: 0,
    });
    expect(holds([proposal as Envelope], aliceActor, "user:alice").holds).toBe("others");
    // Alice's answer: no notes for Alice, yet it shapes what is read with it.
    expect(holds(answer, aliceActor, "user:alice")).toEqual({ holds: "own", notes: 0 });
    expect(holds(answer, agentActor, "agent:t1").holds).toBe("others");
    // Whatever holds none has no notes, however it is read.
    for (const [viewer, key] of [
      [agentActor, "agent:t1"],
      [aliceActor, "user:alice"],
    ] as const) {
      for (let i = 0; i < envelopes.length; i++) {
        const slice = envelopes.slice(i);
        if (sliceHolds(slice.map(toldOf), key) !== "others") {
          expect(changeNotes(slice, { viewer })).toEqual([]);
        }
      }
    }
  });
});
