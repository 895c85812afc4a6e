import { type ArtifactType, validateData } from "../model/artifact-type.ts";
import type { Change } from "../model/artifacts.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import { type JsonObject, jsonEqual } from "../model/json.ts";
import type { Proposal } from "../model/proposals.ts";
import { rejectedIn, type State } from "../model/state.ts";
import { applyPatch } from "../patches/apply.ts";
import { hunksOf } from "./hunks.ts";
import { previewAccept } from "./preview.ts";

/**
 * The ids of the hunks from `before` to `after`, sorted and each once: the effect of a change,
 * compared as a set.
 */
function hunkIds(before: JsonObject, after: JsonObject): string[] {
  return [...new Set(hunksOf(before, after).map((hunk) => hunk.id))].sort();
}

// The last answer of `proposedHunkIds` for each change: `needs` asks it once the artifact is
// loaded and `propose` asks it again, about the same change, data and type. A function of its
// arguments alone, so remembering it changes no answer.
const asked = new WeakMap<
  Change,
  { readonly before: JsonObject; readonly type: ArtifactType; readonly ids: readonly string[] }
>();

/**
 * The hunk ids of an edit against the artifact's data `before`, as {@link hunkIds} gives
 * them: from `before` to what the edit stores (its patch applied, the data validated by its
 * type). Empty for anything but an edit, and for an edit that does not apply or changes
 * nothing (proposing it is refused, so it repeats nothing).
 */
export function proposedHunkIds(
  type: ArtifactType,
  before: JsonObject,
  change: Change,
): readonly string[] {
  if (change.type !== "edit_artifact") return [];
  const known = asked.get(change);
  if (known !== undefined && known.before === before && known.type === type) return known.ids;
  const patched = applyPatch(before, change.patch);
  const stored = patched.ok ? validateData(type, patched.value) : null;
  const ids =
    stored?.ok !== true || jsonEqual(stored.value, before) ? [] : hunkIds(before, stored.value);
  asked.set(change, { before, type, ids });
  return ids;
}

/**
 * The rejections a proposal with these hunk ids may repeat are all filed under its first
 * one: a repeat has the same ids, so the first among them. `null` for an empty effect.
 */
export function repeatedHunk(ids: readonly string[]): string | null {
  return ids[0] ?? null;
}

/**
 * The ids of a proposal's hunks against its artifact as it is now: from the current data to
 * what accepting it would land (a rebase, if the artifact moved on). `null` when it could not
 * land now (a conflict, an archived artifact, data the type refuses). Needs what answering
 * the proposal needs.
 */
export function proposalHunkIds(
  context: DecideContext,
  state: State,
  proposal: Proposal,
): string[] | null {
  const preview = previewAccept(proposal.id, state, context);
  if (!preview.ok || preview.value.result === null) return null;
  const current = state.artifacts.get(proposal.change.artifact_id)?.data ?? {};
  return hunkIds(current, preview.value.result);
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The rejected proposal on `artifactId` whose effect equals `ids` (a new proposal's hunk ids
 * against the artifact now, as {@link hunkIds} gives them), compared with its hunk ids as they
 * were when it was rejected; the latest such, or `null`. An empty effect repeats nothing.
 * Needs the rejections on the artifact that recorded the first of `ids` loaded (a repeat
 * recorded them all).
 */
export function reproposalOf(
  state: State,
  artifactId: string,
  ids: readonly string[],
): Proposal | null {
  const hunk = repeatedHunk(ids);
  if (hunk === null) return null;
  let found: Proposal | null = null;
  for (const rejected of rejectedIn(state, { artifact_id: artifactId, hunk_id: hunk })) {
    const recorded = rejected.resolution?.hunk_ids;
    if (recorded !== null && recorded !== undefined && sameIds([...recorded].sort(), ids)) {
      found = rejected;
    }
  }
  return found;
}

/**
 * A rejection's result with the proposal's hunk ids against the artifact as it is now recorded
 * on its resolution and its `proposal_resolved` event, so a later proposal of the same effect
 * is marked as proposing it again. Anything but a rejection passes through unchanged.
 */
export function withRejectedHunks(
  context: DecideContext,
  state: State,
  proposal: Proposal,
  result: CommitResult,
): CommitResult {
  if (result.outcome.type !== "resolved" || result.outcome.decision !== "reject") return result;
  const hunk_ids = proposalHunkIds(context, state, proposal);
  return {
    ...result,
    events: result.events.map((event) =>
      event.type === "proposal_resolved" && event.proposal_id === proposal.id
        ? { ...event, hunk_ids }
        : event,
    ),
    proposals: result.proposals.map((p) =>
      p.id === proposal.id && p.resolution !== null
        ? { ...p, resolution: { ...p.resolution, hunk_ids } }
        : p,
    ),
  };
}
