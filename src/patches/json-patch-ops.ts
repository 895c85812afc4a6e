import type { JsonObject, JsonValue } from "../model/json.ts";
import type { JsonPatchOperation } from "../model/patches.ts";

/** The six operations of RFC 6902. */
const OPERATIONS: ReadonlySet<string> = new Set([
  "add",
  "remove",
  "replace",
  "move",
  "copy",
  "test",
]);

/** An operation whose `op` and `path` are known good; its other members are checked as it applies. */
export interface Operation {
  readonly op: JsonPatchOperation["op"];
  readonly path: string;
  readonly raw: JsonObject;
}

/** Why a patch's operation is malformed, with its index; the patch is refused as a whole. */
export class MalformedOperation extends Error {
  constructor(
    /** The operation, as `operation N`, or `operation N (op path)` when both are strings. */
    readonly where: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** How a failure names an operation: `operation 2 (replace /title)`. */
export function operationLabel(op: string, path: string, index: number): string {
  return `operation ${index} (${op} ${path === "" ? '""' : path})`;
}

// RFC 6901: "" or "/"-led, with only `~0` and `~1` escapes.
const POINTER = /^(?:\/(?:[^~]|~[01])*)*$/;

/** Why `pointer` is not a JSON Pointer, or `null`. */
function pointerProblem(pointer: unknown, name: string): string | null {
  if (typeof pointer !== "string") return `the ${name} is not a string`;
  if (!POINTER.test(pointer)) {
    return pointer === "" || pointer.startsWith("/")
      ? `the ${name} has an invalid ~ escape`
      : `the ${name} is not a JSON Pointer`;
  }
  return null;
}

/**
 * Every operation's `op` and `path`, checked before any applies (as the original's JSON Patch
 * library does): `op` present, a string, one of RFC 6902's six; `path` present and a JSON
 * Pointer. Throws {@link MalformedOperation} for the first that is not.
 */
export function operationsOf(ops: readonly JsonObject[]): Operation[] {
  return ops.map((raw, index) => {
    const at = `operation ${index}`;
    if (!Object.hasOwn(raw, "op")) throw new MalformedOperation(at, "it has no op");
    const op = raw.op;
    if (typeof op !== "string") throw new MalformedOperation(at, "its op is not a string");
    if (!OPERATIONS.has(op)) {
      throw new MalformedOperation(at, `the operation ${JSON.stringify(op)} is unknown`);
    }
    if (!Object.hasOwn(raw, "path")) throw new MalformedOperation(at, "it has no path");
    const problem = pointerProblem(raw.path, "path");
    if (problem !== null) {
      const where = typeof raw.path === "string" ? operationLabel(op, raw.path, index) : at;
      throw new MalformedOperation(where, problem);
    }
    return { op: op as Operation["op"], path: raw.path as string, raw };
  });
}

/** Why an operation lacks what its `op` needs (`value`; a `from` pointer), or `null`. */
export function memberProblem(operation: Operation): string | null {
  const { op, raw } = operation;
  if ((op === "add" || op === "replace" || op === "test") && !Object.hasOwn(raw, "value")) {
    return "it has no value";
  }
  if (op === "move" || op === "copy") {
    if (!Object.hasOwn(raw, "from")) return "it has no from";
    return pointerProblem(raw.from, "from path");
  }
  return null;
}

/**
 * A copy of a JSON value as `JSON.parse(JSON.stringify(value))` makes one (`-0` becomes `0`,
 * a hole or `undefined` in an array `null`, an `undefined` member is left out), without the
 * text in between.
 */
export function cloneJson(value: JsonValue): JsonValue {
  if (typeof value !== "object" || value === null) return value === 0 ? 0 : value;
  if (Array.isArray(value)) {
    const copy: JsonValue[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      copy[i] = item === undefined ? null : cloneJson(item);
    }
    return copy;
  }
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    // An own `__proto__` (which JSON.parse makes) is a member, not the prototype.
    if (key === "__proto__") {
      Object.defineProperty(copy, key, { value: cloneJson(item), ...MEMBER });
    } else copy[key] = cloneJson(item);
  }
  return copy;
}

const MEMBER = { writable: true, enumerable: true, configurable: true } as const;

/**
 * A fresh operation for fast-json-patch with only the members RFC 6902 defines for it (the
 * others are ignored, as the RFC says), its value cloned so no later operation writes into the
 * caller's patch. Members it needs and lacks are left out, for the check to refuse.
 */
export function libraryOperation(operation: Operation): Record<string, JsonValue> {
  const { op, path, raw } = operation;
  const copy: Record<string, JsonValue> = { op, path };
  if (Object.hasOwn(raw, "value") && op !== "remove" && op !== "move" && op !== "copy") {
    copy.value = cloneJson(raw.value as JsonValue);
  }
  if (Object.hasOwn(raw, "from") && (op === "move" || op === "copy")) {
    copy.from = raw.from as JsonValue;
  }
  return copy;
}
