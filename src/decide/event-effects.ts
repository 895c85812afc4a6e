import type { Revision, Versioned } from "../model/artifacts.ts";
import { EMPTY_SLOT } from "../model/decisions.ts";
import { type Envelope, traceIdOf } from "../model/envelope.ts";
import { WorkspaceError } from "../model/errors.ts";
import type { EventType, KnownEvent } from "../model/event.ts";
import { isJsonObject } from "../model/json.ts";
import type { Patch } from "../model/patches.ts";
import type { Proposal, ProposalStatus, Resolution } from "../model/proposals.ts";
import { newThread } from "../model/threads.ts";
import { applyPatch } from "../patches/apply.ts";
import { type DecisionEvent, evolveSlot } from "../scopes/evolve.ts";
import type { WorkingTables } from "./working.ts";

// Effects write through the working tables' methods, never into a record they read: a record
// may be the snapshot's (frozen, shared with every reader of it) until the table copies it.
type Snapshot = WorkingTables;
type EventOf<T extends EventType> = Extract<KnownEvent, { type: T }>;

/** What one event of type `T` does to a workspace's state, as replay applies it. */
export type Effect<T extends EventType> = (
  tables: WorkingTables,
  event: EventOf<T>,
  envelope: Envelope,
) => void;

/** One effect per event type: a type without an entry is a compile error. */
type Effects = { readonly [T in EventType]: Effect<T> };

function corrupt(envelope: Envelope, why: string): WorkspaceError {
  return new WorkspaceError(
    "corrupt_record",
    `workspace ${envelope.workspace_id} at seq ${envelope.seq}: ${why}`,
  );
}

function must<T>(value: T | undefined, envelope: Envelope, what: string): T {
  if (value === undefined) throw corrupt(envelope, `${what} does not exist`);
  return value;
}

// The id of a thread that must exist by now.
function threadOf(draft: Snapshot, envelope: Envelope, id: string): string {
  must(draft.threads.get(id), envelope, `thread ${id}`);
  return id;
}

const THREAD_EFFECTS = {
  thread_created: (draft, event, envelope) => {
    const thread = { ...newThread(event.thread_id, event.title), proposed_by: event.proposed_by };
    draft.threads.put(event.thread_id, thread);
    // A thread started from an offer claims it on the offering thread.
    const origin = event.proposed_by;
    if (origin !== null) {
      const id = threadOf(draft, envelope, origin.thread_id);
      draft.threads.setIn(id, "starting", origin.offer_id, event.thread_id);
    }
  },
  thread_launched: (draft, event, envelope) => {
    const id = threadOf(draft, envelope, event.thread_id);
    draft.threads.set(id, "modes", { ...event.modes });
    draft.threads.set(id, "mode", event.mode);
    draft.threads.set(id, "model", event.model);
    const launch = { source_thread_id: event.source_thread_id, placement: event.placement };
    draft.threads.set(id, "launch", launch);
  },
  draft_saved: (draft, event, envelope) => {
    draft.threads.set(threadOf(draft, envelope, event.thread_id), "draft", event.text);
  },
  thread_ended: (draft, event, envelope) => {
    draft.threads.set(threadOf(draft, envelope, event.thread_id), "status", "ended");
  },
  thread_deleted: (draft, event, envelope) => {
    draft.threads.set(threadOf(draft, envelope, event.thread_id), "status", "deleted");
  },
  permission_granted: (draft, event, envelope) => {
    draft.threads.pushIn(threadOf(draft, envelope, event.thread_id), "grants", event.permission);
  },
  offer_answered: (draft, event, envelope) => {
    const id = threadOf(draft, envelope, event.thread_id);
    draft.threads.setIn(id, "offers", event.offer_id, event.answer);
    draft.threads.deleteIn(id, "starting", event.offer_id);
  },
  offer_made: (draft, event, envelope) => {
    const id = threadOf(draft, envelope, event.thread_id);
    draft.threads.setIn(id, "offered", event.offer_id, event.offer);
  },
  offer_released: (draft, event, envelope) => {
    draft.threads.deleteIn(threadOf(draft, envelope, event.thread_id), "starting", event.offer_id);
  },
  side_opened: (draft, event, envelope) => {
    const id = threadOf(draft, envelope, event.thread_id);
    draft.threads.set(id, "side", event.side_id);
    draft.threads.set(id, "side_until", event.lease_until);
  },
  side_closed: (draft, event, envelope) => {
    const id = threadOf(draft, envelope, event.thread_id);
    draft.threads.set(id, "side", null);
    draft.threads.set(id, "side_until", null);
  },
  thread_mode_changed: (draft, event, envelope) => {
    draft.threads.set(threadOf(draft, envelope, event.thread_id), "mode", event.mode);
  },
  focus_changed: (draft, event, envelope) => {
    const id = threadOf(draft, envelope, event.thread_id);
    draft.threads.set(id, "focus", [...event.artifact_ids]);
  },
  message_posted: (draft, event) => {
    const { before, added } = draft.messages;
    if (!before.has(event.message_id)) added.add(event.message_id);
  },
} satisfies Partial<Effects>;

// Every decision event moves its scope's slot the way the rules do (one function, `evolveSlot`).
function evolveDecision(draft: Snapshot, event: DecisionEvent, envelope: Envelope): void {
  const { scope } = event;
  if (scope.kind === "thread") {
    const thread = must(draft.threads.get(scope.id), envelope, `thread ${scope.id}`);
    draft.threads.set(scope.id, "decision", evolveSlot(thread.decision, event));
  } else {
    const run = must(draft.runs.get(scope.id), envelope, `run ${scope.id}`);
    draft.runs.set(scope.id, "decision", evolveSlot(run.decision, event));
  }
}

const DECISION_EFFECTS = {
  decision_requested: evolveDecision,
  decision_superseded: evolveDecision,
  decision_answered: evolveDecision,
  decision_retired: evolveDecision,
} satisfies Partial<Effects>;

// Writes the artifact's new version and the revision that records it.
function putVersion(
  draft: Snapshot,
  envelope: Envelope,
  artifact: Versioned,
  change: {
    readonly patch: Patch | null;
    readonly proposal_id: string | null;
    readonly reverts?: number | null;
  },
): void {
  const revision: Revision = {
    artifact_id: artifact.id,
    version: artifact.version,
    kind: artifact.kind,
    data: artifact.data,
    patch: change.patch,
    actor: envelope.actor,
    proposal_id: change.proposal_id,
    archived: artifact.archived,
    trace_id: traceIdOf(envelope.traceparent),
    reverts: change.reverts ?? null,
  };
  draft.artifacts.put(artifact.id, artifact);
  // Only the revisions this replay adds, appended in place: copying a history per version
  // would make replay quadratic in an artifact's versions.
  const added = draft.revisions.get(artifact.id);
  if (added === undefined) draft.revisions.set(artifact.id, [revision]);
  else added.push(revision);
}

const artifactOf = (draft: Snapshot, envelope: Envelope, id: string): Versioned =>
  must(draft.artifacts.get(id), envelope, `artifact ${id}`);

const ARTIFACT_EFFECTS = {
  artifact_created: (draft, event, envelope) => {
    const { artifact_id: id, version, data, kind, proposal_id } = event;
    const artifact = { id, version, data, updated_by: envelope.actor, archived: false, kind };
    putVersion(draft, envelope, artifact, { patch: null, proposal_id });
  },
  artifact_changed: (draft, event, envelope) => {
    const artifact = artifactOf(draft, envelope, event.artifact_id);
    const patched = applyPatch(artifact.data, event.patch);
    if (!patched.ok || !isJsonObject(patched.value)) {
      throw corrupt(envelope, `the patch to artifact ${event.artifact_id} does not apply`);
    }
    const { version, patch, proposal_id, reverts } = event;
    const next = { ...artifact, version, data: patched.value, updated_by: envelope.actor };
    putVersion(draft, envelope, next, { patch, proposal_id, reverts });
  },
  artifact_archived: (draft, event, envelope) => {
    const artifact = artifactOf(draft, envelope, event.artifact_id);
    const next = {
      ...artifact,
      version: event.version,
      archived: true,
      updated_by: envelope.actor,
    };
    putVersion(draft, envelope, next, { patch: null, proposal_id: event.proposal_id });
  },
} satisfies Partial<Effects>;

const NO_RESOLUTION = {
  version: null,
  changes: null,
  base_version: null,
  reason: null,
  surface: null,
  superseded_by: null,
  hunk_ids: null,
  hunks: null,
};

// A pending proposal ends: its status and how, by whom and when (the envelope's actor and time).
function resolve(
  draft: Snapshot,
  envelope: Envelope,
  id: string,
  ending: {
    status: ProposalStatus;
    resolution: Pick<Resolution, "decision"> & Partial<Resolution>;
  },
): void {
  must(draft.proposals.get(id), envelope, `proposal ${id}`);
  draft.proposals.set(id, "status", ending.status);
  const by = { by: envelope.actor, at: envelope.ts };
  draft.proposals.set(id, "resolution", { ...NO_RESOLUTION, ...by, ...ending.resolution });
}

const PROPOSAL_EFFECTS = {
  proposal_created: (draft, event, envelope) => {
    const proposal: Proposal = {
      id: event.proposal_id,
      change: event.change,
      proposed_by: envelope.actor,
      rationale: event.rationale,
      status: "pending",
      thread_id: event.thread_id,
      created_at: envelope.ts,
      expires_at: event.expires_at,
      resolution: null,
      // A revision carries the comments of the proposal it revises along.
      comments:
        event.revises === null ? [] : [...(draft.proposals.get(event.revises)?.comments ?? [])],
      changes_requested: false,
      revises: event.revises,
      reproposal_of: event.reproposal_of,
    };
    draft.proposals.put(event.proposal_id, proposal);
  },
  proposal_resolved: (draft, event, envelope) => {
    const { decision, version, changes, base_version, reason, surface, hunk_ids, hunks } = event;
    resolve(draft, envelope, event.proposal_id, {
      status: decision === "accept" ? "accepted" : "rejected",
      resolution: { decision, version, changes, base_version, reason, surface, hunk_ids, hunks },
    });
  },
  proposal_commented: (draft, event, envelope) => {
    const { comment_id: id, proposal_id, kind, hunk_id, text, reply_to } = event;
    must(draft.proposals.get(proposal_id), envelope, `proposal ${proposal_id}`);
    const by = { by: envelope.actor, at: envelope.ts };
    const comment = { id, proposal_id, kind, hunk_id, text, reply_to, ...by };
    draft.proposals.pushIn(proposal_id, "comments", comment);
    if (kind === "request_changes") draft.proposals.set(proposal_id, "changes_requested", true);
  },
  proposal_superseded: (draft, event, envelope) => {
    resolve(draft, envelope, event.proposal_id, {
      status: "superseded",
      resolution: { decision: "supersede", superseded_by: event.superseded_by },
    });
  },
  proposal_expired: (draft, event, envelope) => {
    resolve(draft, envelope, event.proposal_id, {
      status: "expired",
      resolution: { decision: "expire" },
    });
  },
} satisfies Partial<Effects>;

const RUN_EFFECTS = {
  run_started: (draft, event) => {
    const previous = draft.runs.get(event.run_id);
    const traces = previous?.trace_ids ?? [];
    draft.runs.put(event.run_id, {
      id: event.run_id,
      thread_id: event.thread_id,
      status: "running",
      pending: [],
      answers: {},
      trace_ids: event.trace_id === null ? traces : [...traces, event.trace_id],
      answered: previous?.answered ?? {},
      decision: previous?.decision ?? EMPTY_SLOT,
      resume: null,
    });
  },
  run_paused: (draft, event, envelope) => {
    const id = event.run_id;
    must(draft.runs.get(id), envelope, `run ${id}`);
    draft.runs.set(id, "status", "paused");
    draft.runs.set(id, "pending", event.requests);
    draft.runs.set(id, "resume", event.resume);
  },
  deferred_answered: (draft, event, envelope) => {
    const id = event.run_id;
    must(draft.runs.get(id), envelope, `run ${id}`);
    const { answer, approved, surface } = event;
    draft.runs.setIn(id, "answers", event.tool_call_id, { answer, approved });
    const recorded = { answer, approved, by: envelope.actor, surface, at: envelope.ts };
    draft.runs.setIn(id, "answered", event.tool_call_id, recorded);
  },
  run_ended: (draft, event, envelope) => {
    const id = event.run_id;
    must(draft.runs.get(id), envelope, `run ${id}`);
    draft.runs.set(id, "status", event.status);
    draft.runs.set(id, "pending", []);
    draft.runs.set(id, "answers", {});
    draft.runs.set(id, "resume", null);
  },
} satisfies Partial<Effects>;

// Events that are in the log for the record only: they change no entity.
const nothing = (): void => {};

/** What every event type does to the state, as replay applies it. */
export const EVENT_EFFECTS: Effects = {
  ...THREAD_EFFECTS,
  ...DECISION_EFFECTS,
  ...ARTIFACT_EFFECTS,
  ...PROPOSAL_EFFECTS,
  ...RUN_EFFECTS,
  tool_called: nothing,
  tool_returned: nothing,
  feedback_given: nothing,
  app_event: nothing,
};
