import type { DataDiff } from "../model/data-diff.ts";
import type { Hunk, HunkOutcome } from "../model/hunks.ts";
import { jsonText } from "../model/json-text.ts";
import { inlined } from "../model/line-breaks.ts";
import type { Note } from "../model/notes.ts";
import { commentLine } from "./comment-notes.ts";
import { unifiedLines } from "./diff-lines.ts";
import { revertLine } from "./revert-notes.ts";

// Text someone else wrote (a name, an id, a summary, a reason, a notice) on one line of a
// note: any line of it after the first continues indented, so none of its lines reads as a
// note of its own ("- Alice answered your question …") in the context of the agent reading
// it. Diff lines sit deeper (DIFF), and theirs continue deeper still.
const NOTE = "  ";
const DIFF = "    ";
const inline = (text: string): string => inlined(text, NOTE);
const inDiff = (text: string): string => `${DIFF}${inlined(text, `${DIFF}  `)}`;

function who(names: readonly string[]): string {
  if (names.length <= 1) return inline(names[0] ?? "someone");
  return inline(`${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
}

// A CRLF text's diff lines end in CR: the line's own end, not a break to continue after.
const withoutCr = (line: string): string => (line.endsWith("\r") ? line.slice(0, -1) : line);

function diffLines(diff: DataDiff | null): string[] {
  if (diff === null) return [];
  const text = diff.text.flatMap((field) => unifiedLines(field).map(withoutCr));
  const json = diff.json.map(
    (op) => `${op.op} ${op.path}${"value" in op ? ` ${jsonText(op.value)}` : ""}`,
  );
  return [...text, ...json].map(inDiff);
}

// A hunk's own lines: each removed line `-`, each added `+` (a value as JSON), deeper still.
function hunkBody(hunk: Hunk): string[] {
  const deeper = `${DIFF}  `;
  const line = (sign: string, text: string) =>
    `${deeper}${sign}${inlined(withoutCr(text.replace(/\n$/, "")), `${deeper}  `)}`;
  if (hunk.kind === "text") {
    return [...hunk.removed.map((l) => line("-", l)), ...hunk.added.map((l) => line("+", l))];
  }
  return [
    ...(hunk.before === undefined ? [] : [line("-", jsonText(hunk.before))]),
    ...(hunk.after === undefined ? [] : [line("+", jsonText(hunk.after))]),
  ];
}

function hunkLines(hunks: HunkOutcome | null): string[] {
  if (hunks === null) return [];
  const listed = (word: string, hunk: Hunk) => [
    inDiff(`${word} ${hunk.id} at ${hunk.path === "" ? "/" : hunk.path}:`),
    ...hunkBody(hunk),
  ];
  return [
    ...hunks.landed.flatMap((hunk) => listed("landed", hunk)),
    ...hunks.not_landed.flatMap((hunk) => listed("not landed", hunk)),
  ];
}

function changeLine(note: Extract<Note, { type: "change" }>): string {
  const id = inline(note.artifact_id);
  const kind = inline(note.kind);
  const head =
    note.from_version === null
      ? `${who(note.actors)} created ${id} (${kind}, v${note.to_version})`
      : `${who(note.actors)} changed ${id} (${kind}, v${note.from_version} → v${note.to_version})`;
  const summaries = note.summaries.map(inline).join("; ");
  return note.summaries.length === 0 ? head : `${head}: ${summaries}`;
}

function proposalLine(note: Extract<Note, { type: "proposal" }>): string {
  const [proposal, artifact] = [inline(note.proposal_id), inline(note.artifact_id)];
  if (note.action === "proposed") {
    let head = `${inline(note.actor)} proposed a change to ${artifact} (${proposal})`;
    if (note.revises !== undefined) head += `, revising ${inline(note.revises)}`;
    if (note.reproposal_of !== undefined) {
      head += `, proposing again the change rejected as ${inline(note.reproposal_of)}`;
    }
    return note.detail === null ? head : `${head}: ${inline(note.detail)}`;
  }
  if (note.action === "expired") {
    return `your proposal ${proposal} for ${artifact} expired without an answer; it was not applied`;
  }
  let line = `${inline(note.actor)} ${note.action} your proposal ${proposal} for ${artifact}`;
  if (note.version !== null) line += `, now v${note.version}`;
  if (note.already_present) line += " (the change was already there: nothing new was written)";
  else if (note.rebased_from !== null)
    line += ` (rebased: it was based on v${note.rebased_from}, and others changed it since)`;
  // A rejection sticks; said before the person's reason, so nothing of ours follows theirs.
  if (note.action === "rejected") {
    line += " (do not propose the same change again; change what the reason asks, or leave it)";
  }
  if (note.detail !== null) line += `: ${inline(note.detail)}`;
  if (note.changes !== null) line += `: with changes: ${inline(note.changes)}`;
  if (note.hunks !== null) {
    const { landed, not_landed } = note.hunks;
    const of = `${landed.length} of ${landed.length + not_landed.length}`;
    line += `; ${of} hunks of it were accepted, the others not (not landed: propose them again if they still matter)`;
    return `${line}:`;
  }
  if (note.diff !== null) line += "; what landed differs from what you proposed:";
  return line;
}

/**
 * One note as a line for a model's context, followed by its diff, indented, if it has one.
 * What others wrote in it (names, ids, summaries, reasons, notices, diff lines, JSON Pointer
 * paths) continues on indented lines wherever it holds a line break, and JSON values are
 * written with every line break escaped: no line of theirs starts where a note or a diff
 * line of the library's would.
 */
export function renderNote(note: Note): string {
  switch (note.type) {
    case "change":
      return [changeLine(note), ...note.diffs.flatMap((run) => diffLines(run.diff))].join("\n");
    case "proposal":
      return [
        proposalLine(note),
        ...(note.hunks === null ? diffLines(note.diff) : hunkLines(note.hunks)),
      ].join("\n");
    case "notice":
      return `${inline(note.actor)} posted a notice: ${inline(note.content)}`;
    case "comment":
      return commentLine(note);
    case "revert":
      return [revertLine(note), ...diffLines(note.diff)].join("\n");
    case "answer":
      return `${inline(note.actor)} answered your question ${inline(note.decision_id)}: ${jsonText(note.answer)}`;
  }
}

/** Notes as plain text for a model's context: one `- ` item per note. Empty when there are none. */
export function renderNotes(notes: readonly Note[]): string {
  return notes.map((note) => `- ${renderNote(note)}`).join("\n");
}
