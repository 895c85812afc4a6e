import { expect, it } from "vitest";
import type { CommandRecord } from "../model/command-record.ts";
import type { Store } from "../stores/port.ts";
import type { SuiteContext } from "./suite-context.ts";
import { appEvent, batch, envelope } from "./suite-records.ts";

/** The command record of an append at `seq` by `participant` under `commandId`. */
export const commandAt = (
  workspaceId: string,
  seq: number,
  participant: string,
  commandId: string,
): CommandRecord => ({
  participant,
  command_id: commandId,
  seq,
  envelope_id: envelope(workspaceId, seq, appEvent(seq)).id,
  outcome: { type: "recorded", seq, run_id: null },
});

/** Commands kept with their appends, by sender and id (what a retried command is answered from). */
export function commandTests<S extends Store>({ fresh, withStore }: SuiteContext<S>): void {
  it(
    "keeps a command with its append, by sender and id, and only when the append lands",
    withStore(async (store) => {
      const ws = fresh();
      const kept = commandAt(ws, 1, "user:alice", "c1");
      const first = batch({ envelopes: [envelope(ws, 1, appEvent(1))], command: kept });
      expect(await store.command(ws, "user:alice", "c1")).toBeNull();
      expect(await store.append(ws, 0, first)).toEqual({ ok: true, head: 1 });
      expect(await store.command(ws, "user:alice", "c1")).toEqual(kept);
      // Another sender's id, another id, another workspace: none of them.
      expect(await store.command(ws, "user:bob", "c1")).toBeNull();
      expect(await store.command(ws, "user:alice", "c2")).toBeNull();
      expect(await store.command(fresh(), "user:alice", "c1")).toBeNull();
      // An append the log moved under writes nothing, its command neither.
      const lost = commandAt(ws, 1, "user:bob", "c1");
      const stale = batch({ envelopes: [envelope(ws, 1, appEvent(1))], command: lost });
      expect(await store.append(ws, 0, stale)).toEqual({ ok: false, head: 1 });
      expect(await store.command(ws, "user:bob", "c1")).toBeNull();
    }),
  );
}
