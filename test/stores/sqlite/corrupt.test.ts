import { writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { createWorkspace, isWorkspaceError, sequentialIds } from "../../../src/entries/index.ts";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { NO_NEEDS } from "../../../src/model/state.ts";
import type { Store } from "../../../src/stores/port.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-corrupt");
const WS = "ws_corrupt";
const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: null } as const;

/** Runs `read` and returns the `corrupt_record` error it must throw. */
async function corruptError(read: () => Promise<unknown>): Promise<Error> {
  const error = await read().then(
    () => null,
    (e: unknown) => e,
  );
  if (!isWorkspaceError(error) || error.code !== "corrupt_record") {
    throw new Error(`expected corrupt_record, got ${String(error)}`);
  }
  return error;
}

// A workspace with one of everything: thread, run, message, note (2 versions), proposal.
async function seed(path: string): Promise<{ proposalId: string }> {
  const store = sqliteStore({ path });
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    id: WS,
    newId: sequentialIds(),
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
  await ws.commit(
    { type: "post_message", thread_id: "t1", message_id: "m1", content: "hi" },
    alice,
  );
  await ws.commit(
    { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "a" } },
    alice,
  );
  await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: "b" }] },
    },
    alice,
  );
  await ws.commit(
    { type: "create_artifact", artifact_id: "c1", kind: "checklist", data: { items: {} } },
    alice,
  );
  const proposed = await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "c1",
      base_version: 1,
      patch: { kind: "json_patch", ops: [{ op: "replace", path: "/title", value: "T" }] },
    },
    agent,
  );
  await store.close();
  if (!proposed.ok || proposed.outcome.type !== "proposed") throw new Error("expected a proposal");
  return { proposalId: proposed.outcome.proposal_id };
}

describe("sqlite store: corrupt or foreign rows are refused, never half-loaded", () => {
  let path = "";
  let proposalId = "";
  let store: Store;
  const sql = (statement: string, ...params: unknown[]) => {
    const db = new Database(path);
    try {
      const changed = db.prepare(statement).run(...params).changes;
      expect(changed, statement).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  };

  beforeEach(async () => {
    path = file();
    ({ proposalId } = await seed(path));
    store = sqliteStore({ path });
    return () => store.close();
  });

  it("names the workspace and seq of a log row that is not JSON", async () => {
    sql("UPDATE log SET envelope = '{\"seq\": 3,' WHERE workspace_id = ? AND seq = 3", WS);
    const error = await corruptError(() => store.read(WS, { after: 0 }));
    expect(error.message).toBe(`workspace ${WS} at seq 3: the record is not JSON`);
    // The rows before it alone still read.
    expect(await store.read(WS, { after: 0, limit: 2 })).toHaveLength(2);
  });

  it("names the workspace and seq of a log row that is not an envelope", async () => {
    sql("UPDATE log SET envelope = json_remove(envelope, '$.actor') WHERE seq = 2");
    const error = await corruptError(() => store.read(WS, { after: 1 }));
    expect(error.message).toMatch(
      new RegExp(`^workspace ${WS} at seq 2: the record does not parse \\(actor`),
    );
  });

  it("refuses another workspace's envelope, and an envelope at the wrong seq", async () => {
    sql("UPDATE log SET envelope = json_set(envelope, '$.workspace_id', 'intruder') WHERE seq = 4");
    expect((await corruptError(() => store.read(WS, { after: 0 }))).message).toBe(
      `workspace ${WS} at seq 4: the envelope belongs to workspace intruder`,
    );
    sql("UPDATE log SET envelope = json_set(envelope, '$.workspace_id', ?) WHERE seq = 4", WS);
    sql("UPDATE log SET envelope = json_set(envelope, '$.seq', 1) WHERE seq = 5");
    expect((await corruptError(() => store.read(WS, { after: 4 }))).message).toBe(
      `workspace ${WS} at seq 5: the envelope says seq 1`,
    );
  });

  it("names the artifact, and fails the whole load and the writes that need it", async () => {
    sql("UPDATE artifacts SET record = 'not json' WHERE id = 'n1'");
    const load = () =>
      store.load(WS, { ...NO_NEEDS, artifacts: ["c1", "n1"], threads: ["t1"], runs: ["r1"] });
    expect((await corruptError(load)).message).toBe(
      `workspace ${WS} artifact n1: the record is not JSON`,
    );
    await corruptError(() => store.artifacts(WS));
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
    const head = await store.head(WS);
    await corruptError(() =>
      ws.commit({ type: "archive_artifact", artifact_id: "n1", base_version: 2 }, alice),
    );
    expect(await store.head(WS)).toBe(head);
  });

  it("refuses a record stored under another id, and an unknown record version", async () => {
    sql("UPDATE threads SET record = json_set(record, '$.id', 't9') WHERE id = 't1'");
    expect(
      (await corruptError(() => store.load(WS, { ...NO_NEEDS, threads: ["t1"] }))).message,
    ).toBe(`workspace ${WS} thread t1: the record is t9's`);
    sql("UPDATE runs SET v = 2 WHERE id = 'r1'");
    expect((await corruptError(() => store.load(WS, { ...NO_NEEDS, runs: ["r1"] }))).message).toBe(
      `workspace ${WS} run r1: record version 2 is unknown`,
    );
  });

  it("names the revision of an artifact that does not parse", async () => {
    sql("UPDATE revisions SET record = json_set(record, '$.version', 'two') WHERE version = 2");
    const error = await corruptError(() => store.revisions(WS, "n1"));
    expect(error.message).toMatch(
      new RegExp(`^workspace ${WS} revision n1@2: the record does not parse \\(version`),
    );
    const ref = { artifact_id: "n1", version: 2 };
    await corruptError(() => store.load(WS, { ...NO_NEEDS, revisions: [ref] }));
    expect(
      (await store.load(WS, { ...NO_NEEDS, revisions: [{ ...ref, version: 1 }] })).revisions.size,
    ).toBe(1);
  });

  it("refuses a proposal whose indexed columns disagree with its record", async () => {
    sql("UPDATE proposals SET record = json_set(record, '$.status', 'accepted')");
    const error = await corruptError(() => store.proposals(WS, { status: "pending" }));
    expect(error.message).toBe(
      `workspace ${WS} proposal ${proposalId}: its indexed columns disagree with its record`,
    );
    await corruptError(() =>
      store.load(WS, { ...NO_NEEDS, pending: [{ artifact_id: "c1", thread_id: "t1" }] }),
    );
    await corruptError(() => store.load(WS, { ...NO_NEEDS, proposals: [proposalId] }));
  });

  it("refuses a file that is not a database", () => {
    const junk = file();
    writeFileSync(
      junk,
      "this is not a database, but it is long enough to have a header.".repeat(20),
    );
    expect(() => sqliteStore({ path: junk })).toThrow(
      expect.objectContaining({ code: "corrupt_record" }),
    );
  });
});
