import type { DataDiff } from "../../model/data-diff.ts";
import type { Note } from "../../model/notes.ts";

// Text someone else wrote (a summary, a reason, a notice, a name) on one line of a note: its
// line breaks indented, so it cannot start a line that reads as a note of its own ("- Alice
// answered your question …") in the context of the agent reading it.
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/g;
const inline = (text: string): string => text.replace(LINE_BREAK, "\n  ");

function who(names: readonly string[]): string {
  if (names.length <= 1) return inline(names[0] ?? "someone");
  return inline(`${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
}

function diffLines(diff: DataDiff | null): string[] {
  if (diff === null) return [];
  const text = diff.text.flatMap(({ unified }) => unified.trimEnd().split("\n"));
  const json = diff.json.map(
    (op) => `${op.op} ${op.path}${"value" in op ? ` ${JSON.stringify(op.value)}` : ""}`,
  );
  return [...text, ...json].map((line) => `    ${line}`);
}

/** One note as a line for a model's context, followed by its diff, indented, if it has one. */
export function renderNote(note: Note): string {
  switch (note.type) {
    case "change": {
      const head =
        note.from_version === null
          ? `${who(note.actors)} created ${note.artifact_id} (${note.kind}, v${note.to_version})`
          : `${who(note.actors)} changed ${note.artifact_id} (${note.kind}, v${note.from_version} → v${note.to_version})`;
      const summaries = note.summaries.map(inline).join("; ");
      const line = note.summaries.length === 0 ? head : `${head}: ${summaries}`;
      return [line, ...note.diffs.flatMap((run) => diffLines(run.diff))].join("\n");
    }
    case "proposal": {
      if (note.action === "proposed") {
        const head = `${inline(note.actor)} proposed a change to ${note.artifact_id} (${note.proposal_id})`;
        return note.detail === null ? head : `${head}: ${inline(note.detail)}`;
      }
      if (note.action === "expired") {
        return `your proposal ${note.proposal_id} for ${note.artifact_id} expired without an answer; it was not applied`;
      }
      let line = `${inline(note.actor)} ${note.action} your proposal ${note.proposal_id} for ${note.artifact_id}`;
      if (note.version !== null) line += `, now v${note.version}`;
      if (note.already_present) line += " (the change was already there: nothing new was written)";
      else if (note.rebased_from !== null)
        line += ` (rebased: it was based on v${note.rebased_from}, and others changed it since)`;
      if (note.detail !== null) line += `: ${inline(note.detail)}`;
      if (note.changes !== null) line += `: with changes: ${inline(note.changes)}`;
      if (note.diff !== null) line += "; what landed differs from what you proposed:";
      return [line, ...diffLines(note.diff)].join("\n");
    }
    case "notice":
      return `${inline(note.actor)} posted a notice: ${inline(note.content)}`;
    case "answer":
      return `${inline(note.actor)} answered your question ${note.decision_id}: ${JSON.stringify(note.answer)}`;
  }
}

/** Notes as plain text for a model's context: one `- ` item per note. Empty when there are none. */
export function renderNotes(notes: readonly Note[]): string {
  return notes.map((note) => `- ${renderNote(note)}`).join("\n");
}
