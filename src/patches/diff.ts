import jsonpatch from "fast-json-patch";
import { isJsonObject, type JsonValue, jsonEqual } from "../model/json.ts";
import type { JsonPatch, JsonPatchOperation } from "../model/patches.ts";

/** A JSON Patch whose operations are well formed: what this library computes. */
type WellFormedPatch = Omit<JsonPatch, "ops"> & { ops: JsonPatchOperation[] };

import { applyJsonPatch } from "./json-patch.ts";

// Default import: the named ones crash under plain Node ESM (fast-json-patch is CommonJS).
const { compare, unescapePathComponent } = jsonpatch;
type LibraryOperation = ReturnType<typeof compare>[number];

// Keys our JSON Patch refuses to name; a change under one is sent as a replace of its parent.
const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(["__proto__", "constructor"]);

function cloneJson(value: JsonValue): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

function replaceAt(path: string, value: JsonValue): JsonPatchOperation {
  return { op: "replace", path, value: cloneJson(value) };
}

// `compare` only emits add, remove and replace (and test when asked to be invertible).
function toOurs(op: LibraryOperation): JsonPatchOperation {
  switch (op.op) {
    case "add":
    case "replace":
    case "test":
      return { op: op.op, path: op.path, value: op.value as JsonValue };
    case "remove":
      return { op: "remove", path: op.path };
    case "move":
    case "copy":
      return { op: op.op, from: op.from, path: op.path };
    default:
      throw new Error(`fast-json-patch produced an unexpected operation: ${op.op}`);
  }
}

// The pointer up to (not including) the first forbidden segment, or undefined if none.
function safePrefix(path: string): string | undefined {
  const raw = path.split("/");
  const at = raw.findIndex((segment) => FORBIDDEN_SEGMENTS.has(unescapePathComponent(segment)));
  return at === -1 ? undefined : raw.slice(0, at).join("/");
}

function valueAt(document: JsonValue, pointer: string): JsonValue {
  let node = document;
  for (const raw of pointer === "" ? [] : pointer.slice(1).split("/")) {
    const segment = unescapePathComponent(raw);
    const child = Array.isArray(node)
      ? node[Number(segment)]
      : isJsonObject(node) && Object.hasOwn(node, segment)
        ? node[segment]
        : undefined;
    if (child === undefined) throw new Error(`diff: ${pointer} is missing from the new value`);
    node = child;
  }
  return node;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

// `compare` emits each subtree's operations contiguously, at the point where the indices on
// the way there are valid; so one replace at that point stands in for all of them.
function replaceForbidden(ops: JsonPatchOperation[], after: JsonValue): JsonPatchOperation[] {
  const prefixes = ops.flatMap((op) => safePrefix(op.path) ?? []);
  if (prefixes.length === 0) return ops;
  const outermost = prefixes.filter((p) => !prefixes.some((q) => q !== p && isUnder(p, q)));
  const done = new Set<string>();
  const result: JsonPatchOperation[] = [];
  for (const op of ops) {
    const prefix = outermost.find((p) => isUnder(op.path, p));
    if (prefix === undefined) result.push(op);
    else if (!done.has(prefix)) {
      done.add(prefix);
      result.push(replaceAt(prefix, valueAt(after, prefix)));
    }
  }
  return result;
}

function sameContainerKind(before: JsonValue, after: JsonValue): boolean {
  if (Array.isArray(before)) return Array.isArray(after);
  return isJsonObject(before) && isJsonObject(after);
}

/**
 * The JSON Patch that turns `before` into `after`, computed by fast-json-patch's `compare`
 * (index-based for arrays, `replace` for changed leaves). `compare` is wrong at the root when
 * the kinds differ (or both are scalars) and cannot name `__proto__`/`constructor` keys, so
 * those become `replace`s; a final check falls back to replacing the whole document rather
 * than ever returning a patch that does not reproduce `after`.
 */
export function diff(before: JsonValue, after: JsonValue): WellFormedPatch {
  return { kind: "json_patch", ops: diffOps(before, after) };
}

function diffOps(before: JsonValue, after: JsonValue): JsonPatchOperation[] {
  if (jsonEqual(before, after)) return [];
  // Containers only: `compare` on scalars returns nothing, and on object vs array it mixes a
  // root replace with adds that then apply to the replaced document.
  if (!sameContainerKind(before, after)) return [replaceAt("", after)];
  const container = before as object;
  const ops = replaceForbidden(compare(container, after as object).map(toOurs), after);
  const applied = applyJsonPatch(before, ops);
  if (applied.ok && jsonEqual(applied.value, after)) return ops;
  return [replaceAt("", after)];
}
