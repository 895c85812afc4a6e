import { expect, it } from "vitest";
import { NO_NEEDS } from "../model/state.ts";
import type { Store } from "../stores/port.ts";
import type { SuiteContext } from "./suite-context.ts";
import { appEvent, batch, envelope, note, revision, thread } from "./suite-records.ts";

/** Reading the log: from a position, with a limit, by thread. */
export function logTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "reads the log from a position, with a limit",
    withStore(async (store) => {
      const ws = fresh();
      const envelopes = Array.from({ length: 10 }, (_, i) => envelope(ws, i + 1, appEvent(i + 1)));
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
}

/** Workspaces in one store never see each other's data. */
export function isolationTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
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
      expect(await store.append(b, 0, batch({ envelopes: [envelope(b, 1, appEvent(5))] }))).toEqual(
        { ok: true, head: 1 },
      );
    }),
  );
}
