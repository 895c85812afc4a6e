import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Case, readCaseFile } from "../conformance/case-file.ts";
import { fixtureRegistry } from "../conformance/fixtures.ts";
import { resolveGiven } from "../conformance/load.ts";
import { type CaseDump, caseDifferences } from "../conformance/run-case.ts";
import { replay } from "../decide/replay.ts";
import type { Actor } from "../model/actors.ts";
import type { Revision, Versioned } from "../model/artifacts.ts";
import type { Envelope } from "../model/envelope.ts";
import { sequentialIds } from "../model/ids.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Run } from "../model/runs.ts";
import { NO_NEEDS, revisionKey } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { newThread } from "../model/threads.ts";
import type { AppendBatch, Store } from "../stores/port.ts";
import { createWorkspace } from "../workspace/workspace.ts";

/** How the shared suite gets stores of one adapter. */
export interface StoreSuiteAdapter {
  /** Opens a new, empty store (a fresh file, schema or namespace). */
  open(): Promise<Store>;
  /** Opens another store on the same place as `store` (for durable adapters). */
  reopen?(store: Store): Promise<Store>;
  /**
   * Opens a store on the same place as `store` that throws inside its append transaction at
   * the `n`th row it writes (for adapters whose appends write several rows).
   */
  openFailingAt?(store: Store, n: number): Promise<Store>;
}

const system: Actor = { kind: "system", name: "system" };
const alice: Actor = { kind: "user", id: "alice", name: "Alice" };

function envelope(workspaceId: string, seq: number, event: Envelope["event"]): Envelope {
  return {
    seq,
    id: `evt_${workspaceId}_${seq}`,
    ts: "2026-11-30T09:00:00.000Z",
    workspace_id: workspaceId,
    thread_id: null,
    run_id: null,
    actor: system,
    traceparent: null,
    event,
  };
}

function batch(parts: Partial<AppendBatch>): AppendBatch {
  return {
    envelopes: [],
    artifacts: [],
    revisions: [],
    proposals: [],
    threads: [],
    runs: [],
    messages: [],
    ...parts,
  };
}

const note = (version: number, text: string): Versioned => ({
  id: "n1",
  version,
  data: { text, title: "" },
  updated_by: alice,
  archived: false,
  kind: "note",
});
const revision = (version: number, text: string): Revision => ({
  artifact_id: "n1",
  version,
  kind: "note",
  data: { text, title: "" },
  patch: null,
  actor: alice,
  proposal_id: null,
  archived: false,
  trace_id: null,
});
const thread: Thread = newThread("t1", "Launch");
const run: Run = {
  id: "r1",
  thread_id: "t1",
  status: "running",
  pending: [],
  answers: {},
  trace_ids: [],
  answered: {},
  decision: { pending: null, closed: {} },
};
const proposal = (id: string, status: Proposal["status"]): Proposal => ({
  id,
  change: {
    type: "edit_artifact",
    artifact_id: "n1",
    base_version: 1,
    patch: { kind: "text_edits", field: "text", edits: [{ old: "a", new: "b" }] },
    summary: null,
    thread_id: null,
    proposal_id: id,
  },
  proposed_by: { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" },
  rationale: null,
  status,
  thread_id: "t1",
  created_at: null,
  expires_at: null,
  resolution: null,
});
const appEvent = (n: number): Envelope["event"] => ({
  type: "app_event",
  thread_id: null,
  run_id: null,
  name: `e${n}`,
  data: n,
});

const conformance = join(import.meta.dirname, "..", "..", "conformance");

function caseFiles(): { label: string; cases: Case[] }[] {
  return ["artifactr", "cases"].flatMap((dir) =>
    readdirSync(join(conformance, dir))
      .filter((file) => file.endsWith(".json") && file !== "observed-outputs.json")
      .sort()
      .map((file) => ({
        label: `${dir}/${file}`,
        cases: readCaseFile(join(conformance, dir, file)).cases,
      })),
  );
}

// The original's cases whose expectations the stricter rules change (DEVIATIONS.md).
const DEVIATING = new Set([
  "artifactr/proposals.json: an accepted edit is rebased onto a newer version",
  "artifactr/proposals.json: an accepted edit that no longer applies fails",
]);

async function runThroughWorkspace(
  store: Store,
  workspaceId: string,
  testCase: Case,
): Promise<CaseDump> {
  const registry = fixtureRegistry();
  const given = resolveGiven(testCase.given, registry);
  const seeded = await store.append(
    workspaceId,
    0,
    batch({
      artifacts: [...given.artifacts.values()],
      revisions: [...given.revisions.values()],
      proposals: [...given.proposals.values()],
      threads: [...given.threads.values()],
      runs: [...given.runs.values()],
      messages: [...given.messages],
    }),
  );
  if (!seeded.ok) throw new Error("could not seed the case");
  const { now, channels = [], modes, side } = testCase;
  const ws = createWorkspace({
    registry,
    store,
    id: workspaceId,
    newId: sequentialIds(),
    ...(now === undefined ? {} : { clock: () => new Date(now) }),
    ...(modes === undefined ? {} : { modes }),
    // Only the names matter here: deciding a case never delivers.
    answerChannels: Object.fromEntries(channels.map((name) => [name, async () => {}])),
  });
  const options = side === undefined ? {} : { side };
  const result =
    testCase.command !== undefined
      ? await ws.commit(testCase.command as never, testCase.actor as never, options)
      : await ws.record(testCase.record as never, testCase.actor as never, options);
  if (!result.ok) return JSON.parse(JSON.stringify({ rejection: result.rejection })) as CaseDump;
  const { outcome, envelopes, entities } = result;
  // Outcomes from the pure rules carry no seq; the case format predates it.
  const dump = {
    outcome: { ...outcome, seq: null },
    events: envelopes.map((e) => e.event),
    ...entities,
  };
  return JSON.parse(JSON.stringify(dump)) as CaseDump;
}

/**
 * The one suite every store adapter runs: every port primitive, isolation between
 * workspaces, atomic appends, the change feed, durability where declared, and every
 * conformance case through a `Workspace` on the store. An adapter's test file is two lines:
 * `storeSuite("sqlite", { open: () => … })`.
 */
export function storeSuite(name: string, adapter: StoreSuiteAdapter): void {
  let counter = 0;
  const fresh = () => `ws_${name}_${++counter}_${Date.now().toString(36)}`;
  const withStore = (test: (store: Store) => Promise<void>) => async () => {
    const store = await adapter.open();
    try {
      await test(store);
    } finally {
      await store.close();
    }
  };

  describe(`store: ${name}`, () => {
    it(
      "starts empty",
      withStore(async (store) => {
        const ws = fresh();
        expect(await store.head(ws)).toBe(0);
        expect(await store.read(ws, { after: 0 })).toEqual([]);
        const loaded = await store.load(ws, {
          ...NO_NEEDS,
          artifacts: ["n1"],
          proposals: ["p1"],
          threads: ["t1"],
          runs: ["r1"],
          messages: ["m1"],
          revisions: [{ artifact_id: "n1", version: 1 }],
          pending: ["n1"],
        });
        expect(loaded.artifacts.get("n1")).toBeNull();
        expect(loaded.proposals.get("p1")).toBeNull();
        expect(loaded.threads.get("t1")).toBeNull();
        expect(loaded.runs.get("r1")).toBeNull();
        expect(loaded.messages.get("m1")).toBe(false);
        expect(loaded.revisions.get(revisionKey({ artifact_id: "n1", version: 1 }))).toBeNull();
        expect(loaded.pending.get("n1")).toEqual([]);
        expect(await store.revisions(ws, "n1")).toEqual([]);
        expect(await store.proposals(ws, {})).toEqual([]);
        expect(await store.artifacts(ws)).toEqual([]);
      }),
    );

    it(
      "appends envelopes and entities, and reads them back as written",
      withStore(async (store) => {
        const ws = fresh();
        const first = batch({
          envelopes: [envelope(ws, 1, appEvent(1)), envelope(ws, 2, appEvent(2))],
          artifacts: [note(1, "a")],
          revisions: [revision(1, "a")],
          proposals: [proposal("p1", "pending"), proposal("p2", "rejected")],
          threads: [thread],
          runs: [run],
          messages: ["m1"],
        });
        expect(await store.append(ws, 0, first)).toEqual({ ok: true, head: 2 });
        expect(await store.head(ws)).toBe(2);
        expect(await store.read(ws, { after: 0 })).toEqual(first.envelopes);
        const loaded = await store.load(ws, {
          ...NO_NEEDS,
          artifacts: ["n1"],
          proposals: ["p1", "p2"],
          threads: ["t1"],
          runs: ["r1"],
          messages: ["m1", "m2"],
          revisions: [{ artifact_id: "n1", version: 1 }],
          pending: ["n1", "n2"],
        });
        expect(loaded.artifacts.get("n1")).toEqual(note(1, "a"));
        expect(loaded.proposals.get("p2")).toEqual(proposal("p2", "rejected"));
        expect(loaded.threads.get("t1")).toEqual(thread);
        expect(loaded.runs.get("r1")).toEqual(run);
        expect(loaded.messages.get("m1")).toBe(true);
        expect(loaded.messages.get("m2")).toBe(false);
        expect(loaded.revisions.get(revisionKey({ artifact_id: "n1", version: 1 }))).toEqual(
          revision(1, "a"),
        );
        expect(loaded.pending.get("n1")).toEqual([proposal("p1", "pending")]);
        expect(loaded.pending.get("n2")).toEqual([]);
      }),
    );

    it(
      "overwrites entities with later versions and keeps every revision in order",
      withStore(async (store) => {
        const ws = fresh();
        await store.append(
          ws,
          0,
          batch({
            envelopes: [envelope(ws, 1, appEvent(1))],
            artifacts: [note(1, "a")],
            revisions: [revision(1, "a")],
            proposals: [proposal("p1", "pending")],
          }),
        );
        await store.append(
          ws,
          1,
          batch({
            envelopes: [envelope(ws, 2, appEvent(2))],
            artifacts: [note(2, "b")],
            revisions: [revision(2, "b")],
            proposals: [proposal("p1", "accepted")],
          }),
        );
        expect(
          (await store.load(ws, { ...NO_NEEDS, artifacts: ["n1"] })).artifacts.get("n1"),
        ).toEqual(note(2, "b"));
        expect(await store.revisions(ws, "n1")).toEqual([revision(1, "a"), revision(2, "b")]);
        expect(await store.proposals(ws, { status: "pending" })).toEqual([]);
        expect(await store.proposals(ws, { status: "accepted", artifactId: "n1" })).toEqual([
          proposal("p1", "accepted"),
        ]);
        expect(await store.artifacts(ws)).toEqual([note(2, "b")]);
      }),
    );

    it(
      "refuses an append at a stale position and writes nothing",
      withStore(async (store) => {
        const ws = fresh();
        await store.append(ws, 0, batch({ envelopes: [envelope(ws, 1, appEvent(1))] }));
        const refused = await store.append(
          ws,
          0,
          batch({ envelopes: [envelope(ws, 1, appEvent(9))], threads: [thread] }),
        );
        expect(refused).toEqual({ ok: false, head: 1 });
        expect(await store.read(ws, { after: 0 })).toEqual([envelope(ws, 1, appEvent(1))]);
        expect(
          (await store.load(ws, { ...NO_NEEDS, threads: ["t1"] })).threads.get("t1"),
        ).toBeNull();
      }),
    );

    it(
      "lets exactly one of many concurrent appends at one position win",
      withStore(async (store) => {
        const ws = fresh();
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            store.append(ws, 0, batch({ envelopes: [envelope(ws, 1, appEvent(i))] })),
          ),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(await store.head(ws)).toBe(1);
      }),
    );

    it(
      "reads the log from a position, with a limit",
      withStore(async (store) => {
        const ws = fresh();
        const envelopes = Array.from({ length: 10 }, (_, i) =>
          envelope(ws, i + 1, appEvent(i + 1)),
        );
        await store.append(ws, 0, batch({ envelopes }));
        expect(await store.read(ws, { after: 7 })).toEqual(envelopes.slice(7));
        expect(await store.read(ws, { after: 2, limit: 3 })).toEqual(envelopes.slice(2, 5));
        expect(await store.read(ws, { after: 10 })).toEqual([]);
      }),
    );

    it(
      "reads one thread's envelopes",
      withStore(async (store) => {
        const [ws, other] = [fresh(), fresh()];
        const inThread = (workspaceId: string, seq: number, threadId: string | null) => ({
          ...envelope(workspaceId, seq, appEvent(seq)),
          thread_id: threadId,
        });
        const threads = ["t1", "t2", null, "t1", null, "t2", "t1", "t1", null, "t2"];
        const all = threads.map((threadId, i) => inThread(ws, i + 1, threadId));
        // Two appends, with another workspace's envelopes of the same thread ids between them.
        const foreign = [inThread(other, 1, "t1"), inThread(other, 2, "t3")];
        await store.append(ws, 0, batch({ envelopes: all.slice(0, 6) }));
        await store.append(other, 0, batch({ envelopes: foreign }));
        await store.append(ws, 6, batch({ envelopes: all.slice(6) }));
        const of = (threadId: string) => all.filter((e) => e.thread_id === threadId);
        expect(of("t1").map((e) => e.seq)).toEqual([1, 4, 7, 8]);
        expect(of("t2").map((e) => e.seq)).toEqual([2, 6, 10]);

        expect(await store.read(ws, { after: 0, threadId: "t1" })).toEqual(of("t1"));
        expect(await store.read(ws, { after: 0, threadId: "t2" })).toEqual(of("t2"));
        expect(await store.read(ws, { after: 4, threadId: "t1" })).toEqual([all[6], all[7]]);
        // The limit counts the thread's envelopes, not log positions.
        expect(await store.read(ws, { after: 1, threadId: "t1", limit: 2 })).toEqual([
          all[3],
          all[6],
        ]);
        expect(await store.read(ws, { after: 2, threadId: "t2", limit: 1 })).toEqual([all[5]]);
        expect(await store.read(ws, { after: 8, threadId: "t1" })).toEqual([]);
        // Another workspace's envelopes never appear, whatever their thread.
        expect(await store.read(ws, { after: 0, threadId: "t3" })).toEqual([]);
        expect(await store.read(other, { after: 0, threadId: "t1" })).toEqual([foreign[0]]);
        // Envelopes of no thread stay in the log, in no thread's.
        expect(await store.read(ws, { after: 0 })).toEqual(all);
      }),
    );

    it(
      "keeps workspaces apart",
      withStore(async (store) => {
        const [a, b] = [fresh(), fresh()];
        await store.append(
          a,
          0,
          batch({
            envelopes: [envelope(a, 1, appEvent(1))],
            artifacts: [note(1, "a")],
            revisions: [revision(1, "a")],
            threads: [thread],
            messages: ["m1"],
          }),
        );
        expect(await store.head(b)).toBe(0);
        expect(await store.read(b, { after: 0 })).toEqual([]);
        const loaded = await store.load(b, {
          ...NO_NEEDS,
          artifacts: ["n1"],
          threads: ["t1"],
          messages: ["m1"],
        });
        expect(loaded.artifacts.get("n1")).toBeNull();
        expect(loaded.threads.get("t1")).toBeNull();
        expect(loaded.messages.get("m1")).toBe(false);
        expect(await store.revisions(b, "n1")).toEqual([]);
        expect(
          await store.append(b, 0, batch({ envelopes: [envelope(b, 1, appEvent(5))] })),
        ).toEqual({ ok: true, head: 1 });
      }),
    );

    it(
      "tells watchers of appends, and stops when asked",
      withStore(async (store) => {
        const ws = fresh();
        const heads: number[] = [];
        const stop = store.watch(ws, (head) => heads.push(head));
        await store.append(ws, 0, batch({ envelopes: [envelope(ws, 1, appEvent(1))] }));
        await expect.poll(() => heads.at(-1), { timeout: 5000 }).toBe(1);
        stop();
        await store.append(ws, 1, batch({ envelopes: [envelope(ws, 2, appEvent(2))] }));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(heads.at(-1)).toBe(1);
      }),
    );

    it(
      "feeds a subscriber every envelope once, in order, from any position",
      withStore(async (store) => {
        const ws = createWorkspace({
          registry: fixtureRegistry(),
          store,
          id: fresh(),
          newId: sequentialIds(),
        });
        await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
        const seen: number[] = [];
        const subscription = ws.subscribe(0, (e) => seen.push(e.seq));
        const writes = Array.from({ length: 20 }, (_, i) =>
          ws.commit({ type: "post_message", thread_id: "t1", content: `m${i}` }, alice),
        );
        await Promise.all(writes);
        await subscription.settled();
        expect(seen).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
        const late: number[] = [];
        const second = ws.subscribe(15, (e) => late.push(e.seq));
        await second.settled();
        expect(late).toEqual([16, 17, 18, 19, 20, 21]);
        subscription.close();
        second.close();
      }),
    );

    it(
      "replays its log to the entities it stores",
      withStore(async (store) => {
        const id = fresh();
        const ws = createWorkspace({
          registry: fixtureRegistry(),
          store,
          id,
          newId: sequentialIds(),
        });
        const agent: Actor = { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" };
        await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
        await ws.commit(
          {
            type: "create_artifact",
            artifact_id: "c1",
            kind: "checklist",
            data: { items: { a: { title: "A" } } },
          },
          alice,
        );
        const proposed = await ws.commit(
          {
            type: "edit_artifact",
            artifact_id: "c1",
            base_version: 1,
            patch: {
              kind: "json_patch",
              ops: [{ op: "replace", path: "/items/a/done", value: true }],
            },
          },
          agent,
        );
        await ws.commit(
          {
            type: "respond_to_proposal",
            proposal_id: proposed.outcome?.type === "proposed" ? proposed.outcome.proposal_id : "",
            decision: "accept",
          },
          alice,
        );
        const replayed = replay(await ws.log());
        expect(replayed.artifacts.get("c1")).toEqual(await ws.artifact("c1"));
        expect(replayed.revisions.get("c1")).toEqual(await ws.revisions("c1"));
        expect([...replayed.proposals.values()]).toEqual(await ws.proposals());
        expect(replayed.threads.get("t1")).toEqual(await ws.thread("t1"));
      }),
    );

    if (adapter.reopen !== undefined) {
      const reopen = adapter.reopen.bind(adapter);
      it("keeps everything when opened again", async () => {
        const store = await adapter.open();
        const ws = fresh();
        const first = batch({
          envelopes: [envelope(ws, 1, appEvent(1))],
          artifacts: [note(1, "a")],
          revisions: [revision(1, "a")],
          threads: [thread],
          runs: [run],
          messages: ["m1"],
          proposals: [proposal("p1", "pending")],
        });
        await store.append(ws, 0, first);
        const again = await reopen(store);
        await store.close();
        try {
          expect(await again.head(ws)).toBe(1);
          expect(await again.read(ws, { after: 0 })).toEqual(first.envelopes);
          expect(await again.revisions(ws, "n1")).toEqual([revision(1, "a")]);
          const loaded = await again.load(ws, {
            ...NO_NEEDS,
            proposals: ["p1"],
            runs: ["r1"],
            messages: ["m1"],
          });
          expect(loaded.proposals.get("p1")).toEqual(proposal("p1", "pending"));
          expect(loaded.runs.get("r1")).toEqual(run);
          expect(loaded.messages.get("m1")).toBe(true);
        } finally {
          await again.close();
        }
      });
    }

    if (adapter.openFailingAt !== undefined) {
      const failing = adapter.openFailingAt.bind(adapter);
      it("writes each append all or nothing, whichever row fails", async () => {
        const store = await adapter.open();
        try {
          const ws = fresh();
          await store.append(
            ws,
            0,
            batch({
              envelopes: [envelope(ws, 1, appEvent(1))],
              artifacts: [note(1, "a")],
              revisions: [revision(1, "a")],
            }),
          );
          const second = batch({
            envelopes: [envelope(ws, 2, appEvent(2)), envelope(ws, 3, appEvent(3))],
            artifacts: [note(2, "b")],
            revisions: [revision(2, "b")],
            proposals: [proposal("p1", "pending")],
            threads: [thread],
            runs: [run],
            messages: ["m1"],
          });
          for (let n = 1; n <= 9; n++) {
            const broken = await failing(store, n);
            await expect(broken.append(ws, 1, second)).rejects.toThrow();
            await broken.close();
            expect(await store.head(ws)).toBe(1);
            expect(await store.read(ws, { after: 0 })).toHaveLength(1);
            const loaded = await store.load(ws, {
              ...NO_NEEDS,
              artifacts: ["n1"],
              proposals: ["p1"],
              threads: ["t1"],
              runs: ["r1"],
              messages: ["m1"],
            });
            expect(loaded.artifacts.get("n1")).toEqual(note(1, "a"));
            expect(loaded.proposals.get("p1")).toBeNull();
            expect(loaded.threads.get("t1")).toBeNull();
            expect(loaded.runs.get("r1")).toBeNull();
            expect(loaded.messages.get("m1")).toBe(false);
            expect(await store.revisions(ws, "n1")).toEqual([revision(1, "a")]);
          }
          expect(await store.append(ws, 1, second)).toEqual({ ok: true, head: 3 });
        } finally {
          await store.close();
        }
      });
    }

    describe("conformance cases through a workspace on this store", () => {
      for (const { label, cases } of caseFiles()) {
        for (const testCase of cases) {
          const name = `${label}: ${testCase.name}`;
          it(
            name,
            withStore(async (store) => {
              const dump = await runThroughWorkspace(store, fresh(), testCase);
              const differences = caseDifferences(testCase, dump);
              if (DEVIATING.has(name)) expect(differences).not.toEqual([]);
              else expect(differences).toEqual([]);
            }),
          );
        }
      }
    });
  });
}
