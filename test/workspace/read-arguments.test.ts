// Positions and counts a caller passes to reads: a whole number from 0, or a typed refusal —
// the same on every store, never a store fault (which a host would retry) or a raw error.
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
import type { UnknownAttempt } from "../../src/model/errors.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { PG_URL, testDatabase } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("read-arguments");
const alice = { kind: "user", id: "alice" } as const;

/** What a read of the workspace takes, by the read's name. */
type Request<K extends "proposals" | "threads" | "runs" | "log"> = Parameters<Workspace[K]>[0];
const db = PG_URL === undefined ? null : testDatabase(PG_URL);
const stores: [string, () => Promise<Store>][] = [
  ["memory", async () => memoryStore()],
  ["sqlite", async () => sqliteStore({ path: file() })],
  ...(db === null
    ? []
    : [
        [
          "postgres",
          (): Promise<Store> => postgresStore({ pool: db.pool }, { schema: db.schema() }),
        ] as [string, () => Promise<Store>],
      ]),
];
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

async function refusal(read: () => unknown): Promise<string> {
  try {
    await read();
  } catch (error) {
    if (isWorkspaceError(error)) return error.code;
    throw error;
  }
  return "answered";
}

describe.each(stores)("reads with odd positions on %s", (_name, open) => {
  it("refuse what is not a whole number from 0 as invalid_argument, and answer the rest", async () => {
    const store = await open();
    opened.push(store);
    const ws = createWorkspace({ registry: fixtureRegistry(), store });
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await ws.commit({ type: "post_message", thread_id: "t1", content: "hi" }, alice);
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e20, null, "1"]) {
      expect(await refusal(() => ws.log({ after: bad as number }))).toBe("invalid_argument");
      expect(await refusal(() => ws.log({ limit: bad as number }))).toBe("invalid_argument");
      const viewer = { kind: "agent", thread_id: "t1", run_id: null } as const;
      expect(await refusal(() => ws.notes({ viewer, after: bad as number }))).toBe(
        "invalid_argument",
      );
      expect(await refusal(() => ws.subscribe(bad as number, () => {}))).toBe("invalid_argument");
    }
    // Filters a store cannot look up list nothing, alike; a left-out request is no filter.
    // (Statuses and requests no type allows, as a JavaScript caller could send them.)
    for (const status of [null, {}, "\u0000", "nope"]) {
      const odd: unknown = { status };
      expect([
        await ws.proposals(odd as Request<"proposals">),
        await ws.threads(odd as Request<"threads">),
        await ws.runs(odd as Request<"runs">),
      ]).toEqual([[], [], []]);
    }
    const none: unknown = null;
    expect(await ws.threads(none as Request<"threads">)).toHaveLength(1);
    expect(await ws.log(none as Request<"log">)).toHaveLength(2);
    expect((await ws.log({ after: 1, limit: 0 })).length).toBe(0);
    expect((await ws.log({ after: 1 })).map((e) => e.seq)).toEqual([2]);
    expect(await ws.revision("n1", 2 ** 40)).toBeNull();
  });

  it("settle takes only the attempt of an unknown_outcome: anything else is invalid_argument", async () => {
    const store = await open();
    opened.push(store);
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_settle" });
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const [first] = await ws.log();
    const attempt = { workspace_id: "ws_settle", seq: 1, envelope_id: first?.id ?? "" };
    expect(await ws.settle(attempt)).toBe("committed");
    expect(await ws.settle({ ...attempt, envelope_id: "evt_other" })).toBe("not_committed");
    const odd: unknown[] = [
      null,
      undefined,
      {},
      "evt_1",
      42,
      [],
      { ...attempt, seq: 0 },
      { ...attempt, seq: 1.5 },
      { ...attempt, seq: "1" },
      { ...attempt, envelope_id: null },
      { ...attempt, envelope_id: "" },
      { ...attempt, envelope_id: "evt\u0000" },
      { ...attempt, workspace_id: "another" },
      { seq: 1, envelope_id: attempt.envelope_id },
    ];
    for (const bad of odd) {
      expect(await refusal(() => ws.settle(bad as UnknownAttempt)), JSON.stringify(bad)).toBe(
        "invalid_argument",
      );
    }
    expect(await ws.head()).toBe(1);
  });
});
