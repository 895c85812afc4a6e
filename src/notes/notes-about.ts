import type { About } from "../model/about.ts";
import { type Actor, participantKey } from "../model/actors.ts";

/**
 * Every envelope that can make a note for `viewer` following `focus` (or shape what one
 * tells), as a read filter; `null` when it follows everything (`focus` `null`), which only
 * the whole log answers. The envelopes are those `changeNotes` reads: about a followed
 * artifact (its changes and proposals, comments on them); of the viewer agent's thread
 * (artifacts created there, notices, answers to what it asked there, and the answers that
 * make those approvals instead); addressed to the viewer (answers to its proposals, which
 * also leave their artifact events untold, comments on them, reverts of its changes).
 * Notes of the slice read by it are the notes of the whole slice.
 */
export function notesAbout(viewer: Actor, focus: readonly string[] | null): About | null {
  if (focus === null) return null;
  const participant = participantKey(viewer);
  return viewer.kind === "agent"
    ? { artifacts: focus, threadId: viewer.thread_id, participant }
    : { artifacts: focus, participant };
}
