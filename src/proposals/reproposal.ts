import type { CommitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { JsonObject } from "../model/json.ts";
import type { Proposal } from "../model/proposals.ts";
import { rejectedIn, type State } from "../model/state.ts";
import { hunksOf } from "./hunks.ts";
import { previewAccept } from "./preview.ts";

/**
 * The ids of the hunks from `before` to `after`, sorted and each once: the effect of a change,
 * compared as a set.
 */
export function hunkIds(before: JsonObject, after: JsonObject): string[] {
  return [...new Set(hunksOf(before, after).map((hunk) => hunk.id))].sort();
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
 * Needs the artifact's `rejected` proposals loaded.
 */
export function reproposalOf(
  state: State,
  artifactId: string,
  ids: readonly string[],
): Proposal | null {
  if (ids.length === 0) return null;
  let found: Proposal | null = null;
  for (const rejected of rejectedIn(state, artifactId)) {
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
