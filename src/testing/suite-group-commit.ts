import { expect, it } from "vitest";
import { fixtureRegistry } from "../conformance/fixtures.ts";
import { sequentialIds } from "../model/ids.ts";
import { NO_NEEDS } from "../model/state.ts";
import type { Store } from "../stores/port.ts";
import type { WriteResult } from "../workspace/api.ts";
import { createWorkspace } from "../workspace/workspace.ts";
import type { SuiteContext } from "./suite-context.ts";
import { alice } from "./suite-records.ts";
import { counting } from "./suite-review.ts";

// One workspace instance is one writer (ADR 0055): commits made together queue, and a single
// loop decides each after those before it and appends the group in one compare-and-swap.
// These check, on each store, what that must keep: the order queued, each command's own
// answer, and an append whole or absent.

/** A workspace on the store, its appends counted. */
function onStore(store: Store, id: string) {
  const { store: counted, appends } = counting(store);
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store: counted,
    id,
    newId: sequentialIds(),
  });
  return { ws, appends };
}

const create = (artifactId: string) =>
  ({
    type: "create_artifact",
    artifact_id: artifactId,
    kind: "note",
    data: { text: artifactId },
  }) as const;

// What a write appended (a refusal: nothing).
const appended = (result: WriteResult | undefined) => (result?.ok ? result.envelopes : []);

// The `seq` a write's outcome gives, or a failure naming what it got instead.
function seqOf(result: WriteResult): number {
  if (!result.ok) throw new Error(`expected a write, got ${result.rejection.type}`);
  const { seq } = result.outcome;
  if (seq === null) throw new Error("expected a seq");
  return seq;
}

/** What a group commit keeps: order, each command's own answer, and whole-or-absent appends. */
export function groupCommitTests<S extends Store>(suite: SuiteContext<S>): void {
  const { fresh, withStore } = suite;
  it(
    "lands commits made together in the order they were made, each with its own seq",
    withStore(async (store) => {
      const { ws, appends } = onStore(store, fresh());
      const ids = Array.from({ length: 20 }, (_, i) => `a${i}`);
      const results = await Promise.all(ids.map((id) => ws.commit(create(id), alice)));
      const seqs = results.map(seqOf);
      // Each its own position, in the order made: the log reads them back there.
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(ids.length);
      const log = await store.read(ws.id, { after: 0 });
      results.forEach((result, i) => {
        expect(appended(result).length).toBeGreaterThan(0);
        for (const envelope of appended(result)) expect(log[envelope.seq - 1]).toEqual(envelope);
        expect(appended(result).at(-1)?.seq).toBe(seqs[i]);
      });
      expect(log.length).toBe(await ws.head());
      expect(appends()).toBeLessThan(ids.length);
    }),
  );

  it(
    "answers a refused command in the middle of a group alone: the others land, it writes nothing",
    withStore(async (store) => {
      const { ws, appends } = onStore(store, fresh());
      const [first, ...rest] = await Promise.all([
        ws.commit(create("a0"), alice),
        ws.commit(create("a1"), alice),
        // The same id again: refused against what the command before it in the group wrote.
        ws.commit(create("a1"), alice),
        ws.commit(create("a2"), alice),
      ]);
      expect(first?.ok).toBe(true);
      expect(rest.map((r) => r.ok)).toEqual([true, false, true]);
      expect(rest[1]).toMatchObject({ ok: false, rejection: { type: "invalid_state" } });
      const log = await store.read(ws.id, { after: 0 });
      expect(log.length).toBe(
        [first, rest[0], rest[2]].reduce((n, r) => n + appended(r).length, 0),
      );
      expect(appends()).toBeLessThanOrEqual(2);
    }),
  );

  faultTests(suite);
  crashTests(suite);

  it(
    "appends 64 commits made together on one instance in at most 1.05 appends each",
    withStore(async (store) => {
      const { ws, appends } = onStore(store, fresh());
      const commits = Array.from({ length: 64 }, (_, i) => ws.commit(create(`b${i}`), alice));
      const results = await Promise.all(commits);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(appends() / results.length).toBeLessThanOrEqual(1.05);
    }),
  );
}

/** A group whose append fails fails its commands with the store's error, and writes nothing. */
function faultTests<S extends Store>({ adapter, fresh }: SuiteContext<S>): void {
  if (adapter.openFailingAt === undefined) return;
  const failing = adapter.openFailingAt.bind(adapter);
  it("fails a group whose append fails, each command with the error, and writes none of it", async () => {
    const store = await adapter.open();
    // A lone creation writes four rows (its envelope, artifact, revision and the head); a group
    // of two writes seven, and fails at its sixth.
    const faulty = await failing(store, 6);
    try {
      const id = fresh();
      const { ws } = onStore(faulty, id);
      // Made first, it commits alone while the three after it queue into one group.
      const alone = ws.commit(create("a0"), alice);
      const [one, refused, two] = await Promise.allSettled([
        ws.commit(create("a1"), alice),
        ws.commit(create("a0"), alice),
        ws.commit(create("a2"), alice),
      ]);
      const head = await store.head(id);
      expect(appended(await alone).at(-1)?.seq).toBe(head);
      expect(one).toMatchObject({
        status: "rejected",
        reason: { message: expect.stringMatching(/injected fault/) },
      });
      expect(two).toMatchObject({
        status: "rejected",
        reason: { message: expect.stringMatching(/injected fault/) },
      });
      // Written nothing of its own, it is decided again after the failed group, and refused.
      expect(refused).toMatchObject({
        status: "fulfilled",
        value: { ok: false, rejection: { type: "invalid_state" } },
      });
      expect(await store.head(id)).toBe(head);
      const loaded = await store.load(id, { ...NO_NEEDS, artifacts: ["a1", "a2"] });
      expect([...loaded.artifacts.values()]).toEqual([null, null]);
    } finally {
      await faulty.close();
      await store.close();
    }
  });
}

/** Every acknowledged command of a group is kept, once, when the process ends between groups. */
function crashTests<S extends Store>(suite: SuiteContext<S>): void {
  const { fresh, adapter } = suite;
  // Only where the store is durable and can be opened again; whether a store's declaration
  // can be checked at all is the durability group's to say (suite-capabilities.ts).
  const reopen = adapter.reopen?.bind(adapter);
  if (!suite.capabilities.durable || reopen === undefined) return;
  it("keeps every acknowledged command once, opened again without closing", async () => {
    const store = await suite.adapter.open();
    const id = fresh();
    const { ws } = onStore(store, id);
    const ids = Array.from({ length: 16 }, (_, i) => `c${i}`);
    const results = await Promise.all(
      ids.map((c) => ws.commit(create(c), alice, { commandId: c })),
    );
    // Opened again as a process restarted after a crash would: the first store is not closed.
    const again = await reopen(store);
    try {
      const log = await again.read(id, { after: 0 });
      expect(log.length).toBe(results.reduce((n, r) => n + appended(r).length, 0));
      const seen = new Set(log.map((e) => e.id));
      expect(seen.size).toBe(log.length);
      const other = onStore(again, id).ws;
      for (const [i, c] of ids.entries()) {
        const result = results[i] as WriteResult;
        for (const envelope of appended(result)) expect(seen.has(envelope.id)).toBe(true);
        const record = await again.command(id, "user:alice", c);
        expect(record?.outcome).toEqual(result.ok ? result.outcome : null);
        // Sent again to a new instance: answered from what was kept, nothing written twice.
        const repeated = await other.commit(create(c), alice, { commandId: c });
        expect(repeated).toMatchObject({ ok: true, repeated: true });
      }
      expect(await again.head(id)).toBe(log.length);
    } finally {
      await store.close();
      await again.close();
    }
  });
}
