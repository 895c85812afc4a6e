// Conflicts settled by choice (ADR 0054): a person picks, region by region, what lands where a
// proposal conflicts with the artifact as it is now, and this turns the picks into their
// changes, a patch against the current version, so the accept is recorded as the person's
// own resolution (`respond_to_proposal` with `changes` and `base_version`).
import { canonicalJson } from "../merge/canonical-json.ts";
import { mergeSequences } from "../merge/diff3.ts";
import { mergeJson, mergeJsonSettling } from "../merge/merge-json.ts";
import type { ConflictChoice, ConflictChoices, ConflictTake } from "../model/conflict-choices.ts";
import type { JsonConflict } from "../model/conflicts.ts";
import { isJsonObject, type JsonObject, type JsonValue } from "../model/json.ts";
import type { JsonPatch } from "../model/patches.ts";
import { diff } from "../patches/diff.ts";

/** One region a person chooses for: a value conflict whole, or one region of a text or sequence. */
export interface ConflictRegion {
  /** The region's name: the conflict's pointer, and `#n` (from 1) for a text or sequence region. */
  readonly name: string;
  /** The conflict's JSON Pointer (into the current data). */
  readonly path: string;
  readonly reason: JsonConflict["reason"];
  /** Which of the conflict's regions (from 0), or `null` for a value conflict. */
  readonly hunk: number | null;
  /** The choices that apply here: `both` and `both_reversed` only where sides are lines or items. */
  readonly takes: readonly ConflictTake[];
}

/** Why choices could not be turned into changes; nothing is to be sent. */
type ChoiceRefusal =
  | { readonly type: "version_conflict"; readonly message: string; readonly version: number }
  | { readonly type: "no_conflict"; readonly message: string }
  | {
      readonly type:
        | "unknown_region"
        | "unchosen_region"
        | "ambiguous_region"
        | "choice_not_applicable"
        | "invalid_edit";
      readonly message: string;
      readonly region: string;
    }
  | { readonly type: "not_an_object"; readonly message: string };

/** The three versions of an edit in conflict, and the version the artifact is at now. */
interface ChoiceSides {
  /** The data the proposal was based on. */
  readonly base: JsonObject;
  /** The data now, at `version`. */
  readonly current: JsonObject;
  /** What the proposal made of `base`. */
  readonly proposed: JsonObject;
  readonly version: number;
}

/** What the choices land: the data, and the person's changes against the current version. */
interface ChosenResolution {
  readonly data: JsonObject;
  readonly changes: JsonPatch;
  readonly base_version: number;
}

/** Choices turned into changes, or why not. */
type ChoiceResult =
  | { readonly ok: true; readonly value: ChosenResolution }
  | { readonly ok: false; readonly refusal: ChoiceRefusal };

const LINE_TAKES: readonly ConflictTake[] = [
  "current",
  "proposed",
  "both",
  "both_reversed",
  "edit",
];
const VALUE_TAKES: readonly ConflictTake[] = ["current", "proposed", "edit"];

/** Every region of `conflicts`, named, in the order the conflicts and their regions are listed. */
export function conflictRegions(conflicts: readonly JsonConflict[]): ConflictRegion[] {
  return conflicts.flatMap((conflict): ConflictRegion[] => {
    const { path, reason } = conflict;
    if (conflict.reason === "text" || conflict.reason === "sequence") {
      return conflict.hunks.map((_, hunk) => ({
        name: `${path}#${hunk + 1}`,
        path,
        reason,
        hunk,
        takes: LINE_TAKES,
      }));
    }
    return [{ name: path, path, reason, hunk: null, takes: VALUE_TAKES }];
  });
}

const refused = (refusal: ChoiceRefusal): ChoiceResult => ({ ok: false, refusal });

/** Why one region's choice cannot be used, or `null`. */
function choiceProblem(region: ConflictRegion, choice: ConflictChoice): ChoiceRefusal | null {
  const { name } = region;
  if (!region.takes.includes(choice.take)) {
    const message = `region ${name} is one value (${region.reason}): take current, proposed or edit`;
    return { type: "choice_not_applicable", message, region: name };
  }
  if (choice.take !== "edit") return null;
  if (region.reason === "text" && typeof choice.value !== "string") {
    return {
      type: "invalid_edit",
      message: `region ${name} is text: edit it as a string`,
      region: name,
    };
  }
  if (region.reason === "sequence" && !Array.isArray(choice.value)) {
    return {
      type: "invalid_edit",
      message: `region ${name} is items: edit it as an array`,
      region: name,
    };
  }
  return null;
}

/** Checks that the choices name each region once and nothing else; the first problem found. */
function checkChoices(
  regions: readonly ConflictRegion[],
  choices: ConflictChoices["choices"],
): ChoiceRefusal | null {
  const names = new Set<string>();
  for (const region of regions) {
    const { name } = region;
    // A key could spell another conflict's region (a key "a#1" beside a text "a"): refuse
    // rather than guess which one a choice meant.
    if (names.has(name)) {
      const message = `two regions are named ${name}: resolve this proposal in an editor`;
      return { type: "ambiguous_region", message, region: name };
    }
    names.add(name);
    const choice = Object.hasOwn(choices, name) ? choices[name] : undefined;
    if (choice === undefined) {
      return { type: "unchosen_region", message: `region ${name} has no choice`, region: name };
    }
    const problem = choiceProblem(region, choice);
    if (problem !== null) return problem;
  }
  for (const name of Object.keys(choices)) {
    if (!names.has(name)) {
      const message = `no conflict region is named ${name} now: list the regions again`;
      return { type: "unknown_region", message, region: name };
    }
  }
  return null;
}

/** The lines of a text, each with its end of line. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The text of a chosen piece, ending a line when more follows (`eol` of its own lines). */
function piece(parts: readonly (readonly string[])[], more: boolean): string {
  const joined: string[] = [];
  for (const [i, lines] of parts.entries()) {
    const text = lines.join("");
    const follows = more || parts.slice(i + 1).some((rest) => rest.length > 0);
    const eol = lines[0]?.endsWith("\r\n") === true ? "\r\n" : "\n";
    joined.push(text !== "" && follows && !text.endsWith("\n") ? `${text}${eol}` : text);
  }
  return joined.join("");
}

type Side<T> = { readonly [K in "ours" | "theirs"]: readonly T[] };

/** What a choice puts in a region of lines or items. */
function chosen<T>(choice: ConflictChoice, sides: Side<T>, edited: readonly T[]): (readonly T[])[] {
  switch (choice.take) {
    case "current":
      return [sides.ours];
    case "proposed":
      return [sides.theirs];
    case "both":
      return [sides.ours, sides.theirs];
    case "both_reversed":
      return [sides.theirs, sides.ours];
    case "edit":
      return [edited];
  }
}

/** A text conflict's merged text, each region replaced by what was chosen for it. */
function settleText(
  conflict: Extract<JsonConflict, { reason: "text" }>,
  pick: (hunk: number) => ConflictChoice,
): string {
  const merged = linesOf(conflict.merged);
  const out: string[] = [];
  let at = 0;
  for (const [index, hunk] of conflict.hunks.entries()) {
    out.push(...merged.slice(at, hunk.merged.start));
    const choice = pick(index);
    const edited = choice.take === "edit" ? linesOf(String(choice.value)) : [];
    const sides = { ours: hunk.ours.lines, theirs: hunk.theirs.lines };
    out.push(piece(chosen(choice, sides, edited), hunk.merged.end < merged.length));
    at = hunk.merged.end;
  }
  out.push(...merged.slice(at));
  return out.join("");
}

/** A sequence conflict's merge, each conflicting region replaced by what was chosen for it. */
function settleSequence(
  conflict: Extract<JsonConflict, { reason: "sequence" }>,
  pick: (hunk: number) => ConflictChoice,
): JsonValue[] {
  const arrays = [conflict.base, conflict.ours, conflict.theirs].map((v) =>
    Array.isArray(v) ? v : [],
  );
  const [base = [], ours = [], theirs = []] = arrays;
  const items: JsonValue[] = [];
  let hunk = 0;
  // The same merge the conflict came from, so its regions are the conflict's hunks in order.
  for (const region of mergeSequences(base, ours, theirs, { key: canonicalJson })) {
    if (region.kind === "stable") {
      items.push(...region.items);
      continue;
    }
    const choice = pick(hunk);
    const edited = choice.take === "edit" && Array.isArray(choice.value) ? choice.value : [];
    const sides = { ours: region.ours.items, theirs: region.theirs.items };
    for (const part of chosen(choice, sides, edited)) items.push(...part);
    hunk++;
  }
  return items;
}

/** What one conflict's slot becomes under the choices (`undefined`: absent). */
function settle(
  conflict: JsonConflict,
  pick: (hunk: number | null) => ConflictChoice,
): JsonValue | undefined {
  if (conflict.reason === "text") return settleText(conflict, pick);
  if (conflict.reason === "sequence") return settleSequence(conflict, pick);
  const choice = pick(null);
  if (choice.take === "proposed") return conflict.theirs;
  if (choice.take === "edit") return choice.value;
  return conflict.ours;
}

/**
 * Turns a person's choices for a proposal's conflicting regions into their changes: the
 * three-way merge accepting does (by words, as `rebaseEdit` merges), each conflict settled as
 * chosen and everything that merged cleanly kept, as a patch against the current version.
 * Refused, with nothing to send, when the artifact is no longer at the version the choices
 * were made for, the merge no longer conflicts, a region is unchosen or unknown, or a choice
 * does not fit its region. Whether the result is valid data for the artifact's type is the
 * accept's to say, as for any changes.
 */
export function resolveByChoice(sides: ChoiceSides, request: ConflictChoices): ChoiceResult {
  const { base, current, proposed, version } = sides;
  if (request.base_version !== version) {
    const message = `the choices were made at v${request.base_version}, the artifact is at v${version} now: list the regions again`;
    return refused({ type: "version_conflict", message, version });
  }
  const merged = mergeJson(base, current, proposed, { words: true });
  if (merged.kind === "clean") {
    return refused({ type: "no_conflict", message: "the proposal merges cleanly now" });
  }
  const regions = conflictRegions(merged.conflicts);
  const problem = checkChoices(regions, request.choices);
  if (problem !== null) return refused(problem);
  // The same merge again, so the same conflicts come in the same order; a slot has one
  // conflict, so its pointer finds its regions.
  const settled = mergeJsonSettling(
    base,
    current,
    proposed,
    (conflict) =>
      settle(conflict, (hunk) => {
        const region = regions.find((r) => r.path === conflict.path && r.hunk === hunk);
        // checkChoices saw a choice for every region.
        return request.choices[region?.name ?? ""] ?? { take: "current" };
      }),
    { words: true },
  );
  if (!isJsonObject(settled.value)) {
    return refused({ type: "not_an_object", message: "the choices leave no object" });
  }
  const data = settled.value;
  return { ok: true, value: { data, changes: diff(current, data), base_version: version } };
}
