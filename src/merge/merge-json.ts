import type { JsonConflict } from "../model/conflicts.ts";
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from "../model/json.ts";
import { pointer } from "./json-pointer.ts";
import { type ArrayMergeContext, mergeArrays, type Path } from "./merge-json-arrays.ts";
import { mergeText } from "./merge-text.ts";
import { mergeTextByWords } from "./merge-words.ts";
import type { MergeTextOptions } from "./types.ts";

/** Options of {@link mergeJson}: how multi-line strings merge. */
export interface MergeJsonOptions extends MergeTextOptions {
  /**
   * Merge strings as accepting a proposal does (docs/spec.md P10): every string as a text, line by
   * line and each conflicting region again word by word ({@link mergeTextByWords}), so a
   * string without a line break merges by words too and what still conflicts is a `text`
   * conflict. Default `false`: multi-line strings line by line only, as git does, and a
   * single-line string changed both ways is `both_changed`.
   */
  readonly words?: boolean;
}

/**
 * The result of {@link mergeJson}: the merged value, or every conflict (never both). A clean
 * value may share unchanged subtrees with the inputs: treat it as immutable.
 */
export type JsonMergeResult =
  | { readonly kind: "clean"; readonly value: JsonValue; readonly conflicts?: never }
  | {
      readonly kind: "conflict";
      readonly conflicts: readonly JsonConflict[];
      readonly value?: never;
    };

/**
 * What a conflict becomes while merging: the value its slot takes (`undefined`: absent).
 * {@link mergeJson} keeps ours there; a person's choices settle it otherwise.
 */
type ConflictResolver = (conflict: JsonConflict) => JsonValue | undefined;

const keepOurs: ConflictResolver = (conflict) => conflict.ours;

type JsonType = "null" | "boolean" | "number" | "string" | "array" | "object";

function typeOf(value: JsonValue): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as "boolean" | "number" | "string" | "object";
}

// `undefined` is an absent key or element; two absences are the same.
function same(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return a === undefined || b === undefined ? a === b : jsonEqual(a, b);
}

function get(object: JsonObject | undefined, key: string): JsonValue | undefined {
  return object !== undefined && Object.hasOwn(object, key) ? object[key] : undefined;
}

// Absent sides are omitted, not null: null is a value.
function values(base?: JsonValue, ours?: JsonValue, theirs?: JsonValue) {
  return {
    ...(base === undefined ? {} : { base }),
    ...(ours === undefined ? {} : { ours }),
    ...(theirs === undefined ? {} : { theirs }),
  };
}

class Merger {
  readonly conflicts: JsonConflict[] = [];
  readonly #options: MergeJsonOptions;
  readonly #arrays: ArrayMergeContext;
  readonly #resolve: ConflictResolver;

  constructor(options: MergeJsonOptions, resolve: ConflictResolver) {
    this.#options = options;
    this.#resolve = resolve;
    this.#arrays = {
      slot: (base, ours, theirs, path) => this.slot(base, ours, theirs, path),
      sequenceConflict: (path, versions, hunks) =>
        this.#settle({ reason: "sequence", path: pointer(path), ...versions, hunks }),
      ...(options.algorithm === undefined ? {} : { algorithm: options.algorithm }),
    };
  }

  /** The merged value of one slot, or `undefined` if it ends up absent; on conflict, ours. */
  slot(
    b: JsonValue | undefined,
    o: JsonValue | undefined,
    t: JsonValue | undefined,
    path: Path,
  ): JsonValue | undefined {
    if (same(o, t)) return o;
    if (same(o, b)) return t;
    if (same(t, b)) return o;
    if (o === undefined || t === undefined) return this.#conflict("delete_modify", path, b, o, t);
    if (b === undefined) {
      // Both added: objects merge key by key as if the base had an empty one; else conflict.
      if (isJsonObject(o) && isJsonObject(t)) return this.#objects({}, o, t, path);
      return this.#conflict("both_added", path, b, o, t);
    }
    if (typeOf(o) !== typeOf(t)) return this.#conflict("type_changed", path, b, o, t);
    // Both replaced the base by values of another type: nothing to merge them against.
    if (typeOf(b) !== typeOf(o)) return this.#conflict("both_changed", path, b, o, t);
    if (isJsonObject(b) && isJsonObject(o) && isJsonObject(t)) return this.#objects(b, o, t, path);
    if (Array.isArray(b) && Array.isArray(o) && Array.isArray(t)) {
      return mergeArrays({ base: b, ours: o, theirs: t }, path, this.#arrays);
    }
    if (typeof b === "string" && typeof o === "string" && typeof t === "string") {
      // By words, every string is a text: whether it conflicts never hangs on a line break.
      if (this.#options.words === true || [b, o, t].some((text) => text.includes("\n"))) {
        return this.#text(b, o, t, path);
      }
    }
    return this.#conflict("both_changed", path, b, o, t);
  }

  /** Records a conflict; its slot takes what the resolver says. */
  #settle(conflict: JsonConflict): JsonValue | undefined {
    this.conflicts.push(conflict);
    return this.#resolve(conflict);
  }

  #conflict(
    reason: "both_changed" | "type_changed" | "delete_modify" | "both_added",
    path: Path,
    b: JsonValue | undefined,
    o: JsonValue | undefined,
    t: JsonValue | undefined,
  ): JsonValue | undefined {
    return this.#settle({ reason, path: pointer(path), ...values(b, o, t) });
  }

  // Ours' keys in ours' order, then the keys only theirs has, in theirs' order.
  #objects(b: JsonObject, o: JsonObject, t: JsonObject, path: Path): JsonObject {
    const keys = [...Object.keys(o), ...Object.keys(t).filter((key) => !Object.hasOwn(o, key))];
    const entries: [string, JsonValue][] = [];
    for (const key of keys) {
      const value = this.slot(get(b, key), get(o, key), get(t, key), [...path, key]);
      if (value !== undefined) entries.push([key, value]);
    }
    // fromEntries defines own properties, so a "__proto__" key stays data.
    return Object.fromEntries(entries);
  }

  #text(b: string, o: string, t: string, path: Path): JsonValue | undefined {
    const { words, ...options } = this.#options;
    const result = (words === true ? mergeTextByWords : mergeText)(b, o, t, options);
    if (result.kind === "clean") return result.text;
    const hunks = result.conflicts.map((c) => ({
      merged: { start: c.merged.start, end: c.merged.end },
      base: { start: c.base.start, end: c.base.end, lines: [...c.base.lines] },
      ours: { start: c.ours.start, end: c.ours.end, lines: [...c.ours.lines] },
      theirs: { start: c.theirs.start, end: c.theirs.end, lines: [...c.theirs.lines] },
    }));
    const located = { path: pointer(path), base: b, ours: o, theirs: t };
    return this.#settle({ reason: "text", ...located, merged: result.text, hunks });
  }
}

/**
 * Three-way merges JSON values structurally: objects key by key, arrays of objects with
 * unique `id`s by id, other arrays as sequences of whole elements, multi-line strings line by
 * line. With `words`, every string merges as a text, its conflicting regions again word by
 * word; without it a single-line string is never merged inside. What both sides changed
 * differently is a conflict, located by a JSON Pointer.
 *
 * @returns `clean` with the merged value, or `conflict` with every conflict found.
 */
export function mergeJson(
  base: JsonValue,
  ours: JsonValue,
  theirs: JsonValue,
  options: MergeJsonOptions = {},
): JsonMergeResult {
  const settled = mergeJsonSettling(base, ours, theirs, keepOurs, options);
  if (settled.conflicts.length > 0) return { kind: "conflict", conflicts: settled.conflicts };
  return { kind: "clean", value: settled.value as JsonValue };
}

/**
 * Merges as {@link mergeJson} does, each conflict settled by `resolve` where it is found:
 * the merged value with those settlements (`undefined` if the root ends up absent), and every
 * conflict found, in the order `mergeJson` reports them.
 */
export function mergeJsonSettling(
  base: JsonValue,
  ours: JsonValue,
  theirs: JsonValue,
  resolve: ConflictResolver,
  options: MergeJsonOptions = {},
): { readonly value: JsonValue | undefined; readonly conflicts: readonly JsonConflict[] } {
  const merger = new Merger(options, resolve);
  const value = merger.slot(base, ours, theirs, []);
  return { value, conflicts: merger.conflicts };
}
