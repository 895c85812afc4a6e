import { canonicalJson } from "../../../merge/canonical-json.ts";
import { escapePointerSegment } from "../../../merge/json-pointer.ts";
import { mergeText } from "../../../merge/merge-text.ts";
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from "../../../model/json.ts";
import type { JsonPatch } from "../../../model/patches.ts";
import { diff } from "../../../patches/diff.ts";
import type { ProposalPreview } from "../../../proposals/preview.ts";
import type { PageRefusal as Refusal } from "./page-api.ts";

/**
 * What `accept --edit` opens in the editor, and how what is saved becomes the changes: one
 * text field as plain text when the proposal concerns only that field, else the whole data
 * as JSON; merged, or with conflict markers where the merge conflicts.
 */
export interface EditDocument {
  /** The text field edited as plain text, or `null` for the whole data as JSON. */
  readonly field: string | null;
  /** What the editor is opened on. */
  readonly text: string;
  /** The data a saved text of the field is put into (the rest of the artifact's fields). */
  readonly rest: JsonObject;
  /** The data the changes are a patch against: the current version, or a new artifact's proposed data. */
  readonly against: JsonObject;
  /** The version the changes are against (`base_version`); `null` for a proposed new artifact. */
  readonly baseVersion: number | null;
}

// A conflict's opening, base and closing markers; a lone `=======` is also a setext heading.
const MARKER = /^(<{7}|\|{7}|>{7})( |\r?$)/;

/** The three versions of an edit in conflict: as proposed from, as now, as proposed. */
export interface ConflictSides {
  readonly base: JsonObject;
  readonly current: JsonObject;
  readonly proposed: JsonObject;
}

/** The data as JSON for people: keys sorted (so three versions line up), two spaces. */
export function prettyJson(value: JsonValue): string {
  return `${JSON.stringify(JSON.parse(canonicalJson(value)), null, 2)}\n`;
}

/** The top-level keys whose values differ between two versions. */
function changedKeys(a: JsonObject, b: JsonObject): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => {
    const [x, y] = [a[key], b[key]];
    return x === undefined || y === undefined || !jsonEqual(x, y);
  });
}

// The one string field all of `versions` hold that `touched` names, if there is exactly one.
function soleTextField(touched: readonly string[], versions: readonly JsonObject[]): string | null {
  const [only, ...others] = touched;
  if (only === undefined || others.length > 0) return null;
  return versions.every((data) => typeof data[only] === "string") ? only : null;
}

/**
 * The document for a proposal that merges (or a proposed new artifact): `result` is what would
 * land, `against` what the changes are computed from.
 */
export function cleanDocument(
  result: JsonObject,
  against: JsonObject,
  baseVersion: number | null,
): EditDocument {
  let touched = changedKeys(against, result);
  if (baseVersion === null || touched.length === 0) {
    touched = Object.keys(result).filter((key) => typeof result[key] === "string");
  }
  const field = soleTextField(touched, [result]);
  const text = field === null ? prettyJson(result) : String(result[field]);
  return { field, text, rest: result, against, baseVersion };
}

/**
 * The document for a proposal that conflicts: the field's (or the whole JSON's) three-way
 * merge with git's markers, the current version as the rest. `preview` gives the field's
 * merged text where the core found a text conflict.
 */
export function conflictDocument(
  sides: ConflictSides,
  preview: ProposalPreview,
  baseVersion: number,
): EditDocument {
  const { base, current, proposed } = sides;
  const touched = new Set(changedKeys(base, proposed));
  for (const conflict of preview.conflicts) {
    const [top = ""] = conflict.path.split("/").slice(1);
    touched.add(top.replaceAll("~1", "/").replaceAll("~0", "~"));
  }
  const field = soleTextField([...touched], [base, current, proposed]);
  const rest = current;
  if (field === null) {
    const merged = mergeText(prettyJson(base), prettyJson(current), prettyJson(proposed));
    return { field, text: merged.text, rest, against: current, baseVersion };
  }
  const at = `/${escapePointerSegment(field)}`;
  const found = preview.conflicts.find((c) => c.path === at && c.reason === "text");
  const text =
    found?.reason === "text"
      ? found.merged
      : mergeText(String(base[field]), String(current[field]), String(proposed[field])).text;
  return { field, text, rest, against: current, baseVersion };
}

/** What a saved document became: the data to land, or why it cannot. */
type ReadBack =
  | { readonly ok: true; readonly data: JsonObject; readonly refusal?: never }
  | { readonly ok: false; readonly refusal: Refusal };

/**
 * Reads a saved document back as the artifact's data. Refused while any line is still a
 * conflict marker (`<<<<<<<`, `|||||||` or `>>>>>>>`: `conflict_markers`, naming the first), or when JSON does not parse to an
 * object (`invalid_json`). A final newline the editor added to a text offered without one
 * is dropped.
 */
export function readBack(doc: EditDocument, saved: string): ReadBack {
  const line = saved.split("\n").findIndex((text) => MARKER.test(text));
  if (line !== -1) {
    const message = `the saved text still holds conflict markers (line ${line + 1}): resolve every conflict and remove the markers`;
    return { ok: false, refusal: { type: "conflict_markers", message, line: line + 1 } };
  }
  if (doc.field !== null) {
    const added = !doc.text.endsWith("\n") && saved.endsWith("\n");
    return { ok: true, data: { ...doc.rest, [doc.field]: added ? saved.slice(0, -1) : saved } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(saved);
  } catch (error) {
    const message = `the saved text is not JSON: ${error instanceof Error ? error.message : error}`;
    return { ok: false, refusal: { type: "invalid_json", message } };
  }
  if (!isJsonObject(parsed)) {
    return {
      ok: false,
      refusal: { type: "invalid_json", message: "the saved JSON is not an object" },
    };
  }
  return { ok: true, data: parsed };
}

/** The changes that turn the document's `against` into `data`, as a JSON Patch. */
export function changesTo(doc: EditDocument, data: JsonObject): JsonPatch {
  return diff(doc.against, data);
}
