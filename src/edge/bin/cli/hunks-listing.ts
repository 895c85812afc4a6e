import type { Hunk } from "../../../model/hunks.ts";
import { jsonText } from "../../../model/json-text.ts";
import type { Palette } from "./colour.ts";
import { line, type Shown } from "./shown.ts";

// A hunk's own lines, under its heading: what accepting it removes (`-`) and adds (`+`).
function hunkBody(hunk: Hunk, paint: Palette): Shown[] {
  // A line's own end is not shown; any other break in it is, as its escape.
  const text = (sign: "-" | "+", value: string) => {
    const body = line`    ${sign}${value.replace(/\n$/, "")}`;
    return sign === "-" ? paint.red(body) : paint.green(body);
  };
  if (hunk.kind === "text") {
    return [...hunk.removed.map((l) => text("-", l)), ...hunk.added.map((l) => text("+", l))];
  }
  return [
    ...(hunk.before === undefined ? [] : [text("-", jsonText(hunk.before))]),
    ...(hunk.after === undefined ? [] : [text("+", jsonText(hunk.after))]),
  ];
}

function where(hunk: Hunk): string {
  const path = hunk.path === "" ? "/" : hunk.path;
  return hunk.kind === "text" ? `${path}, line ${hunk.current.start + 1}` : path;
}

/**
 * A proposal's hunks for `show`, each with its id (what `accept --hunks` takes), where it is,
 * and its lines; nothing when it has none. Others' content is made visible (`line`).
 */
export function renderHunks(proposalId: string, hunks: readonly Hunk[], paint: Palette): Shown[] {
  if (hunks.length === 0) return [];
  return [
    paint.bold(line`hunks (accept some with: agent-workspace accept ${proposalId} --hunks id,id):`),
    ...hunks.flatMap((hunk) => [
      line`  ${paint.cyan(hunk.id)} ${where(hunk)}`,
      ...hunkBody(hunk, paint),
    ]),
  ];
}
