import { participantKey } from "../model/actors.ts";
import type { KnownEvent } from "../model/event.ts";
import { inlined } from "../model/line-breaks.ts";
import type { RevertNote } from "../model/notes.ts";

type Changed = Extract<KnownEvent, { type: "artifact_changed" }>;

/**
 * The note a revert makes for the author of the change it undid, or `null` when the event is
 * not a revert of the viewer's (`viewer` a participant key; `who` the reverter's name).
 */
export function revertNote(event: Changed, viewer: string, who: string): RevertNote | null {
  const { reverted, reverts } = event;
  if (reverted === null || reverts === null) return null;
  if (participantKey(reverted.author) !== viewer) return null;
  return {
    type: "revert",
    artifact_id: event.artifact_id,
    kind: event.kind,
    actor: who,
    reverted_version: reverts,
    version: event.version,
    proposal_id: reverted.proposal_id,
    reason: reverted.reason,
    diff: reverted.diff,
  };
}

/**
 * A revert note's line for a model: who reverted which change of the viewer's, now which
 * version, and why. Others' text (names, ids, the reason) continues on indented lines.
 */
export function revertLine(note: RevertNote): string {
  const inline = (text: string): string => inlined(text, "  ");
  const yours =
    note.proposal_id === null
      ? `your change to ${inline(note.artifact_id)}`
      : `your accepted proposal ${inline(note.proposal_id)} for ${inline(note.artifact_id)}`;
  const head = `${inline(note.actor)} reverted ${yours} (${inline(note.kind)}, v${note.reverted_version}), now v${note.version}`;
  const why = note.reason === null ? "" : `: ${inline(note.reason)}`;
  return `${head}${why}${note.diff === null ? "" : "; what the revert changed:"}`;
}
