import { describe, expect, it } from "vitest";
import { type DecisionSlot, EMPTY_SLOT } from "../../src/model/decisions.ts";
import { newThread } from "../../src/model/threads.ts";
import { evolveSlot } from "../../src/scopes/evolve.ts";
import {
  evolveOwner,
  retirePending,
  type ScopeOwner,
  scopeFields,
  slotOf,
} from "../../src/scopes/scope.ts";

const fields = { thread_id: "t1", run_id: null, scope: { kind: "thread", id: "t1" } } as const;
const decision = (id: string) => ({
  id,
  prompt: "Deploy?",
  options: [{ id: "yes", label: "Yes" }],
  received_at: null,
  channel: "hook",
  expires_at: null,
  asked_by: null,
});

describe("a scope's decision slot", () => {
  it("holds the requested decision until it is answered, then remembers the pick", () => {
    const asked = evolveSlot(EMPTY_SLOT, {
      type: "decision_requested",
      ...fields,
      decision: decision("d1"),
    });
    expect(asked).toEqual({ pending: decision("d1"), closed: {} });
    const answered = evolveSlot(asked, {
      type: "decision_answered",
      ...fields,
      decision_id: "d1",
      option_id: "yes",
      label: "Yes",
      channel: "hook",
      surface: null,
    });
    expect(answered).toEqual({
      pending: null,
      closed: { d1: { reason: "answered", option_id: "yes", superseded_by: null } },
    });
    expect(asked.pending).toEqual(decision("d1"));
  });

  it("records a superseded decision without touching the newer pending one", () => {
    const newer = { pending: decision("d2"), closed: {} };
    const slot = evolveSlot(newer, {
      type: "decision_superseded",
      ...fields,
      decision_id: "d1",
      superseded_by: "d2",
    });
    expect(slot.pending?.id).toBe("d2");
    expect(slot.closed.d1).toEqual({ reason: "superseded", option_id: null, superseded_by: "d2" });
  });

  it("retires only what is pending, and the owner keeps its kind", () => {
    const thread = newThread("t1", "");
    const owner = { kind: "thread", thread } as const;
    expect(retirePending(owner, "user_input")).toEqual([]);
    const slot: DecisionSlot = { pending: decision("d1"), closed: {} };
    const waiting: ScopeOwner = { kind: "thread", thread: { ...thread, decision: slot } };
    const retired = retirePending(waiting, "scope_ended");
    expect(retired).toEqual([
      {
        type: "decision_retired",
        ...scopeFields(waiting),
        decision_id: "d1",
        reason: "scope_ended",
      },
    ]);
    const after = evolveOwner(waiting, retired);
    expect(after.kind).toBe("thread");
    expect(slotOf(after).closed.d1?.reason).toBe("scope_ended");
    expect(slotOf(after).pending).toBeNull();
  });
});
