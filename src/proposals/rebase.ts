import { mergeJson } from "../merge/merge-json.ts";
import type { EditArtifact, Versioned } from "../model/artifacts.ts";
import type { JsonConflict } from "../model/conflicts.ts";
import { isJsonObject, type JsonObject, type JsonValue } from "../model/json.ts";
import type { Patch } from "../model/patches.ts";
import { notFound, patchFailed, versionConflict } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { revisionIn, type State } from "../model/state.ts";
import { applyPatch } from "../patches/apply.ts";

/** What accepting an edit would write, before validation; or where it conflicts. */
type Rebased =
  | {
      readonly kind: "result";
      /** The data that would land. */
      readonly data: JsonValue;
      /** What the proposal itself produced, at the version it was based on. */
      readonly proposed: JsonObject;
      /** The proposal's base version when it was merged onto a newer one, else `null`. */
      readonly rebasedFrom: number | null;
    }
  | {
      readonly kind: "conflict";
      readonly conflicts: readonly JsonConflict[];
      readonly proposed: JsonObject;
    };

/** How the responder's `changes` relate to the artifact. */
interface ResponderChanges {
  readonly changes: Patch | null;
  /** The version the changes are a patch against (a resolution), or `null`: on the proposal. */
  readonly baseVersion: number | null;
}

function asObject(value: Result<JsonValue>): Result<JsonObject> {
  if (!value.ok) return value;
  return isJsonObject(value.value)
    ? ok(value.value)
    : refuse(patchFailed("the proposal's patch does not leave an object"));
}

/**
 * Puts an edit proposal onto the artifact as it is now. When the artifact is still at the
 * proposal's base version, the patch applies to it directly. When it moved on, this is a
 * three-way merge: base = the data at the proposal's base version, ours = the data now,
 * theirs = the proposal's result (with the responder's changes layered on); multi-line text
 * merges line by line and, where lines conflict, word by word. With a
 * `baseVersion`, the responder's changes are a patch against the current version, and their
 * result is what lands: no merge, nothing guessed.
 */
export function rebaseEdit(
  state: State,
  change: EditArtifact,
  current: Versioned,
  responder: ResponderChanges,
): Result<Rebased> {
  const { changes, baseVersion } = responder;
  const head = current.version;
  if (baseVersion !== null && baseVersion !== head) {
    return refuse(versionConflict(current.id, baseVersion, head));
  }
  const base = change.base_version;
  let baseData: JsonObject = current.data;
  if (base !== head) {
    const revision = revisionIn(state, { artifact_id: current.id, version: base });
    if (revision === null) return refuse(notFound("artifact version", `${current.id} v${base}`));
    baseData = revision.data;
  }
  const proposed = asObject(applyPatch(baseData, change.patch));
  if (!proposed.ok) return proposed;
  const rebasedFrom = base === head ? null : base;
  if (baseVersion !== null && changes !== null) {
    const resolved = applyPatch(current.data, changes);
    if (!resolved.ok) return resolved;
    return ok({ kind: "result", data: resolved.value, proposed: proposed.value, rebasedFrom });
  }
  const theirs = changes === null ? proposed : applyPatch(proposed.value, changes);
  if (!theirs.ok) return theirs;
  if (base === head) {
    return ok({ kind: "result", data: theirs.value, proposed: proposed.value, rebasedFrom });
  }
  // Text conflicts are merged again word by word (docs/spec.md P10): only the same words changed
  // two ways still conflict.
  const merged = mergeJson(baseData, current.data, theirs.value, { words: true });
  if (merged.kind === "conflict") {
    return ok({ kind: "conflict", conflicts: merged.conflicts, proposed: proposed.value });
  }
  return ok({ kind: "result", data: merged.value, proposed: proposed.value, rebasedFrom });
}
