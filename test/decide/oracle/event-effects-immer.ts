// The test oracle: its effects table as it was before it dropped immer (one draft over the whole
// replay), kept verbatim so a property test can hold the draft-free replay to it.
import { castDraft, type Draft } from "immer";
import type { Revision, Versioned } from "../../../src/model/artifacts.ts";
import { type DecisionSlot, EMPTY_SLOT } from "../../../src/model/decisions.ts";
import { type Envelope, traceIdOf } from "../../../src/model/envelope.ts";
import { WorkspaceError } from "../../../src/model/errors.ts";
import type { EventType, KnownEvent } from "../../../src/model/event.ts";
import { isJsonObject } from "../../../src/model/json.ts";
import type { Patch } from "../../../src/model/patches.ts";
import type { Proposal, ProposalStatus, Resolution } from "../../../src/model/proposals.ts";
import type { Run } from "../../../src/model/runs.ts";
import { newThread, type Thread } from "../../../src/model/threads.ts";
import { applyPatch } from "../../../src/patches/apply.ts";
import { type DecisionEvent, evolveSlot } from "../../../src/scopes/evolve.ts";

/**
 * The tables replay works on, as plain maps (it drafts them with immer): the entities the
 * events so far made, each artifact's history, the message ids used.
 */
export interface ReplayTables {
  readonly artifacts: Map<string, Versioned>;
  readonly revisions: Map<string, readonly Revision[]>;
  readonly proposals: Map<string, Proposal>;
  readonly threads: Map<string, Thread>;
  readonly runs: Map<string, Run>;
  readonly messages: Set<string>;
}

type Snapshot = Draft<ReplayTables>;
type EventOf<T extends EventType> = Extract<KnownEvent, { type: T }>;

/** What one event of type `T` does to a workspace's state, as replay applies it. */
export type Effect<T extends EventType> = (
  draft: Snapshot,
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

const threadOf = (draft: Snapshot, envelope: Envelope, id: string): Draft<Thread> =>
  must(draft.threads.get(id), envelope, `thread ${id}`);

const THREAD_EFFECTS = {
  thread_created: (draft, event, envelope) => {
    const thread = { ...newThread(event.thread_id, event.title), proposed_by: event.proposed_by };
    draft.threads.set(event.thread_id, castDraft(thread));
    // A thread started from an offer claims it on the offering thread.
    const origin = event.proposed_by;
    if (origin !== null) {
      threadOf(draft, envelope, origin.thread_id).starting[origin.offer_id] = event.thread_id;
    }
  },
  thread_launched: (draft, event, envelope) => {
    const thread = threadOf(draft, envelope, event.thread_id);
    thread.modes = { ...event.modes };
    thread.mode = event.mode;
    thread.model = event.model;
    thread.launch = castDraft({
      source_thread_id: event.source_thread_id,
      placement: event.placement,
    });
  },
  draft_saved: (draft, event, envelope) => {
    threadOf(draft, envelope, event.thread_id).draft = event.text;
  },
  thread_ended: (draft, event, envelope) => {
    threadOf(draft, envelope, event.thread_id).status = "ended";
  },
  thread_deleted: (draft, event, envelope) => {
    threadOf(draft, envelope, event.thread_id).status = "deleted";
  },
  permission_granted: (draft, event, envelope) => {
    threadOf(draft, envelope, event.thread_id).grants.push(event.permission);
  },
  offer_answered: (draft, event, envelope) => {
    const thread = threadOf(draft, envelope, event.thread_id);
    thread.offers[event.offer_id] = castDraft(event.answer);
    delete thread.starting[event.offer_id];
  },
  offer_made: (draft, event, envelope) => {
    threadOf(draft, envelope, event.thread_id).offered[event.offer_id] = castDraft(event.offer);
  },
  offer_released: (draft, event, envelope) => {
    delete threadOf(draft, envelope, event.thread_id).starting[event.offer_id];
  },
  side_opened: (draft, event, envelope) => {
    const thread = threadOf(draft, envelope, event.thread_id);
    thread.side = event.side_id;
    thread.side_until = event.lease_until;
  },
  side_closed: (draft, event, envelope) => {
    const thread = threadOf(draft, envelope, event.thread_id);
    thread.side = null;
    thread.side_until = null;
  },
  thread_mode_changed: (draft, event, envelope) => {
    threadOf(draft, envelope, event.thread_id).mode = event.mode;
  },
  focus_changed: (draft, event, envelope) => {
    threadOf(draft, envelope, event.thread_id).focus = [...event.artifact_ids];
  },
  message_posted: (draft, event) => {
    draft.messages.add(event.message_id);
  },
} satisfies Partial<Effects>;

// Every decision event moves its scope's slot the way the rules do (one function, `evolveSlot`).
function evolveDecision(draft: Snapshot, event: DecisionEvent, envelope: Envelope): void {
  const { scope } = event;
  const owner =
    scope.kind === "thread"
      ? threadOf(draft, envelope, scope.id)
      : must(draft.runs.get(scope.id), envelope, `run ${scope.id}`);
  owner.decision = castDraft(evolveSlot(owner.decision as DecisionSlot, event));
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
  draft.artifacts.set(artifact.id, castDraft(artifact));
  const history = draft.revisions.get(artifact.id) ?? [];
  draft.revisions.set(artifact.id, [...history, castDraft(revision)]);
}

const artifactOf = (draft: Snapshot, envelope: Envelope, id: string): Versioned =>
  must(draft.artifacts.get(id), envelope, `artifact ${id}`) as Versioned;

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
  const proposal = must(draft.proposals.get(id), envelope, `proposal ${id}`);
  proposal.status = ending.status;
  const by = { by: envelope.actor, at: envelope.ts };
  proposal.resolution = castDraft({ ...NO_RESOLUTION, ...by, ...ending.resolution });
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
    draft.proposals.set(event.proposal_id, castDraft(proposal));
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
    const proposal = must(draft.proposals.get(proposal_id), envelope, `proposal ${proposal_id}`);
    const by = { by: envelope.actor, at: envelope.ts };
    const comment = { id, proposal_id, kind, hunk_id, text, reply_to, ...by };
    proposal.comments.push(castDraft(comment));
    if (kind === "request_changes") proposal.changes_requested = true;
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
    draft.runs.set(event.run_id, {
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
    const run = must(draft.runs.get(event.run_id), envelope, `run ${event.run_id}`);
    run.status = "paused";
    run.pending = castDraft(event.requests);
    run.resume = castDraft(event.resume);
  },
  deferred_answered: (draft, event, envelope) => {
    const run = must(draft.runs.get(event.run_id), envelope, `run ${event.run_id}`);
    const { answer, approved, surface } = event;
    run.answers[event.tool_call_id] = castDraft({ answer, approved });
    const recorded = { answer, approved, by: envelope.actor, surface, at: envelope.ts };
    run.answered[event.tool_call_id] = castDraft(recorded);
  },
  run_ended: (draft, event, envelope) => {
    const run = must(draft.runs.get(event.run_id), envelope, `run ${event.run_id}`);
    run.status = event.status;
    run.pending = [];
    run.answers = {};
    run.resume = null;
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
