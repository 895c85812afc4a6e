import type { SequenceHunk } from "../model/conflicts.ts";
import { isJsonObject, type JsonValue } from "../model/json.ts";
import { canonicalJson } from "./canonical-json.ts";
import { mergeSequences } from "./diff3.ts";
import type { DiffAlgorithm, LineRange } from "./types.ts";

/** A path as unescaped segments: object keys and array indices. */
export type Path = readonly (string | number)[];

/** What the array merges need from the value merge that calls them (no import cycle). */
export interface ArrayMergeContext {
  /** Merges one slot (`undefined` = absent on that side), reporting its conflicts. */
  readonly slot: (
    base: JsonValue | undefined,
    ours: JsonValue | undefined,
    theirs: JsonValue | undefined,
    path: Path,
  ) => JsonValue | undefined;
  /**
   * Records a `sequence` conflict of the whole array at `path`, and says what the array
   * becomes (`undefined`: absent).
   */
  readonly sequenceConflict: (
    path: Path,
    versions: Versions,
    hunks: SequenceHunk[],
  ) => JsonValue | undefined;
  /** The diff of the sequence merge. */
  readonly algorithm?: DiffAlgorithm;
}

/** The three versions of an array. */
interface Versions {
  readonly base: JsonValue[];
  readonly ours: JsonValue[];
  readonly theirs: JsonValue[];
}

interface Indexed {
  readonly index: number;
  readonly value: JsonValue;
}

// 1 and "1" are different ids: the key keeps the JSON type.
function idKey(element: JsonValue): string | undefined {
  if (!isJsonObject(element) || !Object.hasOwn(element, "id")) return undefined;
  const id = element.id;
  return typeof id === "string" || typeof id === "number" ? JSON.stringify(id) : undefined;
}

/** Each element by id; `undefined` unless all are objects with unique string or number ids. */
function byId(array: readonly JsonValue[]): Map<string, Indexed> | undefined {
  const map = new Map<string, Indexed>();
  for (const [index, value] of array.entries()) {
    const key = idKey(value);
    if (key === undefined || map.has(key)) return undefined;
    map.set(key, { index, value });
  }
  return map;
}

/**
 * Ours' order, each element only theirs added placed right after the element before it in
 * theirs that made it into the result (or first, if none did).
 */
function order(
  oursOrder: readonly string[],
  theirsOrder: readonly string[],
  merged: ReadonlyMap<string, JsonValue>,
  added: ReadonlySet<string>,
): string[] {
  // Each element is the predecessor of at most one addition: the next one chains after it.
  const next = new Map<string | undefined, string>();
  let previous: string | undefined;
  for (const id of theirsOrder) {
    if (!merged.has(id)) continue;
    if (added.has(id)) next.set(previous, id);
    previous = id;
  }
  const result: string[] = [];
  const emit = (after: string | undefined) => {
    for (let id = next.get(after); id !== undefined; id = next.get(id)) result.push(id);
  };
  emit(undefined);
  for (const id of oursOrder) {
    if (!merged.has(id)) continue;
    result.push(id);
    emit(id);
  }
  return result;
}

function mergeById(
  maps: { base: Map<string, Indexed>; ours: Map<string, Indexed>; theirs: Map<string, Indexed> },
  path: Path,
  context: ArrayMergeContext,
): JsonValue[] {
  const { base, ours, theirs } = maps;
  const theirsOnly = [...theirs.keys()].filter((id) => !ours.has(id));
  const merged = new Map<string, JsonValue>();
  for (const id of [...ours.keys(), ...theirsOnly]) {
    const [b, o, t] = [base.get(id), ours.get(id), theirs.get(id)];
    // Point into ours; an element ours removed is found at its index in base.
    const index = o?.index ?? b?.index ?? t?.index ?? 0;
    const value = context.slot(b?.value, o?.value, t?.value, [...path, index]);
    if (value !== undefined) merged.set(id, value);
  }
  const ids = order([...ours.keys()], [...theirs.keys()], merged, new Set(theirsOnly));
  return ids.map((id) => merged.get(id) as JsonValue);
}

function side(range: LineRange & { readonly items: readonly JsonValue[] }) {
  return { start: range.start, end: range.end, items: [...range.items] };
}

function mergeAsSequence(
  versions: Versions,
  path: Path,
  context: ArrayMergeContext,
): JsonValue | undefined {
  const options = {
    key: canonicalJson,
    ...(context.algorithm === undefined ? {} : { algorithm: context.algorithm }),
  };
  const regions = mergeSequences(versions.base, versions.ours, versions.theirs, options);
  const items: JsonValue[] = [];
  const hunks: SequenceHunk[] = [];
  for (const region of regions) {
    if (region.kind === "stable") {
      items.push(...region.items);
    } else {
      hunks.push({ base: side(region.base), ours: side(region.ours), theirs: side(region.theirs) });
    }
  }
  return hunks.length > 0 ? context.sequenceConflict(path, versions, hunks) : items;
}

/**
 * Three-way merges arrays that all changed. Arrays of objects with unique `id`s (in all
 * three) merge by id, each element recursively; others merge as sequences of whole elements.
 */
export function mergeArrays(
  versions: Versions,
  path: Path,
  context: ArrayMergeContext,
): JsonValue | undefined {
  const base = byId(versions.base);
  const ours = byId(versions.ours);
  const theirs = byId(versions.theirs);
  if (base && ours && theirs) return mergeById({ base, ours, theirs }, path, context);
  return mergeAsSequence(versions, path, context);
}
