import { describe, expect, it } from "vitest";
import { mcpAnswerChannel } from "../../../../src/edge/adapters/mcp/answer-channel.ts";
import { endIn } from "../../../../src/edge/adapters/mcp/decision-end.ts";
import type { Envelope } from "../../../../src/model/envelope.ts";

const scope = { kind: "thread", id: "t1" } as const;
const delivery = (decision_id: string, option_id = "a") => ({
  scope,
  thread_id: "t1",
  run_id: null,
  decision_id,
  option_id,
  label: option_id.toUpperCase(),
});

describe("mcpAnswerChannel", () => {
  it("delivers an answer to the call that waits for it, once", async () => {
    const channel = mcpAnswerChannel();
    const waiter = channel.wait(scope, "d1");
    expect(channel.waiting).toBe(1);
    await channel(delivery("d1"));
    await expect(waiter.delivered).resolves.toEqual(delivery("d1"));
    expect(channel.waiting).toBe(0);
    // Delivered: a second delivery of the same decision finds no one waiting.
    await expect(channel(delivery("d1"))).rejects.toThrow(/no ask_person call is waiting/);
  });

  it("throws when no call waits, so the answering surface hears the agent did not get it", async () => {
    const channel = mcpAnswerChannel();
    await expect(channel(delivery("d9"))).rejects.toThrow("decision d9");
  });

  it("tells decisions of different scopes apart, and forgets a released waiter", async () => {
    const channel = mcpAnswerChannel();
    const thread = channel.wait(scope, "d1");
    const run = channel.wait({ kind: "run", id: "t1" }, "d1");
    await channel({ ...delivery("d1", "b"), scope: { kind: "run", id: "t1" } });
    await expect(run.delivered).resolves.toMatchObject({ option_id: "b" });
    expect(channel.waiting).toBe(1);
    thread.release();
    thread.release();
    expect(channel.waiting).toBe(0);
    await expect(channel(delivery("d1"))).rejects.toThrow();
  });
});

describe("endIn", () => {
  const envelope = (event: Record<string, unknown>): Envelope =>
    ({
      seq: 1,
      id: "e1",
      ts: "2026-12-01T00:00:00Z",
      workspace_id: "default",
      thread_id: "t1",
      run_id: null,
      actor: { kind: "system", name: "system" },
      traceparent: null,
      event: { thread_id: "t1", run_id: null, scope, ...event },
    }) as Envelope;

  it("reads how the decision ended, and nothing of other decisions or scopes", () => {
    const answered = envelope({
      type: "decision_answered",
      decision_id: "d1",
      option_id: "a",
      label: "A",
      channel: "mcp",
      surface: "cli",
    });
    expect(endIn(answered, scope, "d1")).toEqual({ type: "answered", option_id: "a", label: "A" });
    expect(endIn(answered, scope, "d2")).toBeNull();
    expect(endIn(answered, { kind: "run", id: "t1" }, "d1")).toBeNull();
    const superseded = envelope({
      type: "decision_superseded",
      decision_id: "d1",
      superseded_by: "d2",
    });
    expect(endIn(superseded, scope, "d1")).toEqual({ type: "superseded", superseded_by: "d2" });
    const retired = envelope({ type: "decision_retired", decision_id: "d1", reason: "expired" });
    expect(endIn(retired, scope, "d1")).toEqual({ type: "retired", reason: "expired" });
    expect(endIn(envelope({ type: "message_posted", decision_id: "d1" }), scope, "d1")).toBeNull();
  });
});
