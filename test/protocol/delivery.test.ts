import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/model/actors.ts";
import { EnvelopeSchema } from "../../src/model/envelope.ts";
import {
  deliveredTo,
  followedThreads,
  mayReadThread,
  readableThreads,
} from "../../src/protocol/delivery.ts";

const envelope = (thread_id: string | null, event: Record<string, unknown>) =>
  EnvelopeSchema.parse({
    seq: 1,
    id: "evt_1",
    ts: "2026-12-01T00:00:00.000Z",
    workspace_id: "w",
    thread_id,
    actor: { kind: "user", id: "alice" },
    event,
  });

const message = envelope("t1", {
  type: "message_posted",
  thread_id: "t1",
  message_id: "m1",
  content: "hi",
});
const artifact = envelope("t1", {
  type: "artifact_created",
  artifact_id: "n1",
  kind: "note",
  version: 1,
  data: {},
  thread_id: "t1",
});
const app = envelope(null, { type: "app_event", name: "pinned" });

const person: Actor = { kind: "user", id: "alice", name: null };
const agent: Actor = { kind: "agent", thread_id: "t2", run_id: null, name: "assistant" };

describe("deliveredTo (a hello's threads)", () => {
  it("delivers everything when the connection follows every thread", () => {
    expect([message, artifact, app].map((e) => deliveredTo(e, null))).toEqual([true, true, true]);
  });

  it("delivers a thread's events to its followers, and workspace events to everyone", () => {
    expect(deliveredTo(message, ["t1"])).toBe(true);
    expect(deliveredTo(message, ["t2"])).toBe(false);
    expect(deliveredTo(artifact, ["t2"])).toBe(true);
    expect(deliveredTo(app, [])).toBe(true);
  });
});

describe("what an actor reads", () => {
  it("keeps a thread's agent to its own thread, and no one else", () => {
    expect(readableThreads(person)).toBeNull();
    expect(readableThreads(agent)).toEqual(["t2"]);
    expect(mayReadThread(agent, "t1")).toBe(false);
    expect(mayReadThread(agent, "t2")).toBe(true);
    expect(mayReadThread(person, "t1")).toBe(true);
  });

  it("narrows the threads a connection follows to those its actor reads", () => {
    expect(followedThreads(person, null)).toBeNull();
    expect(followedThreads(person, ["t1"])).toEqual(["t1"]);
    expect(followedThreads(agent, null)).toEqual(["t2"]);
    expect(followedThreads(agent, ["t1", "t2"])).toEqual(["t2"]);
    expect(followedThreads(agent, ["t1"])).toEqual([]);
  });
});
