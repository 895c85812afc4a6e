import { describe, expect, it } from "vitest";
import { EVENT_EFFECTS } from "../../src/decide/event-effects.ts";
import { replay } from "../../src/decide/replay.ts";
import { type Envelope, EnvelopeSchema } from "../../src/model/envelope.ts";
import { KnownEventSchema } from "../../src/model/event.ts";

const envelope = (seq: number, event: Envelope["event"]): Envelope => ({
  seq,
  id: `evt_${seq}`,
  ts: "2026-12-01T09:00:00.000Z",
  workspace_id: "w",
  thread_id: null,
  run_id: null,
  actor: { kind: "system", name: "system" },
  traceparent: null,
  event,
});

describe("what events do in replay", () => {
  it("has an effect for every event type the log can hold, and no other", () => {
    const types = KnownEventSchema.options.map((option) => option.shape.type.value).sort();
    expect(Object.keys(EVENT_EFFECTS).sort()).toEqual(types);
  });

  it("keeps an unknown event in the log and changes nothing else", () => {
    const created = { type: "thread_created", thread_id: "t1", title: "", proposed_by: null };
    const snapshot = replay([
      envelope(1, created),
      envelope(2, { type: "from_a_newer_writer", thread_id: "t1" }),
    ]);
    expect(snapshot.head).toBe(2);
    expect(snapshot.threads.get("t1")?.status).toBe("open");
  });

  it("refuses an event about an entity the log never created, naming the position", () => {
    const ended = envelope(1, { type: "thread_ended", thread_id: "t9" });
    expect(() => replay([ended])).toThrow(/at seq 1: thread t9 does not exist/);
  });
});

describe("a decision's asker in replay", () => {
  const created = { type: "thread_created", thread_id: "t1", title: "", proposed_by: null };
  const requested = (decision: object) => ({
    type: "decision_requested",
    thread_id: "t1",
    run_id: null,
    scope: { kind: "thread", id: "t1" },
    decision: {
      id: "d1",
      prompt: "Go?",
      options: [],
      received_at: null,
      channel: null,
      ...decision,
    },
  });

  it("reads a decision logged before askers were recorded as asked by no one known", () => {
    // As a store reads an old row: parsed, with the fields it lacks defaulted.
    const event = requested({ expires_at: null });
    const old = EnvelopeSchema.parse({ ...envelope(2, event), event });
    const snapshot = replay([envelope(1, created), old]);
    expect(snapshot.threads.get("t1")?.decision.pending).toMatchObject({
      id: "d1",
      asked_by: null,
    });
  });

  it("keeps the asker a decision was logged with", () => {
    const asker = { kind: "agent", thread_id: "t1", run_id: "r1", name: "assistant" } as const;
    const event = requested({ expires_at: null, asked_by: asker });
    const logged = EnvelopeSchema.parse({ ...envelope(2, event), event });
    const snapshot = replay([envelope(1, created), logged]);
    expect(snapshot.threads.get("t1")?.decision.pending?.asked_by).toEqual(asker);
  });
});
