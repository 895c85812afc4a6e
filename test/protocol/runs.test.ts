import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/model/actors.ts";
import { RunSchema } from "../../src/model/runs.ts";
import { stopRefusal, watchRefusal } from "../../src/protocol/runs.ts";

const run = (status: string) => RunSchema.parse({ id: "r1", thread_id: "t1", status });
const person: Actor = { kind: "user", id: "alice", name: null };
const own: Actor = { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" };
const other: Actor = { kind: "agent", thread_id: "t2", run_id: null, name: "assistant" };
const judge: Actor = { kind: "evaluator", name: "j", version: "1" };

describe("who may watch and stop a run", () => {
  it("watches a run that exists, in a thread the actor reads", () => {
    expect(watchRefusal(person, "r1", run("running"))).toBeNull();
    expect(watchRefusal(own, "r1", run("completed"))).toBeNull();
    expect(watchRefusal(person, "r9", null)).toMatchObject({ type: "not_found", entity: "run" });
    expect(watchRefusal(other, "r1", run("running"))).toMatchObject({
      type: "forbidden",
      action: "watch_run",
      actor_kind: "agent",
    });
  });

  it("stops a run that has not ended, for a person, the system or its own thread's agent", () => {
    expect(stopRefusal(person, "r1", run("running"))).toBeNull();
    expect(stopRefusal({ kind: "system", name: "system" }, "r1", run("paused"))).toBeNull();
    expect(stopRefusal(own, "r1", run("running"))).toBeNull();
    expect(stopRefusal(other, "r1", run("running"))).toMatchObject({
      type: "forbidden",
      action: "stop_run",
    });
    expect(stopRefusal(judge, "r1", run("running"))).toMatchObject({ type: "forbidden" });
    expect(stopRefusal(person, "r1", run("completed"))).toEqual({
      type: "invalid_state",
      message: "run r1 is completed",
    });
    expect(stopRefusal(person, "r9", null)).toMatchObject({ type: "not_found" });
  });
});
