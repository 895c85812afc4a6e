import { expect, it } from "vitest";
import { NO_NEEDS } from "../model/state.ts";
import type { Store } from "../stores/port.ts";
import { declaredTest } from "./suite-capabilities.ts";
import { commandAt } from "./suite-commands.ts";
import type { SuiteContext } from "./suite-context.ts";
import {
  appEvent,
  batch,
  envelope,
  note,
  proposal,
  revision,
  run,
  thread,
} from "./suite-records.ts";

/** A store opened again on the same place keeps everything (when it declares `durable`). */
export function durabilityTests<S extends Store>(suite: SuiteContext<S>): void {
  const { adapter, fresh } = suite;
  declaredTest(suite, "durable", "keeps everything when opened again", async (reopen) => {
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
      command: commandAt(ws, 1, "user:alice", "c1"),
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
      expect(await again.command(ws, "user:alice", "c1")).toEqual(first.command);
    } finally {
      await again.close();
    }
  });
}

/** An append that fails at any row leaves nothing behind (when the adapter can fail one). */
export function atomicityTests<S extends Store>({ adapter, fresh }: SuiteContext<S>): void {
  if (adapter.openFailingAt === undefined) return;
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
        command: commandAt(ws, 2, "user:alice", "c1"),
      });
      for (let n = 1; n <= 10; n++) {
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
        expect(await store.command(ws, "user:alice", "c1")).toBeNull();
      }
      expect(await store.append(ws, 1, second)).toEqual({ ok: true, head: 3 });
      expect(await store.command(ws, "user:alice", "c1")).toEqual(
        commandAt(ws, 2, "user:alice", "c1"),
      );
    } finally {
      await store.close();
    }
  });
}
