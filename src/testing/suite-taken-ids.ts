import { expect, it } from "vitest";
import { fixtureRegistry } from "../conformance/fixtures.ts";
import { sequentialIds } from "../model/ids.ts";
import type { Needs } from "../model/state.ts";
import type { Store } from "../stores/port.ts";
import { createWorkspace } from "../workspace/workspace.ts";
import type { SuiteContext } from "./suite-context.ts";
import { alice, appEvent, batch, envelope } from "./suite-records.ts";

// A message id must be new in the whole workspace. A store that declares
// `refusesTakenMessageIds` is not asked before a message is written: its append refuses an
// id in use, writing nothing, and the workspace decides again with the id read. These check
// that the answers are the same either way.

/** The store, with every load that asks for message ids counted. */
function countingIdReads<S extends Store>(store: S): { store: S; idReads: () => number } {
  let idReads = 0;
  const counted = new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key !== "load") return value.bind(target);
      return (workspaceId: string, needs: Needs) => {
        if (needs.messages.length > 0) idReads += 1;
        return Reflect.apply(value, target, [workspaceId, needs]);
      };
    },
  });
  return { store: counted, idReads: () => idReads };
}

const workspaceOn = (store: Store, id: string) =>
  createWorkspace({ registry: fixtureRegistry(), store, id, newId: sequentialIds() });

const post = (messageId: string) =>
  ({ type: "post_message", thread_id: "t1", message_id: messageId, content: "hello" }) as const;

/** Taken message ids: refused the same on every store, read or left to the primary key. */
export function takenIdTests<S extends Store>(suite: SuiteContext<S>): void {
  const { fresh, withStore, capabilities } = suite;
  const byKey = capabilities.refusesTakenMessageIds === true;

  it(
    "refuses a message id another instance already wrote, and writes nothing for it",
    withStore(async (store) => {
      const id = fresh();
      const first = workspaceOn(store, id);
      await first.commit({ type: "create_thread", thread_id: "t1" }, alice);
      expect((await first.commit(post("m1"), alice)).ok).toBe(true);
      // A second instance on the store: nothing of m1 in its cache.
      const { store: counted, idReads } = countingIdReads(store);
      const second = workspaceOn(counted, id);
      const again = await second.commit(post("m1"), alice);
      expect(again).toMatchObject({
        ok: false,
        rejection: { type: "invalid_state", message: "message m1 already exists" },
      });
      const log = await store.read(id, { after: 0 });
      expect(log.filter((e) => e.event.type === "message_posted")).toHaveLength(1);
      // The same instance goes on writing: a fresh id lands.
      expect((await second.commit(post("m2"), alice)).ok).toBe(true);
      expect(await store.head(id)).toBe(log.length + 1);
      // A store that refuses a taken id read it once, after its append refused m1; the
      // others read each id before writing it.
      expect(idReads()).toBe(byKey ? 1 : 2);
    }),
  );

  it(
    "refuses a message id taken twice in one group, the first landing",
    withStore(async (store) => {
      const ws = workspaceOn(store, fresh());
      await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
      const [a, b, c] = await Promise.all([
        ws.commit(post("m1"), alice),
        ws.commit(post("m1"), alice),
        ws.commit(post("m2"), alice),
      ]);
      expect(a?.ok).toBe(true);
      expect(b).toMatchObject({ ok: false, rejection: { message: "message m1 already exists" } });
      expect(c?.ok).toBe(true);
      const posted = (await store.read(ws.id, { after: 0 })).filter(
        (e) => e.event.type === "message_posted",
      );
      expect(posted).toHaveLength(2);
    }),
  );

  if (!byKey) {
    it.skip("an append refuses a taken message id (skipped: the store declares refusesTakenMessageIds: false)", () => {});
    return;
  }
  it(
    "an append that writes a message id in use answers taken and writes nothing",
    withStore(async (store) => {
      const ws = fresh();
      const first = batch({ envelopes: [envelope(ws, 1, appEvent(1))], messages: ["m1"] });
      expect(await store.append(ws, 0, first)).toEqual({ ok: true, head: 1 });
      const second = batch({ envelopes: [envelope(ws, 2, appEvent(2))], messages: ["m1"] });
      expect(await store.append(ws, 1, second)).toEqual({ ok: false, head: 1, taken: true });
      expect(await store.head(ws)).toBe(1);
      expect(await store.read(ws, { after: 1 })).toEqual([]);
    }),
  );
}
