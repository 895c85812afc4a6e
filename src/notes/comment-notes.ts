import type { KnownEvent } from "../model/event.ts";
import { inlined } from "../model/line-breaks.ts";
import type { Note } from "../model/notes.ts";

type Commented = Extract<KnownEvent, { type: "proposal_commented" }>;
type CommentNote = Extract<Note, { type: "comment" }>;

/** Who reads a comment note, as far as telling it goes. */
interface CommentReader {
  /** Whether the proposal commented on is the viewer's own. */
  readonly own: boolean;
  /** Whether the viewer is a person (or the system): people hear agents' comments. */
  readonly person: boolean;
  /** Whether the viewer follows the proposal's artifact. */
  readonly follows: boolean;
}

/**
 * The note a comment by someone else (`who`, a display name) makes for a viewer: the
 * proposal's author hears every comment on it (a person's request for changes among them); a
 * person hears the comments on proposals of artifacts they follow (the proposing agent's
 * replies among them). Anyone else hears nothing (`null`).
 */
export function commentNote(event: Commented, who: string, reader: CommentReader): Note | null {
  if (!reader.own && !(reader.person && reader.follows)) return null;
  return {
    type: "comment",
    kind: event.kind,
    proposal_id: event.proposal_id,
    artifact_id: event.artifact_id,
    comment_id: event.comment_id,
    actor: who,
    own: reader.own,
    hunk_id: event.hunk_id,
    reply_to: event.reply_to,
    text: event.text,
  };
}

// Others' text continues indented on lines of its own (see `render.ts`).
const inline = (text: string): string => inlined(text, "  ");

/**
 * A comment note as one line for a model's context (or a person's): who, on which proposal
 * and hunk, in reply to what, and their words, which continue indented wherever they break.
 * A request for changes on the viewer's own proposal says how to answer it: by revising.
 * The library's words all come before theirs.
 */
export function commentLine(note: CommentNote): string {
  const [actor, proposal, artifact] = [note.actor, note.proposal_id, note.artifact_id].map(inline);
  const whose = note.own ? "your proposal" : "proposal";
  const verb =
    note.kind === "request_changes" ? `asked for changes to ${whose}` : `commented on ${whose}`;
  let line = `${actor} ${verb} ${proposal} for ${artifact}`;
  if (note.hunk_id !== null) line += ` (on hunk ${inline(note.hunk_id)})`;
  if (note.reply_to !== null) line += ` (in reply to ${inline(note.reply_to)})`;
  // The library's words come before theirs: nothing of ours follows text they wrote.
  if (note.kind === "request_changes" && note.own) {
    line +=
      ` (it stays pending; answer by proposing the revised change with revises: ${proposal},` +
      " which replaces it and keeps its comments, not by proposing it unchanged)";
  }
  return `${line}: ${inline(note.text)}`;
}
