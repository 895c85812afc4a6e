import type { JsonConflict } from "../../model/conflicts.ts";
import type { DataDiff } from "../../model/data-diff.ts";
import type { JsonValue } from "../../model/json.ts";
import type { JsonPatchOperation } from "../../model/patches.ts";
import type { Palette } from "./colour.ts";

const MARKER = /^(<{7}|\|{7}|>{7})( |$)|^={7}$/;

/** True for a line that is a conflict marker (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`). */
function isMarker(line: string): boolean {
  return MARKER.test(line.replace(/\r?\n?$/, ""));
}

/** The lines of a text, without a last empty line for its final newline. */
function linesOf(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** A unified diff, line by line: headers bold, hunks cyan, removals red, additions green. */
function renderUnified(unified: string, paint: Palette): string[] {
  return linesOf(unified).map((line) => {
    if (line.startsWith("---") || line.startsWith("+++")) return paint.bold(line);
    if (line.startsWith("@@")) return paint.cyan(line);
    if (line.startsWith("-")) return paint.red(line);
    if (line.startsWith("+")) return paint.green(line);
    return line;
  });
}

const json = (value: JsonValue): string => JSON.stringify(value);

/** One JSON Patch operation on one line: `replace /title "Ship it"`. */
function renderOperation(op: JsonPatchOperation, paint: Palette): string {
  switch (op.op) {
    case "add":
      return paint.green(`add ${op.path} ${json(op.value)}`);
    case "remove":
      return paint.red(`remove ${op.path}`);
    case "replace":
      return paint.yellow(`replace ${op.path} ${json(op.value)}`);
    case "test":
      return `test ${op.path} ${json(op.value)}`;
    case "move":
    case "copy":
      return paint.yellow(`${op.op} ${op.from} → ${op.path}`);
  }
}

/** What accepting would change: a unified diff per text field, then the other fields' operations. */
export function renderDataDiff(diff: DataDiff | null, paint: Palette): string[] {
  if (diff === null) return [paint.dim("(no change)")];
  const lines = diff.text.flatMap((text) => renderUnified(text.unified, paint));
  if (diff.json.length > 0) lines.push(...diff.json.map((op) => renderOperation(op, paint)));
  return lines;
}

/** Text with conflict markers, the markers painted so they stand out. */
function renderMarked(text: string, paint: Palette): string[] {
  return linesOf(text).map((line) => (isMarker(line) ? paint.yellow(paint.bold(line)) : line));
}

// A side's value as lines between markers; a side without the value says so.
const side = (value: JsonValue | undefined): string[] =>
  value === undefined ? ["(absent)"] : linesOf(JSON.stringify(value, null, 2));

/**
 * One conflict, located: a text conflict as its merged text with markers; any other as the
 * three versions of the value between markers, in the order git writes them.
 */
export function renderConflict(conflict: JsonConflict, paint: Palette): string[] {
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
