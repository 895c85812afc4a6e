import type { Actor } from "../model/actors.ts";
import type { Revision, Versioned } from "../model/artifacts.ts";
import type { Decision } from "../model/decisions.ts";
import type { Envelope } from "../model/envelope.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Run, RunStatus } from "../model/runs.ts";
import { newThread, type Thread, type ThreadStatus } from "../model/threads.ts";
import type { AppendBatch } from "../stores/port.ts";

// The records the store suite writes and expects back, one of each kind.

const system: Actor = { kind: "system", name: "system" };

/** The person who writes in the suite. */
export const alice: Actor = { kind: "user", id: "alice", name: "Alice" };

/** The envelope at `seq` of a workspace, of no thread, by the system. */
export function envelope(workspaceId: string, seq: number, event: Envelope["event"]): Envelope {
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

/** A batch with only the given parts; the rest empty. */
export function batch(parts: Partial<AppendBatch>): AppendBatch {
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

/** Note `n1` at a version, with a text. */
export const note = (version: number, text: string): Versioned => ({
  id: "n1",
  version,
  data: { text, title: "" },
  updated_by: alice,
  archived: false,
  kind: "note",
});

/** The revision of note `n1` at a version, with a text. */
export const revision = (version: number, text: string): Revision => ({
  artifact_id: "n1",
  version,
  kind: "note",
  data: { text, title: "" },
  patch: null,
  actor: alice,
  proposal_id: null,
  archived: false,
  trace_id: null,
  reverts: null,
});

/** Thread `t1`. */
export const thread: Thread = newThread("t1", "Launch");

/** Run `r1` of thread `t1`, running. */
export const run: Run = {
  id: "r1",
  thread_id: "t1",
  status: "running",
  pending: [],
  answers: {},
  trace_ids: [],
  answered: {},
  decision: { pending: null, closed: {} },
  resume: null,
};

/** A proposal to edit note `n1`, in a status. */
export const proposal = (id: string, status: Proposal["status"]): Proposal => ({
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
  comments: [],
  changes_requested: false,
  revises: null,
  reproposal_of: null,
});

/** A proposal on `n1` rejected by Alice, its rejection recording `hunkIds`. */
export const rejectedProposal = (id: string, hunkIds: readonly string[]): Proposal => ({
  ...proposal(id, "rejected"),
  resolution: {
    decision: "reject",
    version: null,
    changes: null,
    base_version: null,
    reason: "not this",
    by: alice,
    surface: null,
    at: null,
    superseded_by: null,
    hunk_ids: [...hunkIds],
    hunks: null,
  },
});

/** The `n`th app event. */
export const appEvent = (n: number): Envelope["event"] => ({
  type: "app_event",
  thread_id: null,
  run_id: null,
  name: `e${n}`,
  data: n,
});

/** A decision pending as `id`, with one option to pick. */
export const decision = (id: string): Decision => ({
  id,
  prompt: `Go ahead with ${id}?`,
  options: [{ id: "yes", label: "Yes" }],
  received_at: "2026-11-30T09:00:00.000Z",
  channel: "chat",
  expires_at: null,
  asked_by: { kind: "system", name: "system" },
});

/** Thread `id` in a status, with a decision pending in it or none. */
export const threadIn = (
  id: string,
  status: ThreadStatus,
  pending: Decision | null = null,
): Thread => ({ ...newThread(id, id), status, decision: { pending, closed: {} } });

/** Run `id` of a thread in a status, with a decision pending in it or none. */
export const runIn = (
  id: string,
  threadId: string,
  status: RunStatus,
  pending: Decision | null = null,
): Run => ({ ...run, id, thread_id: threadId, status, decision: { pending, closed: {} } });

/** The `n`th envelope of a workspace, in a thread and run (what first names them). */
export function scoped(
  workspaceId: string,
  seq: number,
  scope: { readonly thread_id: string | null; readonly run_id?: string | null },
): Envelope {
  const ids = { thread_id: scope.thread_id, run_id: scope.run_id ?? null };
  return { ...envelope(workspaceId, seq, { ...appEvent(seq), ...ids }), ...ids };
}
