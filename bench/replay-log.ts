/**
 * A long, realistic log for the replay benchmark: one block of real commits (a thread, a run,
 * messages, a note created and edited, proposals accepted and rejected), written once through
 * a workspace so every event is what the rules write, then repeated with its ids renamed per
 * copy, so a million events cost seconds to make instead of a million commits.
 */

import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import {
  type ActorInput,
  type CommandInput,
  createWorkspace,
  type Envelope,
  type FactInput,
  memoryStore,
} from "../src/entries/index.ts";

const person: ActorInput = { kind: "user", id: "alice" };
const agent: ActorInput = { kind: "agent", thread_id: "thread_x", run_id: "run_x" };
const TEXT = "Ship v1 on Friday. Then the docs, then the demo.";
const EDITS = [
  ["Friday", "Monday"],
  ["Monday", "Friday"],
] as const;

const edit = (
  base_version: number,
  i: number,
): Extract<CommandInput, { type: "edit_artifact" }> => {
  const [old, next] = EDITS[i % 2] ?? EDITS[0];
  return {
    type: "edit_artifact",
    artifact_id: "note_x",
    base_version,
    patch: { kind: "text_edits", edits: [{ old, new: next }] },
  };
};

// The commits of one block, in order: what a short session of one person and one agent writes.
async function seedBlock(): Promise<Envelope[]> {
  const ws = createWorkspace({ registry: fixtureRegistry(), id: "w", store: memoryStore() });
  const commit = async (command: CommandInput, actor = person) => {
    const done = await ws.commit(command, actor);
    if (!done.ok) throw new Error(done.rejection.message);
  };
  const record = async (fact: FactInput) => {
    const done = await ws.record(fact, agent);
    if (!done.ok) throw new Error(done.rejection.message);
  };
  await commit({ type: "create_thread", thread_id: "thread_x" });
  await record({ type: "run_started", run_id: "run_x", thread_id: "thread_x" });
  await commit({
    type: "create_artifact",
    artifact_id: "note_x",
    kind: "note",
    data: { text: TEXT },
  });
  let version = 1;
  for (let i = 0; i < 6; i++) {
    const message_id = `msg_x_${i}`;
    await commit({ type: "post_message", thread_id: "thread_x", message_id, content: "ok" });
    await commit(edit(version++, i));
    const call = { run_id: "run_x", thread_id: "thread_x", tool_call_id: `call_x_${i}` };
    await record({ type: "tool_called", ...call, tool_name: "read" });
  }
  for (let i = 0; i < 4; i++) {
    // `version - 1` edits have landed: the one that applies to the text as it is now.
    await commit({ type: "propose_change", change: edit(version, version - 1) }, agent);
    const [proposal] = await ws.proposals({ status: "pending" });
    if (proposal === undefined) throw new Error("no pending proposal");
    const decision = i % 2 === 0 ? "accept" : "reject";
    const reason = decision === "reject" ? "not now" : null;
    await commit({ type: "respond_to_proposal", proposal_id: proposal.id, decision, reason });
    if (decision === "accept") version++;
  }
  await record({ type: "run_ended", run_id: "run_x", thread_id: "thread_x", status: "completed" });
  const log = await ws.log();
  await ws.close();
  return log;
}

// Every id the block names, renamed for copy `k`: each copy is a thread, note and run of its own.
function renamer(ids: ReadonlySet<string>, k: number) {
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return ids.has(value) ? `${value}_${k}` : value;
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, walk(v)]));
  };
  return walk;
}

const ID = /^(thread_x|run_x|note_x|msg_x_\d+|call_x_\d+|prp_[0-9a-f]+|evt_[0-9a-f]+)$/;

// The ids in `value` that the block made (threads, runs, notes, messages, proposals, events).
function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string" && ID.test(value)) into.add(value);
  else if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) idsIn(v, into);
  }
  return into;
}

/** A log of `size` envelopes: the block repeated, each copy with ids of its own, in seq order. */
export async function replayLog(size: number): Promise<Envelope[]> {
  const block = await seedBlock();
  const ids = idsIn(block, new Set());
  const log: Envelope[] = [];
  for (let k = 0; log.length < size; k++) {
    const rename = renamer(ids, k);
    for (const envelope of block) {
      if (log.length === size) break;
      const copy = rename(envelope) as Envelope;
      log.push({ ...copy, seq: log.length + 1 });
    }
  }
  return log;
}
