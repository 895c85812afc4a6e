// A side conversation nobody vouches for does not keep its thread for good: one opened
// without a lease holds it for the default lease, by the workspace's clock, and the next one
// opened after that takes over. And a side records no facts, whichever entry point sends them.
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

async function setup() {
  let now = new Date("2026-12-02T09:00:00.000Z");
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    newId: sequentialIds(),
    clock: () => now,
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  return { ws, at: (iso: string) => (now = new Date(iso)) };
}

describe("a side conversation opened without a lease", () => {
  it("holds its thread for the default lease, then the next one opened takes over", async () => {
    const { ws, at } = await setup();
    const open = (side_id: string) =>
      ws.commit({ type: "open_side", thread_id: "t1", side_id }, alice);
    expect(await open("side_a")).toMatchObject({ ok: true });
    expect((await ws.thread("t1"))?.side_until).toBe("2026-12-02T09:05:00.000Z");
    at("2026-12-02T09:04:59.000Z");
    expect(await open("side_b")).toMatchObject({
      ok: false,
      rejection: {
        type: "invalid_state",
        message: "thread t1 already has side conversation side_a",
      },
    });
    at("2026-12-02T09:05:00.000Z");
    const taken = await open("side_b");
    expect(taken.ok && taken.envelopes.map((e) => e.event)).toEqual([
      { type: "side_closed", thread_id: "t1", side_id: "side_a", reason: "expired" },
      {
        type: "side_opened",
        thread_id: "t1",
        side_id: "side_b",
        lease_until: "2026-12-02T09:10:00.000Z",
      },
    ]);
    expect(await ws.thread("t1")).toMatchObject({ side: "side_b" });
  });
});

describe("a fact recorded from a side conversation", () => {
  it("is refused, naming the action and the actor's kind, and writes nothing", async () => {
    const { ws } = await setup();
    await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    await ws.commit({ type: "open_side", thread_id: "t1", side_id: "side_a" }, alice);
    const side = { id: "side_a", thread_id: "t1", mode: "edit" } as const;
    const head = await ws.head();
    const facts = [
      { type: "run_ended", run_id: "r1", thread_id: "t1", status: "completed" },
      { type: "app_event", thread_id: "t1", name: "pin" },
      { type: "tool_called", run_id: "r1", thread_id: "t1", tool_call_id: "c1", tool_name: "rm" },
    ] as const;
    for (const fact of facts) {
      expect(await ws.record(fact, agent, { side })).toEqual({
        ok: false,
        rejection: {
          type: "forbidden",
          message: `${fact.type} is not available in a side conversation`,
          action: fact.type,
          actor_kind: "agent",
        },
      });
    }
    expect(await ws.head()).toBe(head);
    expect((await ws.runs()).map((r) => r.status)).toEqual(["running"]);
  });
});
