import { mergeJson } from "../merge/merge-json.ts";
import { type Actor, actorRunId } from "../model/actors.ts";
import { validateData } from "../model/artifact-type.ts";
import type { RevertRevision, Revision, Versioned } from "../model/artifacts.ts";
import { type CommitResult, commitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import { type JsonObject, jsonEqual } from "../model/json.ts";
import { invalidState, notFound, patchFailed, revertConflict } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import {
  proposalIn,
  type RevisionRef,
  revisionIn,
  revisionKey,
  type State,
} from "../model/state.ts";
import { dataDiff } from "../patches/data-diff.ts";
import { diff } from "../patches/diff.ts";
import { currentArtifact } from "./current.ts";

/** The revision `revert_revision` undoes and the one before it, once both are known to exist. */
interface Reverting {
  readonly current: Versioned;
  readonly reverted: Revision;
  readonly before: Revision;
}

// The two revisions a revert merges from, or why there is nothing to revert.
function reverting(state: State, command: RevertRevision): Result<Reverting> {
  const { artifact_id: id, version } = command;
  const current = currentArtifact(state, id);
  if (!current.ok) return current;
  if (version === 1) {
    return refuse(
      invalidState(
        `version 1 of artifact ${id} created it: there is no earlier version to go back to (archive it instead)`,
      ),
    );
  }
  if (version > current.value.version) {
    return refuse(notFound("artifact version", `${id} v${version}`));
  }
  const reverted = revisionIn(state, { artifact_id: id, version });
  const before = revisionIn(state, { artifact_id: id, version: version - 1 });
  if (reverted === null) return refuse(notFound("artifact version", `${id} v${version}`));
  if (before === null) return refuse(notFound("artifact version", `${id} v${version - 1}`));
  if (reverted.archived) {
    return refuse(
      invalidState(`version ${version} of artifact ${id} archived it: an archive is not reverted`),
    );
  }
  return ok({ current: current.value, reverted, before });
}

// Whose change a revert undoes: the proposal's author when an accept wrote it, else its writer.
function authorOf(state: State, reverted: Revision): { author: Actor; threadId: string | null } {
  const proposal = reverted.proposal_id === null ? null : proposalIn(state, reverted.proposal_id);
  if (proposal !== null) return { author: proposal.proposed_by, threadId: proposal.thread_id };
  const { actor } = reverted;
  return { author: actor, threadId: actor.kind === "agent" ? actor.thread_id : null };
}

/**
 * The revisions and proposal a revert reads: the reverted version and the one before it, then
 * (once that revision is loaded) the proposal whose accept wrote it, if one did.
 */
export function revertNeeds(
  state: State,
  command: RevertRevision,
): {
  readonly revisions: readonly RevisionRef[];
  readonly proposals: readonly string[];
} {
  const { artifact_id, version } = command;
  const refs = version > 1 ? [version, version - 1] : [];
  const revisions = refs.map((v) => ({ artifact_id, version: v }));
  const loaded = state.revisions.get(revisionKey({ artifact_id, version }));
  const proposalId = loaded?.proposal_id ?? null;
  return { revisions, proposals: proposalId === null ? [] : [proposalId] };
}

/**
 * Reverts revision `version` of an artifact, as `git revert` does: merges three ways with the
 * data at `version` as the base, the data now as ours and the data at `version - 1` as theirs
 * (text by lines, then by words, as accepts merge), and writes the result as a new version
 * whose `artifact_changed` and revision record `reverts: version`, and who and what it undid
 * (for the author's notes). Refused: version 1 (nothing before it) and an archive
 * (`invalid_state`), a version that does not exist (`not_found`), an archived artifact, a
 * merge conflict (`conflict`, with `reverts`), a change no longer there (`patch_failed`), or a
 * result the type does not accept (`validation_failed`). Nothing is written when refused.
 */
export function decideRevertRevision(
  context: DecideContext,
  state: State,
  command: RevertRevision,
): Result<CommitResult> {
  const found = reverting(state, command);
  if (!found.ok) return found;
  const { current, reverted, before } = found.value;
  const type = context.registry.artifactType(current.kind);
  if (type === undefined) return refuse(notFound("artifact type", current.kind));
  const merged = mergeJson(reverted.data, current.data, before.data, { words: true });
  if (merged.kind === "conflict") {
    const { conflicts } = merged;
    return refuse(
      revertConflict({
        artifact_id: current.id,
        reverts: command.version,
        head: current.version,
        conflicts: [...conflicts],
      }),
    );
  }
  const stored = validateData(type, merged.value);
  if (!stored.ok) return stored;
  if (jsonEqual(stored.value, current.data)) {
    return refuse(
      patchFailed(
        `reverting version ${command.version} changes nothing: its change is no longer in artifact ${current.id}`,
      ),
    );
  }
  return ok(revertResult(context, state, { command, current, reverted, data: stored.value }));
}

// The new version: `artifact_changed` with what it reverts, the artifact and its revision.
function revertResult(
  context: DecideContext,
  state: State,
  parts: {
    readonly command: RevertRevision;
    readonly current: Versioned;
    readonly reverted: Revision;
    readonly data: JsonObject;
  },
): CommitResult {
  const { command, current, data } = parts;
  const { actor } = context;
  const version = current.version + 1;
  const patch = diff(current.data, data);
  const { author, threadId } = authorOf(state, parts.reverted);
  const shown = dataDiff(current.data, data, [`v${current.version}`, `v${version}`]);
  const { reason, surface } = command;
  const proposal_id = parts.reverted.proposal_id;
  const reverts = command.version;
  return commitResult(
    { type: "applied", seq: null, artifact_id: current.id, version },
    {
      events: [
        {
          type: "artifact_changed",
          thread_id: threadId,
          run_id: actorRunId(actor),
          artifact_id: current.id,
          kind: current.kind,
          version,
          patch,
          summary: `reverted version ${reverts}`,
          proposal_id: null,
          reverts,
          reverted: { author, proposal_id, reason, surface, diff: shown },
        },
      ],
      artifacts: [{ ...current, version, data, updated_by: actor }],
      revisions: [
        {
          artifact_id: current.id,
          version,
          kind: current.kind,
          data,
          patch,
          actor,
          proposal_id: null,
          archived: false,
          trace_id: null,
          reverts,
        },
      ],
    },
  );
}
