import { actorRunId } from "../model/actors.ts";
import { type ArtifactType, validateData } from "../model/artifact-type.ts";
import type { ArchiveArtifact, Change, CreateArtifact, EditArtifact } from "../model/artifacts.ts";
import { type CommitResult, commitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import { type JsonObject, type JsonValue, jsonEqual } from "../model/json.ts";
import type { Patch } from "../model/patches.ts";
import { invalidState, notFound, patchFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { artifactIn, type State } from "../model/state.ts";
import { applyPatch } from "../patches/apply.ts";
import { describePatch } from "../patches/describe.ts";
import { diff } from "../patches/diff.ts";
import { currentArtifact } from "./current.ts";

/** How a change is applied: directly, or as the accept of a proposal. */
interface ApplyOptions {
  /** The responder's own patch, layered on top of the change (accepts only). */
  readonly changes: Patch | null;
  /** The thread the change is recorded in. */
  readonly threadId: string | null;
  /** The proposal being accepted, if any. */
  readonly proposalId: string | null;
  /** The summary to record, if the writer gave one. */
  readonly summary: string | null;
}

function artifactType(context: DecideContext, kind: string): Result<ArtifactType> {
  const type = context.registry.artifactType(kind);
  return type === undefined ? refuse(notFound("artifact type", kind)) : ok(type);
}

/** Creates an artifact at version 1 with its validated data. */
export function applyCreate(
  context: DecideContext,
  state: State,
  create: CreateArtifact,
  options: ApplyOptions,
): Result<CommitResult> {
  const type = artifactType(context, create.kind);
  if (!type.ok) return type;
  if (artifactIn(state, create.artifact_id) !== null) {
    return refuse(invalidState(`artifact ${create.artifact_id} already exists`));
  }
  const data =
    options.changes === null
      ? ok<JsonValue>(create.data)
      : applyPatch(create.data, options.changes);
  if (!data.ok) return data;
  const stored = validateData(type.value, data.value);
  if (!stored.ok) return stored;
  const { actor } = context;
  const artifact = {
    id: create.artifact_id,
    version: 1,
    data: stored.value,
    updated_by: actor,
    archived: false,
    kind: create.kind,
  };
  return ok(
    commitResult(
      { type: "applied", seq: null, artifact_id: create.artifact_id, version: 1 },
      {
        events: [
          {
            type: "artifact_created",
            thread_id: options.threadId,
            run_id: actorRunId(actor),
            artifact_id: create.artifact_id,
            kind: create.kind,
            version: 1,
            data: stored.value,
            proposal_id: options.proposalId,
          },
        ],
        artifacts: [artifact],
        revisions: [
          {
            artifact_id: create.artifact_id,
            version: 1,
            kind: create.kind,
            data: stored.value,
            patch: null,
            actor,
            proposal_id: options.proposalId,
            archived: false,
            trace_id: null,
            reverts: null,
          },
        ],
      },
    ),
  );
}

/**
 * Applies an edit (and the responder's `changes`, if any) to the artifact as it is now. The
 * recorded patch is the submitted one when it reproduces what is stored; otherwise (the
 * schema normalized the data, or changes were layered) a JSON Patch that does.
 */
export function applyEdit(
  context: DecideContext,
  state: State,
  edit: EditArtifact,
  options: ApplyOptions,
): Result<CommitResult> {
  const current = currentArtifact(state, edit.artifact_id);
  if (!current.ok) return current;
  const type = artifactType(context, current.value.kind);
  if (!type.ok) return type;
  const before = current.value.data;
  const patched = applyPatch(before, edit.patch);
  if (!patched.ok) return patched;
  const layered = options.changes === null ? patched : applyPatch(patched.value, options.changes);
  if (!layered.ok) return layered;
  const stored = validateData(type.value, layered.value);
  if (!stored.ok) return stored;
  if (jsonEqual(stored.value, before)) {
    return refuse(patchFailed("the change leaves the artifact unchanged"));
  }
  const recorded: Patch =
    options.changes === null && jsonEqual(stored.value, patched.value)
      ? edit.patch
      : diff(before, stored.value);
  const summary =
    nonEmpty(options.summary) ??
    nonEmpty(type.value.describeChange?.(before, stored.value) ?? null) ??
    describePatch(recorded);
  return ok(changed(context, current.value, stored.value, { ...options, summary }, recorded));
}

function nonEmpty(text: string | null): string | null {
  return text === null || text === "" ? null : text;
}

/** The result of a new version: `artifact_changed`, the artifact and its revision. */
export function changed(
  context: DecideContext,
  current: { id: string; version: number; kind: string },
  data: JsonObject,
  options: ApplyOptions & { summary: string },
  patch: Patch,
): CommitResult {
  const { actor } = context;
  const version = current.version + 1;
  return commitResult(
    { type: "applied", seq: null, artifact_id: current.id, version },
    {
      events: [
        {
          type: "artifact_changed",
          thread_id: options.threadId,
          run_id: actorRunId(actor),
          artifact_id: current.id,
          kind: current.kind,
          version,
          patch,
          summary: options.summary,
          proposal_id: options.proposalId,
          reverts: null,
          reverted: null,
        },
      ],
      artifacts: [
        { id: current.id, version, data, updated_by: actor, archived: false, kind: current.kind },
      ],
      revisions: [
        {
          artifact_id: current.id,
          version,
          kind: current.kind,
          data,
          patch,
          actor,
          proposal_id: options.proposalId,
          archived: false,
          trace_id: null,
          reverts: null,
        },
      ],
    },
  );
}

/** Archives an artifact: a new version with the same data, marked archived. */
export function applyArchive(
  context: DecideContext,
  state: State,
  archive: ArchiveArtifact,
  options: ApplyOptions,
): Result<CommitResult> {
  const current = currentArtifact(state, archive.artifact_id);
  if (!current.ok) return current;
  const { actor } = context;
  const { id, kind, data } = current.value;
  const version = current.value.version + 1;
  return ok(
    commitResult(
      { type: "applied", seq: null, artifact_id: id, version },
      {
        events: [
          {
            type: "artifact_archived",
            thread_id: options.threadId,
            run_id: actorRunId(actor),
            artifact_id: id,
            kind,
            version,
            proposal_id: options.proposalId,
          },
        ],
        artifacts: [{ id, version, data, updated_by: actor, archived: true, kind }],
        revisions: [
          {
            artifact_id: id,
            version,
            kind,
            data,
            patch: null,
            actor,
            proposal_id: options.proposalId,
            archived: true,
            trace_id: null,
            reverts: null,
          },
        ],
      },
    ),
  );
}

/** Applies any change, ignoring write policies (the caller decided it may apply). */
export function applyChange(
  context: DecideContext,
  state: State,
  change: Change,
  options: ApplyOptions,
): Result<CommitResult> {
  switch (change.type) {
    case "create_artifact":
      return applyCreate(context, state, change, options);
    case "edit_artifact":
      return applyEdit(context, state, change, options);
    case "archive_artifact":
      if (options.changes !== null) {
        return refuse(patchFailed("changes cannot be applied to a proposal to archive"));
      }
      return applyArchive(context, state, change, options);
  }
}
