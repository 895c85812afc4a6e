import jsonpatch from "fast-json-patch";
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from "../model/json.ts";
import type { JsonPatchOperation } from "../model/patches.ts";
import { patchFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import {
  cloneJson,
  libraryOperation,
  MalformedOperation,
  memberProblem,
  type Operation,
  operationLabel,
  operationsOf,
} from "./json-patch-ops.ts";

// Default import: the named ones crash under plain Node ESM (fast-json-patch is CommonJS).
const { applyPatch, JsonPatchError } = jsonpatch;

/** An operation as fast-json-patch takes it. */
type LibraryOperation = Parameters<typeof applyPatch>[1][number];

// RFC 6901 array indices: no sign, no exponent, no leading zeros.
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;
// RFC 6901 allows only `~0` and `~1`.
const BAD_ESCAPE = /~(?![01])/;
const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(["__proto__", "constructor"]);

// Our own words for fast-json-patch's error codes, in case its checks fire before ours.
const LIBRARY_REASONS: Readonly<Record<string, string>> = {
  TEST_OPERATION_FAILED: "the value is not equal",
  OPERATION_PATH_UNRESOLVABLE: "the path does not exist",
  OPERATION_FROM_UNRESOLVABLE: "the from path does not exist",
  OPERATION_PATH_CANNOT_ADD: "the parent of the path does not exist",
  OPERATION_VALUE_OUT_OF_BOUNDS: "the array index is out of bounds",
  OPERATION_PATH_ILLEGAL_ARRAY_INDEX: "the path has an invalid array index",
};

// Which pointer of an operation a reason is about.
type Role = "path" | "from path";

/** Why one operation cannot apply; thrown from inside fast-json-patch's walk, caught below. */
class OperationRefused extends Error {}

/** Splits a JSON Pointer into unescaped segments, refusing what RFC 6901 does not allow. */
function segmentsOf(pointer: string, name: Role): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new OperationRefused(`the ${name} is not a JSON Pointer`);
  return pointer
    .slice(1)
    .split("/")
    .map((raw) => {
      if (BAD_ESCAPE.test(raw)) throw new OperationRefused(`the ${name} has an invalid ~ escape`);
      const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
      if (FORBIDDEN_SEGMENTS.has(segment)) {
        throw new OperationRefused(`the ${name} names __proto__ or constructor`);
      }
      return segment;
    });
}

type Container = JsonValue[] | JsonObject;

// A `move` removes `from` before it adds, so its target is checked as if `from` were gone.
interface Removal {
  readonly container: Container;
  readonly key: string;
}

function lengthOf(array: JsonValue[], removal?: Removal): number {
  return array.length - (removal?.container === array ? 1 : 0);
}

// The child named by one segment, or undefined; own keys only, so `toString` is not a key.
function childOf(node: JsonValue, segment: string, removal?: Removal): JsonValue | undefined {
  if (Array.isArray(node)) {
    if (!ARRAY_INDEX.test(segment)) return undefined;
    let index = Number(segment);
    if (index >= lengthOf(node, removal)) return undefined;
    if (removal?.container === node && index >= Number(removal.key)) index += 1;
    return node[index];
  }
  if (!isJsonObject(node)) return undefined;
  if (removal?.container === node && removal.key === segment) return undefined;
  return Object.hasOwn(node, segment) ? node[segment] : undefined;
}

// The container the last segment lives in; refuses when the way there does not exist.
function parentOf(
  document: JsonValue,
  segments: string[],
  name: Role,
  removal?: Removal,
): Container {
  let node = document;
  for (const segment of segments.slice(0, -1)) {
    const child = childOf(node, segment, removal);
    if (child === undefined) throw new OperationRefused(`the parent of the ${name} does not exist`);
    node = child;
  }
  if (!Array.isArray(node) && !isJsonObject(node)) {
    throw new OperationRefused(`the parent of the ${name} is not an object or array`);
  }
  return node;
}

// Where an existing value lives (the root lives nowhere), and the value.
interface Found {
  readonly where: Removal | undefined;
  readonly value: JsonValue;
}

/** Refuses unless the value at `pointer` exists. */
function requireExisting(document: JsonValue, pointer: string, name: Role): Found {
  const segments = segmentsOf(pointer, name);
  const key = segments.at(-1);
  if (key === undefined) return { where: undefined, value: document };
  const container = parentOf(document, segments, name);
  const value = childOf(container, key);
  if (value === undefined) {
    throw new OperationRefused(
      name === "path" ? "the path does not exist" : `the from path ${pointer} does not exist`,
    );
  }
  return { where: { container, key }, value };
}

/** Refuses unless a value can be added at `pointer` (array index ≤ length, or `-`). */
function requireAddable(document: JsonValue, pointer: string, removal?: Removal): void {
  const segments = segmentsOf(pointer, "path");
  const key = segments.at(-1);
  if (key === undefined) return;
  const container = parentOf(document, segments, "path", removal);
  if (!Array.isArray(container) || key === "-") return;
  if (!ARRAY_INDEX.test(key)) throw new OperationRefused("the path has an invalid array index");
  if (Number(key) > lengthOf(container, removal)) {
    throw new OperationRefused("the array index is out of bounds");
  }
}

/**
 * RFC 6902's rules for one operation against the document as the earlier ones left it.
 * A `test` is decided here with {@link jsonEqual} (fast-json-patch's own comparison calls
 * `hasOwnProperty` on the value, which a JSON key of that name breaks); the operation is then
 * pointed at the found value so fast-json-patch's comparison trivially agrees.
 */
function check(op: JsonPatchOperation, document: JsonValue): void {
  switch (op.op) {
    case "add":
      requireAddable(document, op.path);
      return;
    case "remove":
      if (op.path === "") throw new OperationRefused("the whole document cannot be removed");
      requireExisting(document, op.path, "path");
      return;
    case "replace":
      requireExisting(document, op.path, "path");
      return;
    case "test": {
      const found = requireExisting(document, op.path, "path");
      if (!jsonEqual(found.value, op.value)) throw new OperationRefused("the value is not equal");
      op.value = found.value;
      return;
    }
    case "copy":
      requireExisting(document, op.from, "from path");
      requireAddable(document, op.path);
      return;
    case "move": {
      const removal = requireExisting(document, op.from, "from path").where;
      if (op.path.startsWith(`${op.from}/`)) {
        throw new OperationRefused("a value cannot be moved into itself");
      }
      requireAddable(document, op.path, removal);
      return;
    }
    default: {
      const unknown: never = op;
      throw new OperationRefused(`the operation ${JSON.stringify(unknown)} is unknown`);
    }
  }
}

const failed = (where: string, reason: string) =>
  refuse(patchFailed(`the JSON patch does not apply: ${where}: ${reason}`));

/** Every operation's `op` and `path`, or the refusal naming the first malformed one. */
function wellFormed(ops: readonly JsonObject[]): Result<Operation[]> {
  try {
    return ok(operationsOf(ops));
  } catch (error) {
    if (error instanceof MalformedOperation) return failed(error.where, error.message);
    throw error;
  }
}

/**
 * Applies an RFC 6902 JSON Patch through fast-json-patch, all or nothing. The input (even a
 * deeply frozen one) is never modified. Operations arrive as plain JSON objects, as the wire
 * carries them: each one's `op` and `path` are checked before any applies, its `value` or
 * `from` when it applies, and members it does not define are ignored. Refusals are
 * `patch_failed` in our own short words, naming the operation. Our own validator holds
 * fast-json-patch to RFC 6901/6902 where it is lax (leading-zero indices, `move` into itself,
 * removing the whole document, pointing into a string, …).
 */
export function applyJsonPatch(document: JsonValue, ops: readonly JsonObject[]): Result<JsonValue> {
  const operations = wellFormed(ops);
  if (!operations.ok) return operations;
  // Fresh operations with cloned values: fast-json-patch inserts `value` by reference, so a
  // later operation would otherwise write into the caller's (possibly frozen) patch.
  // (Copies also let `check` re-point a `test` without touching the caller's operation.)
  const copies = operations.value.map(libraryOperation);
  const indexOf = new Map<object, number>(copies.map((op, index) => [op, index]));
  const checked = new WeakSet<object>();
  let current = 0;
  try {
    const result = applyPatch(
      typeof document === "object" && document !== null ? cloneJson(document) : document,
      // A copy may lack a member its operation needs: the check below refuses it before the
      // library reads it.
      copies as unknown as LibraryOperation[],
      // Called with the document as the earlier operations left it, before this one applies.
      (operation, _index, state) => {
        if (checked.has(operation)) return;
        checked.add(operation);
        current = indexOf.get(operation) ?? current;
        const missing = memberProblem(operations.value[current] as Operation);
        if (missing !== null) throw new OperationRefused(missing);
        check(operation as JsonPatchOperation, state);
      },
      // Our own deep copy (as fast-json-patch's would be), changed in place: the input never is.
      true,
    );
    return ok(result.newDocument);
  } catch (error) {
    const op = operations.value[current];
    const where = op === undefined ? "the patch" : operationLabel(op.op, op.path, current);
    let reason = "the operation cannot be applied";
    if (error instanceof OperationRefused) reason = error.message;
    else if (error instanceof JsonPatchError) reason = LIBRARY_REASONS[error.name] ?? reason;
    return failed(where, reason);
  }
}
