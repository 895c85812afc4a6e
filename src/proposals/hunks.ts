import { canonicalJson } from "../merge/canonical-json.ts";
import { diffHunks, lineDiffFor } from "../merge/diff3.ts";
import { pointer } from "../merge/json-pointer.ts";
import { internSequences, splitLines } from "../merge/lines.ts";
import type { Hunk, TextHunk, ValueHunk } from "../model/hunks.ts";
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from "../model/json.ts";
import { contentHash } from "./content-hash.ts";

// Where a value is: its JSON Pointer's segments, and the same path with each id-keyed item
// named by its id rather than its index, which is what a hunk's id is derived from.
interface Place {
  readonly segments: readonly (string | number)[];
  readonly stable: readonly (string | { readonly id: string | number })[];
}

// A hunk before it is named: `key` is the content its id is derived from.
type Unnamed = (Omit<TextHunk, "id"> | Omit<ValueHunk, "id">) & { readonly key: string };

// One item of two aligned arrays of id-keyed objects: on one side or on both.
interface Slot {
  readonly id: string | number;
  readonly before?: { readonly index: number; readonly value: JsonValue };
  readonly after?: { readonly index: number; readonly value: JsonValue };
}

const ROOT: Place = { segments: [], stable: [] };
const LINE_DIFF = lineDiffFor("histogram");

function child(place: Place, key: string): Place {
  return { segments: [...place.segments, key], stable: [...place.stable, key] };
}

function get(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

// `undefined` is an absent key; two absences are the same.
function same(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return a === undefined || b === undefined ? a === b : jsonEqual(a, b);
}

// The keys of both, the first's in its order, then those only the second has, in its order.
function keysOf(before: JsonObject, after: JsonObject): string[] {
  return [
    ...Object.keys(before),
    ...Object.keys(after).filter((key) => !Object.hasOwn(before, key)),
  ];
}

// An element's id, as `mergeArrays` recognises one: an object's string or number `id`.
function idOf(element: JsonValue): string | number | undefined {
  if (!isJsonObject(element) || !Object.hasOwn(element, "id")) return undefined;
  const id = element.id;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

// 1 and "1" are different ids: the key keeps the JSON type.
function idKeys(array: readonly JsonValue[]): string[] | undefined {
  const keys: string[] = [];
  for (const element of array) {
    const id = idOf(element);
    if (id === undefined) return undefined;
    keys.push(JSON.stringify(id));
  }
  return new Set(keys).size === keys.length ? keys : undefined;
}

/**
 * Two arrays of objects with unique ids, item by item in document order: between two items
 * both keep, those only `before` has, then those only `after` has. `undefined` when either is
 * not such an array, or the items both keep are in another order (the array is one value).
 */
function alignItems(before: readonly JsonValue[], after: readonly JsonValue[]): Slot[] | undefined {
  const beforeKeys = idKeys(before);
  const afterKeys = idKeys(after);
  if (beforeKeys === undefined || afterKeys === undefined) return undefined;
  const inBefore = new Set(beforeKeys);
  const inAfter = new Set(afterKeys);
  const slots: Slot[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const b = before[i];
    const a = after[j];
    if (b !== undefined && !inAfter.has(beforeKeys[i] as string)) {
      slots.push({ id: idOf(b) as string | number, before: { index: i++, value: b } });
    } else if (a !== undefined && !inBefore.has(afterKeys[j] as string)) {
      slots.push({ id: idOf(a) as string | number, after: { index: j++, value: a } });
    } else if (b !== undefined && a !== undefined && beforeKeys[i] === afterKeys[j]) {
      slots.push({
        id: idOf(b) as string | number,
        before: { index: i++, value: b },
        after: { index: j++, value: a },
      });
    } else {
      return undefined;
    }
  }
  return slots;
}

function itemPlace(place: Place, slot: Slot): Place {
  const index = slot.before?.index ?? slot.after?.index ?? 0;
  return { segments: [...place.segments, index], stable: [...place.stable, { id: slot.id }] };
}

// Absent is told apart from `null`: `0` stands for absent, a value's canonical text for it.
function valueKey(value: JsonValue | undefined): 0 | string {
  return value === undefined ? 0 : canonicalJson(value);
}

function valueHunk(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  place: Place,
): Unnamed {
  return {
    key: JSON.stringify([place.stable, "value", valueKey(before), valueKey(after)]),
    path: pointer(place.segments),
    kind: "value",
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
}

// Each maximal run of changed lines; its key holds the unchanged line on either side, so two
// equal changes in one text differ by where they are, not by their position in the list.
function textHunks(before: string, after: string, place: Place, out: Unnamed[]): void {
  const b = splitLines(before);
  const a = splitLines(after);
  const [codesB = [], codesA = []] = internSequences([b, a]);
  for (const hunk of diffHunks(codesB, codesA, LINE_DIFF)) {
    const removed = b.slice(hunk.startA, hunk.endA);
    const added = a.slice(hunk.startB, hunk.endB);
    const context = [b[hunk.startA - 1] ?? null, b[hunk.endA] ?? null];
    out.push({
      key: JSON.stringify([place.stable, "text", context, removed, added]),
      path: pointer(place.segments),
      kind: "text",
      removed,
      added,
      current: { start: hunk.startA, end: hunk.endA },
      result: { start: hunk.startB, end: hunk.endB },
    });
  }
}

function walk(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  place: Place,
  out: Unnamed[],
): void {
  if (same(before, after)) return;
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const key of keysOf(before, after)) {
      walk(get(before, key), get(after, key), child(place, key), out);
    }
    return;
  }
  if (typeof before === "string" && typeof after === "string") {
    textHunks(before, after, place, out);
    return;
  }
  const slots =
    Array.isArray(before) && Array.isArray(after) ? alignItems(before, after) : undefined;
  if (slots === undefined) {
    out.push(valueHunk(before, after, place));
    return;
  }
  for (const slot of slots) {
    const [b, a] = [slot.before?.value, slot.after?.value];
    if (!same(b, a)) out.push(valueHunk(b, a, itemPlace(place, slot)));
  }
}

// The id of a hunk: `hk_` and the hash of its content; the same content again (or a
// collision) takes the next occurrence number into the hash, until the id is free.
function named(unnamed: readonly Unnamed[]): Hunk[] {
  const taken = new Set<string>();
  return unnamed.map(({ key, ...hunk }) => {
    let id = `hk_${contentHash(key)}`;
    for (let n = 1; taken.has(id); n++) id = `hk_${contentHash(`${key}#${n}`)}`;
    taken.add(id);
    return { id, ...hunk };
  });
}

/**
 * The hunks of the change from `before` to `after`, disjoint and in document order (an
 * object's keys in `before`'s order, then those only `after` has): for a string on both
 * sides, each maximal run of changed lines (no context merged in); for an array of objects
 * with unique ids on both sides (kept items in the same order), each added, removed or changed
 * item; for anything else, each changed value (a whole other array is one). Each id is derived
 * from the hunk's path and content, so a hunk keeps it while other parts change (ADR 0048).
 */
export function hunksOf(before: JsonObject, after: JsonObject): Hunk[] {
  const out: Unnamed[] = [];
  walk(before, after, ROOT, out);
  return named(out);
}

// The hunks of `hunksOf`, taken in the order the rebuild visits them, which is theirs.
class Cursor {
  #next = 0;
  readonly #hunks: readonly Hunk[];
  readonly #chosen: ReadonlySet<string>;

  constructor(hunks: readonly Hunk[], chosen: ReadonlySet<string>) {
    this.#hunks = hunks;
    this.#chosen = chosen;
  }

  /** The next hunk, if it is a text hunk of the field at `path`. */
  nextText(path: string): TextHunk | undefined {
    const hunk = this.#hunks[this.#next];
    if (hunk?.kind !== "text" || hunk.path !== path) return undefined;
    this.#next++;
    return hunk;
  }

  /** Whether the next hunk is chosen, moving past it. */
  takeChosen(): boolean {
    const hunk = this.#hunks[this.#next++];
    return hunk !== undefined && this.#chosen.has(hunk.id);
  }

  chosen(hunk: Hunk): boolean {
    return this.#chosen.has(hunk.id);
  }
}

// A rebuilt value (`undefined`: absent), and whether every, or no, hunk inside it was chosen.
interface Built {
  readonly value: JsonValue | undefined;
  readonly all: boolean;
  readonly none: boolean;
}

// Every hunk chosen gives `after` itself and none `before` itself, so the extremes are exact.
function extremes(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  all: boolean,
  none: boolean,
): Built | null {
  if (all) return { value: after, all, none };
  if (none) return { value: before, all, none };
  return null;
}

function rebuildObject(before: JsonObject, after: JsonObject, place: Place, cursor: Cursor): Built {
  let all = true;
  let none = true;
  const entries: [string, JsonValue][] = [];
  for (const key of keysOf(before, after)) {
    const built = rebuild(get(before, key), get(after, key), child(place, key), cursor);
    all &&= built.all;
    none &&= built.none;
    if (built.value !== undefined) entries.push([key, built.value]);
  }
  // fromEntries defines own properties, so a "__proto__" key stays data.
  return extremes(before, after, all, none) ?? { value: Object.fromEntries(entries), all, none };
}

function rebuildText(before: string, after: string, place: Place, cursor: Cursor): Built {
  const lines = splitLines(before);
  const path = pointer(place.segments);
  const out: string[] = [];
  let all = true;
  let none = true;
  let at = 0;
  for (let hunk = cursor.nextText(path); hunk !== undefined; hunk = cursor.nextText(path)) {
    const chosen = cursor.chosen(hunk);
    all &&= chosen;
    none &&= !chosen;
    out.push(...lines.slice(at, hunk.current.start), ...(chosen ? hunk.added : hunk.removed));
    at = hunk.current.end;
  }
  out.push(...lines.slice(at));
  return extremes(before, after, all, none) ?? { value: out.join(""), all, none };
}

function rebuildItems(
  before: JsonValue,
  after: JsonValue,
  slots: readonly Slot[],
  cursor: Cursor,
): Built {
  let all = true;
  let none = true;
  const items: JsonValue[] = [];
  for (const slot of slots) {
    const [b, a] = [slot.before?.value, slot.after?.value];
    const chosen = !same(b, a) && cursor.takeChosen();
    if (!same(b, a)) {
      all &&= chosen;
      none &&= !chosen;
    }
    const value = chosen ? a : b;
    if (value !== undefined) items.push(value);
  }
  return extremes(before, after, all, none) ?? { value: items, all, none };
}

function rebuild(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  place: Place,
  cursor: Cursor,
): Built {
  if (same(before, after)) return { value: before, all: true, none: true };
  if (isJsonObject(before) && isJsonObject(after))
    return rebuildObject(before, after, place, cursor);
  if (typeof before === "string" && typeof after === "string") {
    return rebuildText(before, after, place, cursor);
  }
  const slots =
    Array.isArray(before) && Array.isArray(after) ? alignItems(before, after) : undefined;
  if (slots !== undefined)
    return rebuildItems(before as JsonValue, after as JsonValue, slots, cursor);
  const chosen = cursor.takeChosen();
  return { value: chosen ? after : before, all: chosen, none: !chosen };
}

/**
 * `before` with the hunks of {@link hunksOf}(`before`, `after`) whose ids are in `ids`
 * applied, and no others (ids that are not among them are ignored): every id gives `after`
 * itself, none gives `before` itself. An object keeps `before`'s key order with added keys
 * after it, unless all of its hunks are chosen. The result may share unchanged parts with
 * the inputs: treat it as immutable.
 */
export function applyHunks(
  before: JsonObject,
  after: JsonObject,
  ids: ReadonlySet<string>,
): JsonObject {
  const cursor = new Cursor(hunksOf(before, after), ids);
  const { value } = rebuild(before, after, ROOT, cursor);
  return isJsonObject(value) ? value : before;
}
