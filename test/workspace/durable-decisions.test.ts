import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { replay } from "../../src/decide/replay.ts";
import type { Scope } from "../../src/model/decisions.ts";
import { type SqliteStore, sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import type { DecisionDelivery } from "../../src/workspace/deliveries.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("decisions-durable");
const scope: Scope = { kind: "thread", id: "t1" };
const alice = { kind: "user", id: "alice" } as const;

/** One process's view of the file: its own store, workspace and proven `hook` channel. */
function open(path: string): { store: SqliteStore; ws: Workspace; received: DecisionDelivery[] } {
  const store = sqliteStore({ path });
  const received: DecisionDelivery[] = [];
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    id: "ws_durable",
    store,
    clock: () => new Date("2026-10-02T09:00:00.000Z"),
    answerChannels: {
      hook: async (delivery) => {
        await Promise.resolve();
        received.push(delivery);
      },
    },
  });
  return { store, ws, received };
}

/** Asks for a decision on a fresh file and closes it, as a process that then stops. */
async function askAndStop(path: string) {
  const first = open(path);
  await first.ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await first.ws.commit(
    {
      type: "request_decision",
      scope,
      decision_id: "d1",
      prompt: "Run `rm -rf build`?",
      options: [
        { id: "once", label: "Once" },
        { id: "deny", label: "Deny" },
      ],
      channel: "hook",
    },
    { kind: "agent", thread_id: "t1" },
  );
  const pending = (await first.ws.thread("t1"))?.decision.pending;
  await first.store.close();
  return pending;
}

describe("a pending decision across a restart", () => {
  it("is still pending after reopening the file, and the new process answers it once", async () => {
    const path = file();
    const pending = await askAndStop(path);
    expect(pending).toEqual({
      id: "d1",
      prompt: "Run `rm -rf build`?",
      options: [
        { id: "once", label: "Once" },
        { id: "deny", label: "Deny" },
      ],
      received_at: "2026-10-02T09:00:00.000Z",
      channel: "hook",
      expires_at: null,
      asked_by: { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" },
    });

    const second = open(path);
    try {
      expect((await second.ws.thread("t1"))?.decision.pending).toEqual(pending);

      const answered = await second.ws.answerDecision(
        { scope, decision_id: "d1", option_id: "deny", surface: "cli" },
        alice,
      );

      expect(answered).toEqual({
        ok: true,
        status: "delivered",
        option_id: "deny",
        channel: "hook",
      });
      expect(second.received).toEqual([
        {
          scope,
          thread_id: "t1",
          run_id: null,
          decision_id: "d1",
          option_id: "deny",
          label: "Deny",
        },
      ]);
      expect((await second.ws.thread("t1"))?.decision).toEqual({
        pending: null,
        closed: { d1: { reason: "answered", option_id: "deny", superseded_by: null } },
      });
      const replayed = replay(await second.ws.log());
      expect(replayed.threads.get("t1")).toEqual(await second.ws.thread("t1"));
    } finally {
      await second.store.close();
    }
  });

  it("stays consumed after another restart: answering again is a repeat and delivers nothing", async () => {
    const path = file();
    await askAndStop(path);
    const second = open(path);
    await second.ws.answerDecision({ scope, decision_id: "d1", option_id: "once" }, alice);
    await second.store.close();

    const third = open(path);
    try {
      const again = await third.ws.answerDecision(
        { scope, decision_id: "d1", option_id: "deny" },
        alice,
      );
      expect(again).toEqual({ ok: true, status: "repeat", option_id: "once" });
      expect(third.received).toEqual([]);
      const answers = (await third.ws.log()).filter((e) => e.event.type === "decision_answered");
      expect(answers).toHaveLength(1);
      expect(replay(await third.ws.log()).threads.get("t1")).toEqual(await third.ws.thread("t1"));
    } finally {
      await third.store.close();
    }
  });
});
