// Pages of proposals through the workspace: in the order they were made, each saying where
// the next starts, alike on every store; a limit outside 1–1,000 is the caller's bug.
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  isWorkspaceError,
  memoryStore,
  type Proposal,
  type Store,
} from "../../src/entries/index.ts";
import { postgresStore } from "../../src/entries/postgres.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { PG_URL, testDatabase } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("reads-pages");
const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
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

// Seven proposals two agents made, each to its own memo but the first two (both to `shared`:
// an agent's next proposal to a memo would supersede its last), the third rejected since.
async function proposed(ws: Workspace): Promise<string[]> {
  const memos = ["shared", "m2", "m3", "m4", "m5", "m6"];
  for (const id of memos) {
    const data = { text: "Ship on Friday." };
    await ws.commit({ type: "create_artifact", artifact_id: id, kind: "memo", data }, alice);
  }
  const agents = ["t1", "t2"].map((thread) => ({
    ...agent,
    thread_id: thread,
    run_id: `r${thread}`,
  }));
  for (const { thread_id, run_id } of agents) {
    await ws.commit({ type: "create_thread", thread_id }, alice);
    await ws.record({ type: "run_started", run_id, thread_id }, { ...agent, thread_id, run_id });
  }
  const ids: string[] = [];
  for (let n = 0; n < 7; n += 1) {
    const made = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: memos[Math.max(0, n - 1)] ?? "",
        base_version: 1,
        patch: { kind: "text_edits", edits: [{ old: "Friday", new: `day ${n}` }] },
      },
      agents[n % 2] ?? agent,
    );
    if (!made.ok || made.outcome.type !== "proposed") throw new Error("expected a proposal");
    ids.push(made.outcome.proposal_id);
  }
  const rejected = await ws.commit(
    { type: "respond_to_proposal", proposal_id: ids[2] ?? "", decision: "reject" },
    alice,
  );
  expect(rejected.ok).toBe(true);
  return ids;
}

async function code(read: () => unknown): Promise<string> {
  try {
    await read();
  } catch (error) {
    if (isWorkspaceError(error)) return error.code;
    throw error;
  }
  return "answered";
}

const idsOf = (proposals: readonly Proposal[]) => proposals.map((p) => p.id);

describe.each(stores)("pages of proposals on %s", (_name, open) => {
  it("walks the list a page at a time, each page giving the next one's cursor", async () => {
    const store = await open();
    opened.push(store);
    const ws = createWorkspace({ registry: fixtureRegistry(), store });
    const ids = await proposed(ws);
    const pending = await ws.proposals({ status: "pending" });
    expect(pending).toHaveLength(6);
    const walked: Proposal[] = [];
    const cursors: (string | null)[] = [];
    let after: string | undefined;
    do {
      const page = await ws.proposalPage({
        status: "pending",
        limit: 4,
        ...(after ? { after } : {}),
      });
      walked.push(...page.items);
      cursors.push(page.next);
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(walked).toEqual(pending);
    expect(cursors).toEqual([pending[3]?.id, null]);
    // A page with no more after it says so, though it is full.
    expect(
      await ws.proposalPage({ status: "pending", after: pending[1]?.id ?? "", limit: 4 }),
    ).toEqual({
      items: pending.slice(2),
      next: null,
    });
    expect(await ws.proposalPage({ artifactId: "shared", limit: 1 })).toEqual({
      items: [pending[0]],
      next: ids[0],
    });
    expect(
      idsOf((await ws.proposalPage({ artifactId: "shared", after: ids[0] ?? "" })).items),
    ).toEqual([ids[1]]);
    // The default page holds up to 100: all seven here.
    expect(await ws.proposalPage()).toEqual({ items: await ws.proposals(), next: null });
    expect(await ws.proposalPage({ after: ids[6] ?? "" })).toEqual({ items: [], next: null });
    expect(await ws.proposalPage({ after: "prp_never" })).toEqual({ items: [], next: null });
    const odd: unknown = { after: "\u0000" };
    expect(await ws.proposalPage(odd as { after: string })).toEqual({ items: [], next: null });
  });

  it("refuses a limit that is not a whole number from 1 to 1,000 as invalid_argument", async () => {
    const store = await open();
    opened.push(store);
    const ws = createWorkspace({ registry: fixtureRegistry(), store });
    for (const bad of [0, -1, 1.5, 1001, Number.NaN, null, "10"]) {
      expect(await code(() => ws.proposalPage({ limit: bad as number }))).toBe("invalid_argument");
    }
    expect(await code(() => ws.proposalPage({ limit: 1000 }))).toBe("answered");
  });
});
