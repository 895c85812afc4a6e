// An answer stored by a write whose fate the store could not tell is still delivered, once:
// by `settle` when it finds the write landed, or by the same answer sent again. On a memory
// store and a real SQLite file; the connection is lost after the append committed, as a
// driver that loses the reply would, and the store's own fault hook fails one inside it.
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import type { Scope } from "../../src/model/decisions.ts";
import { isWorkspaceError, type UnknownAttempt, WorkspaceError } from "../../src/model/errors.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import { withFaults } from "../../src/testing/faults.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import type { DecisionDelivery } from "../../src/workspace/deliveries.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("settle-delivery");
const scope: Scope = { kind: "thread", id: "t1" };
const alice = { kind: "user", id: "alice" } as const;
const answer = { scope, decision_id: "d1", option_id: "once" } as const;

/** A store whose next append, once armed, lands and then loses its reply, or never lands. */
type Cut = Store & { cut: "after" | "before" | null };
function losing(inner: Store): Cut {
  const store: Cut = {
    ...inner,
    cut: null,
    async append(workspaceId, expectedHead, batch) {
      const when = store.cut;
      store.cut = null;
      if (when === null) return inner.append(workspaceId, expectedHead, batch);
      if (when === "after") await inner.append(workspaceId, expectedHead, batch);
      throw new WorkspaceError("unknown_outcome", "the connection was lost mid-append");
    },
  };
  return store;
}

const STORES: Record<string, () => Store> = {
  memory: () => memoryStore(),
  sqlite: () => sqliteStore({ path: file() }),
};

/** A workspace with a pending decision on `hook`, and what the channel received. */
async function setup(store: Store, fail = false) {
  const received: DecisionDelivery[] = [];
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    newId: sequentialIds(),
    clock: () => new Date("2026-12-02T09:00:00.000Z"),
    answerChannels: {
      hook: async (delivery) => {
        await Promise.resolve();
        if (fail) throw new Error("the agent is gone");
        received.push(delivery);
      },
    },
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  const options = [
    { id: "once", label: "Once" },
    { id: "deny", label: "Deny" },
  ];
  const ask = { scope, decision_id: "d1", prompt: "Run `rm -rf build`?", options, channel: "hook" };
  await ws.commit({ type: "request_decision", ...ask }, { kind: "agent", thread_id: "t1" });
  return { ws, received };
}

/** The attempt a write that threw `unknown_outcome` names. */
async function lost(write: Promise<unknown>): Promise<UnknownAttempt> {
  const error = await write.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isWorkspaceError(error) || error.code !== "unknown_outcome" || error.attempt === null) {
    throw new Error(`expected unknown_outcome, got ${String(error)}`);
  }
  return error.attempt;
}

const answerLost = (ws: Workspace, store: Cut) => {
  store.cut = "after";
  return lost(ws.answerDecision(answer, alice));
};

for (const [name, open] of Object.entries(STORES)) {
  describe(`an answer whose write's fate was unknown (${name} store)`, () => {
    it("is delivered once by settle, which the same answer sent again then reports", async () => {
      const store = losing(open());
      const { ws, received } = await setup(store);
      const attempt = await answerLost(ws, store);
      expect(received).toEqual([]);
      expect(await ws.settle(attempt)).toBe("committed");
      expect(received).toEqual([
        expect.objectContaining({ decision_id: "d1", option_id: "once", label: "Once" }),
      ]);
      expect(await ws.settle(attempt)).toBe("committed");
      expect(await ws.answerDecision(answer, alice)).toEqual({
        ok: true,
        status: "delivered",
        option_id: "once",
        channel: "hook",
      });
      expect(await ws.answerDecision(answer, alice)).toEqual({
        ok: true,
        status: "repeat",
        option_id: "once",
      });
      expect(received).toHaveLength(1);
      await ws.close();
    });

    it("is delivered once by the same answer sent again, without settle", async () => {
      const store = losing(open());
      const { ws, received } = await setup(store);
      const attempt = await answerLost(ws, store);
      expect(await ws.answerDecision(answer, alice)).toMatchObject({ status: "delivered" });
      expect(received).toHaveLength(1);
      // Settling afterwards finds it delivered: nothing goes out again.
      expect(await ws.settle(attempt)).toBe("committed");
      expect(await ws.answerDecision(answer, alice)).toMatchObject({ status: "repeat" });
      expect(received).toHaveLength(1);
      await ws.close();
    });

    it("is delivered once whichever entry point wrote it, however many settle at once", async () => {
      const store = losing(open());
      const { ws, received } = await setup(store);
      store.cut = "after";
      const attempt = await lost(ws.commit({ type: "answer_decision", ...answer }, alice));
      const settled = await Promise.all([ws.settle(attempt), ws.settle(attempt)]);
      expect(settled).toEqual(["committed", "committed"]);
      expect(received).toHaveLength(1);
      await ws.close();
    });

    it("that never landed is not delivered; sent again, it is stored and delivered once", async () => {
      const store = losing(open());
      const { ws, received } = await setup(store);
      store.cut = "before";
      const attempt = await lost(ws.answerDecision(answer, alice));
      expect(await ws.settle(attempt)).toBe("not_committed");
      expect(received).toEqual([]);
      expect(await ws.answerDecision(answer, alice)).toMatchObject({ status: "delivered" });
      expect(await ws.answerDecision(answer, alice)).toMatchObject({ status: "repeat" });
      expect(received).toHaveLength(1);
      await ws.close();
    });

    it("reports a channel that could not deliver as stage deliver, once", async () => {
      const store = losing(open());
      const { ws, received } = await setup(store, true);
      const attempt = await answerLost(ws, store);
      expect(await ws.settle(attempt)).toBe("committed");
      const again = await ws.answerDecision(answer, alice, { wait: false });
      expect(again).toMatchObject({
        ok: true,
        status: "queued",
        option_id: "once",
        channel: "hook",
      });
      const delivery = again.ok && again.status === "queued" ? await again.delivery : null;
      expect(delivery).toMatchObject({ ok: false, stage: "deliver", option_id: "once" });
      expect(await ws.answerDecision(answer, alice)).toMatchObject({ status: "repeat" });
      expect(received).toEqual([]);
      await ws.close();
    });
  });
}

describe("an answer settled by another workspace on the same SQLite file", () => {
  it("is committed there, and delivered only by the workspace that wrote it", async () => {
    const path = file();
    const store = losing(sqliteStore({ path }));
    const { ws, received } = await setup(store);
    const attempt = await answerLost(ws, store);
    const other = createWorkspace({
      registry: fixtureRegistry(),
      store: sqliteStore({ path }),
      answerChannels: { hook: async (delivery) => void received.push(delivery) },
    });
    expect(await other.settle(attempt)).toBe("committed");
    expect(received).toEqual([]);
    expect(await ws.settle(attempt)).toBe("committed");
    expect(received).toHaveLength(1);
    await Promise.all([other.close(), ws.close()]);
  });
});

describe("an answer whose append failed inside its transaction (the store's fault hook)", () => {
  it("is neither stored nor delivered; sent again, it is delivered once", async () => {
    const path = file();
    const { ws, received } = await setup(sqliteStore({ path }));
    // Same file, through a store that fails every append at its second row.
    const failing = createWorkspace({
      registry: fixtureRegistry(),
      store: sqliteStore(withFaults({ path }, { failAtRow: 2 })),
      answerChannels: { hook: async (delivery) => void received.push(delivery) },
    });
    await expect(failing.answerDecision(answer, alice)).rejects.toThrow("injected fault");
    expect(received).toEqual([]);
    expect(await ws.answerDecision(answer, alice)).toMatchObject({ status: "delivered" });
    expect(await failing.answerDecision(answer, alice)).toMatchObject({ status: "repeat" });
    expect(received).toHaveLength(1);
    await Promise.all([failing.close(), ws.close()]);
  });
});
