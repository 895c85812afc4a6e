import { applyArchive, applyCreate, changed } from "../artifacts/apply.ts";
import { currentArtifact } from "../artifacts/current.ts";
import { validateData } from "../model/artifact-type.ts";
import type { ArchiveArtifact, CreateArtifact, EditArtifact } from "../model/artifacts.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { DataDiff } from "../model/data-diff.ts";
import type { HunkOutcome } from "../model/hunks.ts";
import { jsonEqual } from "../model/json.ts";
import type { Patch } from "../model/patches.ts";
import type { Proposal, RespondToProposal } from "../model/proposals.ts";
import { conflict, invalidState, notFound, patchFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { artifactIn, type State } from "../model/state.ts";
import { applyPatch } from "../patches/apply.ts";
import { dataDiff } from "../patches/data-diff.ts";
import { describePatch } from "../patches/describe.ts";
import { diff } from "../patches/diff.ts";
import { partialAccept } from "./partial-accept.ts";
import { rebaseEdit } from "./rebase.ts";

/** What an accept did to the artifact, for the resolution event. */
export interface Accepted {
  /** The events and entities of the new version; empty when the change was already there. */
  readonly applied: Omit<CommitResult, "outcome">;
  /** The artifact's version after the accept. */
  readonly version: number;
  readonly rebasedFrom: number | null;
  readonly alreadyPresent: boolean;
  /** What landed compared with what was proposed, when they differ. */
  readonly landedDiff: DataDiff | null;
  /** For an accept of some hunks: which landed and which did not. */
  readonly hunks: HunkOutcome | null;
}

const NOTHING: Omit<CommitResult, "outcome"> = {
  events: [],
  artifacts: [],
  revisions: [],
  proposals: [],
  threads: [],
  runs: [],
  messages: [],
};

const LABELS = ["proposed", "landed"] as const;

/** What an accept is asked for beyond what it lands. */
interface AcceptOptions {
  /**
   * Whether to compute `landedDiff` (default true). A preview never shows it, and on a big text
   * it is a line diff of the whole text, so a preview asks for none.
   */
  readonly landedDiff?: boolean;
}

function alreadyThere(
  version: number,
  rebasedFrom: number | null,
  landedDiff: DataDiff | null,
  alreadyPresent = true,
): Accepted {
  return { applied: NOTHING, version, rebasedFrom, alreadyPresent, landedDiff, hunks: null };
}

function acceptEdit(
  context: DecideContext,
  state: State,
  proposal: Proposal,
  change: EditArtifact,
  command: RespondToProposal,
  wantsDiff: boolean,
): Result<Accepted> {
  const current = currentArtifact(state, change.artifact_id);
  if (!current.ok) return current;
  const type = context.registry.artifactType(current.value.kind);
  if (type === undefined) return refuse(notFound("artifact type", current.value.kind));
  const rebased = rebaseEdit(state, change, current.value, {
    changes: command.changes,
    baseVersion: command.base_version,
  });
  if (!rebased.ok) return rebased;
  if (rebased.value.kind === "conflict") {
    return refuse(
      conflict({
        proposal_id: proposal.id,
        artifact_id: change.artifact_id,
        base: change.base_version,
        head: current.value.version,
        conflicts: [...rebased.value.conflicts],
      }),
    );
  }
  const { data, proposed, rebasedFrom } = rebased.value;
  const whole = validateData(type, data);
  if (!whole.ok) return whole;
  const before = current.value.data;
  // Some hunks chosen: those of the change from the data now to what the whole would land.
  const chosen =
    command.hunks === null
      ? null
      : partialAccept(proposal.id, type, { current: before, result: whole.value }, command.hunks);
  if (chosen !== null && !chosen.ok) return chosen;
  const hunks = chosen?.value.hunks ?? null;
  const stored = chosen === null ? whole : ok(chosen.value.data);
  const landedDiff = wantsDiff ? dataDiff(proposed, stored.value, LABELS) : null;
  // Nothing to write: the proposal's effect is already there (P3) — or, with the person's
  // changes, what they made of it is, which is not the proposal being present.
  if (jsonEqual(stored.value, before)) {
    const present = command.changes === null;
    return ok(alreadyThere(current.value.version, rebasedFrom, landedDiff, present));
  }
  // Every hunk chosen lands the whole proposal; fewer are the person's own cut of it.
  const asWhole = command.changes === null && (hunks === null || hunks.not_landed.length === 0);
  const asProposed = asWhole && rebasedFrom === null && jsonEqual(stored.value, data);
  const recorded: Patch = asProposed ? change.patch : diff(before, stored.value);
  const summary =
    (asWhole ? change.summary : null) ||
    type.describeChange?.(before, stored.value) ||
    // Rebased as proposed, the change is still the proposal's: describe its patch, not the diff.
    describePatch(asWhole ? change.patch : recorded);
  const { outcome: _, ...applied } = changed(
    context,
    current.value,
    stored.value,
    { changes: command.changes, threadId: proposal.thread_id, proposalId: proposal.id, summary },
    recorded,
  );
  return ok({
    applied,
    version: current.value.version + 1,
    rebasedFrom,
    alreadyPresent: false,
    landedDiff,
    hunks,
  });
}

function acceptCreate(
  context: DecideContext,
  state: State,
  proposal: Proposal,
  change: CreateArtifact,
  changes: Patch | null,
): Result<Accepted> {
  const existing = artifactIn(state, change.artifact_id);
  if (existing !== null) {
    // Already there only if the very data this accept would create is there.
    const type = context.registry.artifactType(change.kind);
    const data = changes === null ? ok(change.data) : applyPatch(change.data, changes);
    const stored = type === undefined || !data.ok ? null : validateData(type, data.value);
    const same =
      stored?.ok === true &&
      existing.kind === change.kind &&
      !existing.archived &&
      jsonEqual(existing.data, stored.value);
    if (!same) return refuse(invalidState(`artifact ${change.artifact_id} already exists`));
    return ok(alreadyThere(existing.version, null, null));
  }
  const created = applyCreate(context, state, change, {
    changes,
    threadId: proposal.thread_id,
    proposalId: proposal.id,
    summary: null,
  });
  if (!created.ok) return created;
  const { outcome: _, ...applied } = created.value;
  const landed = applied.artifacts[0]?.data;
  // Compared with the proposed data as stored (defaults filled), so only the person's changes show.
  const type = context.registry.artifactType(change.kind);
  const proposed = type === undefined ? null : validateData(type, change.data);
  const landedDiff =
    changes === null || landed === undefined || proposed?.ok !== true
      ? null
      : dataDiff(proposed.value, landed, LABELS);
  return ok({
    applied,
    version: 1,
    rebasedFrom: null,
    alreadyPresent: false,
    landedDiff,
    hunks: null,
  });
}

function acceptArchive(
  context: DecideContext,
  state: State,
  proposal: Proposal,
  change: ArchiveArtifact,
  changes: Patch | null,
): Result<Accepted> {
  if (changes !== null)
    return refuse(patchFailed("changes cannot be applied to a proposal to archive"));
  const existing = artifactIn(state, change.artifact_id);
  if (existing?.archived === true) return ok(alreadyThere(existing.version, null, null));
  const archived = applyArchive(context, state, change, {
    changes: null,
    threadId: proposal.thread_id,
    proposalId: proposal.id,
    summary: null,
  });
  if (!archived.ok) return archived;
  const { outcome: _, ...applied } = archived.value;
  const version = applied.artifacts[0]?.version ?? change.base_version + 1;
  return ok({
    applied,
    version,
    rebasedFrom: null,
    alreadyPresent: false,
    landedDiff: null,
    hunks: null,
  });
}

/**
 * Applies an accepted proposal to the artifact as it is now, ignoring write policies: an edit
 * is rebased (three-way merged when the artifact moved on), a create or archive applied.
 * When its effect is already in the artifact, nothing is written and the accept succeeds at
 * the current version. A merge conflict is refused as `conflict`, changing nothing. With
 * `landedDiff: false` in `options`, an edit's `landedDiff` is left `null` (not computed).
 */
export function acceptProposal(
  context: DecideContext,
  state: State,
  proposal: Proposal,
  command: RespondToProposal,
  options: AcceptOptions = {},
): Result<Accepted> {
  const { change } = proposal;
  switch (change.type) {
    case "edit_artifact":
      return acceptEdit(context, state, proposal, change, command, options.landedDiff ?? true);
    case "create_artifact":
      return acceptCreate(context, state, proposal, change, command.changes);
    case "archive_artifact":
      return acceptArchive(context, state, proposal, change, command.changes);
  }
}
