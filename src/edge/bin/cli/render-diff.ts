import type { JsonConflict } from "../../../model/conflicts.ts";
import type { DataDiff } from "../../../model/data-diff.ts";
import type { JsonValue } from "../../../model/json.ts";
import { jsonText } from "../../../model/json-text.ts";
import type { JsonPatchOperation } from "../../../model/patches.ts";
import { unifiedLines } from "../../../notes/diff-lines.ts";
import type { Palette } from "./colour.ts";
import { line, type Shown, shown } from "./shown.ts";

const MARKER = /^(<{7}|\|{7}|>{7})( |$)|^={7}$/;

// What a conflict's block is indented by under its heading: nothing in it starts a line at
// the CLI's own left edge.
const BLOCK = "  ";

/** True for a line that is a conflict marker (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`). */
function isMarker(text: string): boolean {
  return MARKER.test(text.replace(/\r?\n?$/, ""));
}

/**
 * The lines of a text as a line merge splits it (at LF), without a last empty line for its
 * final newline. Any other break in a line is part of it, shown as its escape.
 */
function linesOf(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * A unified diff, line by line, one line of the diff a line of the terminal (a CR or U+2028
 * in a line shown as its escape): headers bold, hunks cyan, removals red, additions green.
 */
function renderUnified(field: DataDiff["text"][number], paint: Palette): Shown[] {
  return unifiedLines(field).map((text) => {
    if (text.startsWith("---") || text.startsWith("+++")) return paint.bold(text);
    if (text.startsWith("@@")) return paint.cyan(text);
    if (text.startsWith("-")) return paint.red(text);
    if (text.startsWith("+")) return paint.green(text);
    return shown(text);
  });
}

const json = (value: JsonValue): string => jsonText(value);

/** One JSON Patch operation on one line: `replace /title "Ship it"`. */
function renderOperation(op: JsonPatchOperation, paint: Palette): Shown {
  switch (op.op) {
    case "add":
      return paint.green(`add ${op.path} ${json(op.value)}`);
    case "remove":
      return paint.red(`remove ${op.path}`);
    case "replace":
      return paint.yellow(`replace ${op.path} ${json(op.value)}`);
    case "test":
      return shown(`test ${op.path} ${json(op.value)}`);
    case "move":
    case "copy":
      return paint.yellow(`${op.op} ${op.from} → ${op.path}`);
  }
}

/** What accepting would change: a unified diff per text field, then the other fields' operations. */
export function renderDataDiff(diff: DataDiff | null, paint: Palette): Shown[] {
  if (diff === null) return [paint.dim("(no change)")];
  const lines = diff.text.flatMap((text) => renderUnified(text, paint));
  if (diff.json.length > 0) lines.push(...diff.json.map((op) => renderOperation(op, paint)));
  return lines;
}

/** Text with conflict markers, the markers painted so they stand out, indented as a block. */
function renderMarked(text: string, paint: Palette): Shown[] {
  return linesOf(text).map((part) =>
    isMarker(part) ? line`${BLOCK}${paint.yellow(paint.bold(part))}` : line`${BLOCK}${part}`,
  );
}

// A side's value as lines between markers; a side without the value says so.
const side = (value: JsonValue | undefined): string[] =>
  value === undefined ? ["(absent)"] : linesOf(jsonText(value, 2));

/**
 * One conflict, located: a text conflict as its merged text with markers; any other as the
 * three versions of the value between markers, in the order git writes them. The block is
 * indented under its heading, so no line of the text starts where the CLI's own lines do.
 */
export function renderConflict(conflict: JsonConflict, paint: Palette): Shown[] {
  const where = paint.bold(`conflict at ${conflict.path || "/"} (${conflict.reason}):`);
  if (conflict.reason === "text") return [where, ...renderMarked(conflict.merged, paint)];
  const marked = [
    "<<<<<<< current",
    ...side(conflict.ours),
    "||||||| base",
    ...side(conflict.base),
    "=======",
    ...side(conflict.theirs),
    ">>>>>>> proposed",
  ].join("\n");
  return [where, ...renderMarked(marked, paint)];
}
