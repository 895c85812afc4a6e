import { type ArtifactType, validateData } from "../model/artifact-type.ts";
import type { HunkOutcome } from "../model/hunks.ts";
import type { JsonObject } from "../model/json.ts";
import type { Proposal, RespondToProposal } from "../model/proposals.ts";
import { type Rejection, staleHunks, validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { applyHunks, hunksOf } from "./hunks.ts";

function hunksField(message: string, input: string[]): Rejection {
  return validationFailed("invalid respond_to_proposal", [
    { type: "value_error", loc: ["hunks"], msg: message, input },
  ]);
}

/**
 * Why a `respond_to_proposal` may not carry its `hunks`, or `null` when it may: only an
 * accept of an edit proposal chooses hunks (a create or an archive is one change, accepted
 * whole), and not with the person's own `changes` at once (which would they apply to?).
 */
export function hunksRefused(proposal: Proposal, command: RespondToProposal): Rejection | null {
  const { hunks } = command;
  if (hunks === null) return null;
  if (command.decision !== "accept") return hunksField("only an accept chooses hunks", hunks);
  if (proposal.change.type !== "edit_artifact") {
    return hunksField(`a proposal to ${proposal.change.type} is accepted whole`, hunks);
  }
  if (command.changes !== null) {
    return hunksField("choose hunks or send changes, not both", hunks);
  }
  return null;
}

/** True when the command accepts none of the proposal's hunks: a rejection of it. */
export function acceptsNone(command: RespondToProposal): boolean {
  return command.decision === "accept" && command.hunks !== null && command.hunks.length === 0;
}

/**
 * The artifact's data `current` with the chosen hunks (`ids`) of the change to `result` (what
 * accepting the whole proposal now would land) applied, validated by the artifact's type. An
 * id that is not among those hunks is `stale_hunks`, naming it and the hunks there are.
 * Returns the data to land and which hunks landed and which did not.
 */
export function partialAccept(
  proposalId: string,
  type: ArtifactType,
  data: { readonly current: JsonObject; readonly result: JsonObject },
  ids: readonly string[],
): Result<{ readonly data: JsonObject; readonly hunks: HunkOutcome }> {
  const hunks = hunksOf(data.current, data.result);
  const known = new Set(hunks.map((hunk) => hunk.id));
  const unknown = [...new Set(ids)].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    return refuse(
      staleHunks({ proposal_id: proposalId, hunk_ids: unknown, current_ids: [...known] }),
    );
  }
  const chosen = new Set(ids);
  const stored = validateData(type, applyHunks(data.current, data.result, chosen));
  if (!stored.ok) return stored;
  return ok({
    data: stored.value,
    hunks: {
      landed: hunks.filter((hunk) => chosen.has(hunk.id)),
      not_landed: hunks.filter((hunk) => !chosen.has(hunk.id)),
    },
  });
}
