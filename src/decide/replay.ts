import { castDraft, type Draft, produce } from "immer";
import { applyPatch } from "../diffs/patches/apply.ts";
import type { Revision, Versioned } from "../model/artifacts.ts";
import { type DecisionSlot, EMPTY_SLOT } from "../model/decisions.ts";
import { type Envelope, traceIdOf } from "../model/envelope.ts";
import { WorkspaceError } from "../model/errors.ts";
import { isKnownEvent, type KnownEvent } from "../model/event.ts";
import { isJsonObject } from "../model/json.ts";
import type { Patch } from "../model/patches.ts";
import { EMPTY_SNAPSHOT, pushLog, type WorkspaceSnapshot } from "../model/snapshot.ts";
import { newThread } from "../model/threads.ts";
import { evolveSlot } from "../rules/scopes/evolve.ts";

type Snapshot = Draft<WorkspaceSnapshot>;

const NO_RESOLUTION = {
  version: null,
  changes: null,
  base_version: null,
  reason: null,
  surface: null,
  superseded_by: null,
};

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

// Writes the artifact's new version and the revision that records it.
function putVersion(draft: Snapshot, envelope: Envelope, artifact: Versioned, patch: Patch | null) {
  const event = envelope.event as Extract<KnownEvent, { proposal_id: string | null }>;
  const revision: Revision = {
    artifact_id: artifact.id,
    version: artifact.version,
    kind: artifact.kind,
    data: artifact.data,
    patch,
    actor: envelope.actor,
    proposal_id: event.proposal_id,
    archived: artifact.archived,
    trace_id: traceIdOf(envelope.traceparent),
  };
  draft.artifacts.set(artifact.id, castDraft(artifact));
  draft.revisions.set(artifact.id, [
    ...(draft.revisions.get(artifact.id) ?? []),
    castDraft(revision),
  ]);
}

// Entities follow from events alone: this is what the log means, independent of the entities
// the rules wrote beside it (a property test holds the two to each other).
function apply(draft: Snapshot, envelope: Envelope): void {
  pushLog(draft, [envelope]);
  const { event, actor } = envelope;
  if (!isKnownEvent(event)) return;
  switch (event.type) {
    case "thread_created":
      draft.threads.set(
        event.thread_id,
        castDraft({ ...newThread(event.thread_id, event.title), proposed_by: event.proposed_by }),
      );
      return;
    case "thread_launched": {
      const thread = must(
        draft.threads.get(event.thread_id),
        envelope,
        `thread ${event.thread_id}`,
      );
      thread.modes = { ...event.modes };
      thread.model = event.model;
      thread.launch = castDraft({
        source_thread_id: event.source_thread_id,
        placement: event.placement,
      });
      return;
    }
    case "draft_saved":
      must(draft.threads.get(event.thread_id), envelope, `thread ${event.thread_id}`).draft =
        event.text;
      return;
    case "thread_ended":
    case "thread_deleted":
      must(draft.threads.get(event.thread_id), envelope, `thread ${event.thread_id}`).status =
        event.type === "thread_ended" ? "ended" : "deleted";
      return;
    case "permission_granted":
      must(draft.threads.get(event.thread_id), envelope, `thread ${event.thread_id}`).grants.push(
        event.permission,
      );
      return;
    case "offer_answered":
      must(draft.threads.get(event.thread_id), envelope, `thread ${event.thread_id}`).offers[
        event.offer_id
      ] = castDraft(event.answer);
      return;
    case "side_opened":
    case "side_closed":
      must(draft.threads.get(event.thread_id), envelope, `thread ${event.thread_id}`).side =
        event.type === "side_opened" ? event.side_id : null;
      return;
    case "decision_requested":
    case "decision_superseded":
    case "decision_answered":
    case "decision_retired": {
      const { scope } = event;
      const owner =
        scope.kind === "thread"
          ? must(draft.threads.get(scope.id), envelope, `thread ${scope.id}`)
          : must(draft.runs.get(scope.id), envelope, `run ${scope.id}`);
      owner.decision = castDraft(evolveSlot(owner.decision as DecisionSlot, event));
      return;
    }
    case "thread_mode_changed":
      must(draft.threads.get(event.thread_id), envelope, `thread ${event.thread_id}`).mode =
        event.mode;
      return;
    case "focus_changed":
      must(draft.threads.get(event.thread_id), envelope, `thread ${event.thread_id}`).focus = [
        ...event.artifact_ids,
      ];
      return;
    case "message_posted":
      draft.messages.add(event.message_id);
      return;
    case "artifact_created": {
      const { artifact_id: id, version, data, kind } = event;
      putVersion(
        draft,
        envelope,
        { id, version, data, updated_by: actor, archived: false, kind },
        null,
      );
      return;
    }
    case "artifact_changed": {
      const artifact = must(
        draft.artifacts.get(event.artifact_id),
        envelope,
        `artifact ${event.artifact_id}`,
      );
      const patched = applyPatch(artifact.data, event.patch);
      if (!patched.ok || !isJsonObject(patched.value)) {
        throw corrupt(envelope, `the patch to artifact ${event.artifact_id} does not apply`);
      }
      const next = { ...artifact, version: event.version, data: patched.value, updated_by: actor };
      putVersion(draft, envelope, next, event.patch);
      return;
    }
    case "artifact_archived": {
      const artifact = must(
        draft.artifacts.get(event.artifact_id),
        envelope,
        `artifact ${event.artifact_id}`,
      );
      putVersion(
        draft,
        envelope,
        { ...artifact, version: event.version, archived: true, updated_by: actor },
        null,
      );
      return;
    }
    case "proposal_created":
      draft.proposals.set(
        event.proposal_id,
        castDraft({
          id: event.proposal_id,
          change: event.change,
          proposed_by: actor,
          rationale: event.rationale,
          status: "pending" as const,
          thread_id: event.thread_id,
          created_at: envelope.ts,
          expires_at: event.expires_at,
          resolution: null,
        }),
      );
      return;
    case "proposal_resolved":
    case "proposal_superseded":
    case "proposal_expired": {
      const proposal = must(
        draft.proposals.get(event.proposal_id),
        envelope,
        `proposal ${event.proposal_id}`,
      );
      const resolution = { ...NO_RESOLUTION, by: actor, at: envelope.ts };
      if (event.type === "proposal_resolved") {
        const { decision, version, changes, base_version, reason, surface } = event;
        proposal.status = decision === "accept" ? "accepted" : "rejected";
        proposal.resolution = castDraft({
          ...resolution,
          decision,
          version,
          changes,
          base_version,
          reason,
          surface,
        });
      } else if (event.type === "proposal_superseded") {
        proposal.status = "superseded";
        proposal.resolution = castDraft({
          ...resolution,
          decision: "supersede" as const,
          superseded_by: event.superseded_by,
        });
      } else {
        proposal.status = "expired";
        proposal.resolution = castDraft({ ...resolution, decision: "expire" as const });
      }
      return;
    }
    case "run_started": {
      const traces = draft.runs.get(event.run_id)?.trace_ids ?? [];
      draft.runs.set(event.run_id, {
        id: event.run_id,
        thread_id: event.thread_id,
        status: "running",
        pending: [],
        answers: {},
        trace_ids: event.trace_id === null ? traces : [...traces, event.trace_id],
        answered: draft.runs.get(event.run_id)?.answered ?? {},
        decision: draft.runs.get(event.run_id)?.decision ?? EMPTY_SLOT,
      });
      return;
    }
    case "run_paused": {
      const run = must(draft.runs.get(event.run_id), envelope, `run ${event.run_id}`);
      run.status = "paused";
      run.pending = castDraft(event.requests);
      return;
    }
    case "deferred_answered": {
      const run = must(draft.runs.get(event.run_id), envelope, `run ${event.run_id}`);
      const { answer, approved, surface } = event;
      run.answers[event.tool_call_id] = castDraft({ answer, approved });
      run.answered[event.tool_call_id] = castDraft({
        answer,
        approved,
        by: actor,
        surface,
        at: envelope.ts,
      });
      return;
    }
    case "run_ended": {
      const run = must(draft.runs.get(event.run_id), envelope, `run ${event.run_id}`);
      run.status = event.status;
      run.pending = [];
      run.answers = {};
      return;
    }
    case "tool_called":
    case "tool_returned":
    case "feedback_given":
    case "app_event":
      return;
  }
}

/**
 * Rebuilds a workspace's state from its log alone, optionally continuing from a snapshot.
 *
 * @throws WorkspaceError `corrupt_record` when an event does not fit the state before it.
 */
export function replay(
  envelopes: Iterable<Envelope>,
  from: WorkspaceSnapshot = EMPTY_SNAPSHOT,
): WorkspaceSnapshot {
  return produce(from, (draft) => {
    for (const envelope of envelopes) apply(draft, envelope);
  });
}
