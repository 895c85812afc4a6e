// A write under a sender's command id is kept with its append: the same id again is answered
// with the first write's outcome and writes nothing — after a lost answer, a restart, from
// another instance, or sent many times at once — on memory, a real SQLite file and PostgreSQL.
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  isWorkspaceError,
  memoryStore,
  type Store,
} from "../../src/entries/index.ts";
import { postgresStore } from "../../src/entries/postgres.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import { losingNext } from "../stores/fixtures/lost-answers.ts";
import { PG_URL, testDatabase } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("command-ids");
const alice = { kind: "user", id: "alice" } as const;
const bob = { kind: "user", id: "bob" } as const;
const post = { type: "post_message", thread_id: "t1", content: "hello" } as const;
const db = PG_URL === undefined ? null : testDatabase(PG_URL);

/** How to open a store, and another one on the same place (for durable stores). */
interface Place {
  open(): Promise<Store>;
  again: (() => Promise<Store>) | null;
}
const places: [string, () => Place][] = [
  [
    "memory",
    () => {
      const store = memoryStore();
      return { open: async () => store, again: null };
    },
  ],
  [
    "sqlite",
    () => {
      const path = file();
      return { open: async () => sqliteStore({ path }), again: async () => sqliteStore({ path }) };
    },
  ],
  ...(db === null
    ? []
    : [
        [
          "postgres",
          () => {
            const schema = db.schema();
            const open = () => postgresStore({ pool: db.pool }, { schema });
            return { open, again: open };
          },
        ] as [string, () => Place],
      ]),
];
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

async function workspaceOn(store: Store) {
  opened.push(store);
  const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_cmd" });
  if ((await ws.thread("t1")) === null) {
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  }
  return ws;
}

const messages = async (ws: Awaited<ReturnType<typeof workspaceOn>>) =>
  (await ws.log()).filter(({ event }) => event.type === "message_posted").length;

describe.each(places)("command ids on %s", (name, place) => {
  it("answer the same id again with the first outcome, writing nothing", async () => {
    const ws = await workspaceOn(await place().open());
    const first = await ws.commit(post, alice, { commandId: "c1" });
    const again = await ws.commit(post, alice, { commandId: "c1" });
    if (!first.ok || !again.ok) throw new Error("expected both to answer");
    expect(first.repeated).toBeUndefined();
    expect(again).toMatchObject({
      ok: true,
      repeated: true,
      outcome: first.outcome,
      envelopes: [],
    });
    expect(again.entities.messages).toEqual([]);
    // Whatever command comes with it: the id is the sender's, and it already wrote.
    const other = await ws.commit({ ...post, content: "bye" }, alice, { commandId: "c1" });
    expect(other).toMatchObject({ ok: true, repeated: true, outcome: first.outcome });
    expect(await messages(ws)).toBe(1);
    // The id is the sender's own: another sender's c1 runs.
    const bobs = await ws.commit(post, bob, { commandId: "c1" });
    expect(bobs).toMatchObject({ ok: true });
    expect(bobs.ok && bobs.repeated).toBeFalsy();
    expect(await messages(ws)).toBe(2);
  });

  it("keep no refusal: the same id decides again once it can write", async () => {
    const ws = await workspaceOn(await place().open());
    const refused = await ws.commit({ ...post, thread_id: "t2" }, alice, { commandId: "c2" });
    expect(refused).toMatchObject({ ok: false, rejection: { type: "not_found" } });
    await ws.commit({ type: "create_thread", thread_id: "t2" }, alice);
    const written = await ws.commit({ ...post, thread_id: "t2" }, alice, { commandId: "c2" });
    expect(written.ok && written.repeated).toBeFalsy();
    expect(await messages(ws)).toBe(1);
  });

  it("refuse an id that is not one, naming the option, and write nothing", async () => {
    const ws = await workspaceOn(await place().open());
    const head = await ws.head();
    for (const bad of ["", "a\u0000b", 7, null, "x".repeat(257)]) {
      const answer = await ws.commit(post, alice, { commandId: bad as string });
      expect(answer.ok).toBe(false);
      if (answer.ok || answer.rejection.type !== "validation_failed") throw new Error("expected");
      expect(answer.rejection.errors[0]?.loc).toEqual(["commandId"]);
    }
    expect(await ws.head()).toBe(head);
  });

  it("answer a retry after an unknown outcome that landed with the first outcome", async () => {
    const store = losingNext(await place().open());
    const ws = await workspaceOn(store);
    store.loseNext();
    const lost = await ws.commit(post, alice, { commandId: "c3" }).catch((e: unknown) => e);
    expect(isWorkspaceError(lost) && lost.code).toBe("unknown_outcome");
    const retry = await ws.commit(post, alice, { commandId: "c3" });
    expect(retry).toMatchObject({ ok: true, repeated: true, outcome: { type: "recorded" } });
    expect(await messages(ws)).toBe(1);
  });

  it.runIf(name !== "memory")(
    "answer the same id from a workspace opened again (a restarted server)",
    async () => {
      const where = place();
      const ws = await workspaceOn(await where.open());
      const first = await ws.commit(post, alice, { commandId: "c4" });
      const restarted = await workspaceOn(await (where.again ?? where.open)());
      const again = await restarted.commit(post, alice, { commandId: "c4" });
      expect(again).toMatchObject({ ok: true, repeated: true });
      expect(again.ok && first.ok && again.outcome).toEqual(first.ok && first.outcome);
      expect(await messages(restarted)).toBe(1);
    },
  );

  it("write once when the same id is sent many times at once, from two instances", async () => {
    const where = place();
    const one = await workspaceOn(await where.open());
    const two = where.again === null ? one : await workspaceOn(await where.again());
    const sends = Array.from({ length: 12 }, (_, i) =>
      (i % 2 === 0 ? one : two).commit(post, alice, { commandId: "c5" }),
    );
    const answers = await Promise.all(sends);
    const outcomes = answers.map((a) => (a.ok ? a.outcome : null));
    expect(new Set(outcomes.map((o) => JSON.stringify(o))).size).toBe(1);
    expect(answers.filter((a) => a.ok && a.repeated !== true)).toHaveLength(1);
    expect(await messages(one)).toBe(1);
  });
});
