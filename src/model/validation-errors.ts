import type { z } from "zod";
import { type ErrorBody, issueError, sequenceSize, tagError } from "../parity/issue-errors.ts";
import { inputAt, type Node, nodeAt } from "../parity/walk.ts";
import type { JsonValue } from "./json.ts";
import type { ValidationError } from "./rejections.ts";

type Issue = z.core.$ZodIssue;
type Loc = (string | number)[];

function isJson(value: unknown): value is JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === "object") return Object.values(value).every(isJson);
  return false;
}

const locOf = (path: readonly PropertyKey[]): Loc =>
  path.map((key) => (typeof key === "number" ? key : String(key)));

function error(body: ErrorBody, loc: Loc, input: unknown): ValidationError {
  const base: ValidationError = { type: body.type, loc, msg: body.msg };
  const withInput = isJson(input) ? { ...base, input } : base;
  return body.ctx === undefined ? withInput : { ...withInput, ctx: body.ctx };
}

// A discriminated union's issue is raised at its tag; the original reports it at the union.
function unionTag(issue: Issue): { discriminator: string; options: unknown[] } | null {
  if (issue.code !== "invalid_union") return null;
  const { discriminator, options } = issue as { discriminator?: unknown; options?: unknown[] };
  return typeof discriminator === "string" ? { discriminator, options: options ?? [] } : null;
}

type Find = (path: readonly PropertyKey[]) => Node | undefined;

// Our own unions' wrong tag, at the tag, in the words we always used.
function ownTagError(options: readonly unknown[]): ErrorBody {
  const expected = options.map((o) => `'${String(o)}'`).join(", ");
  const msg = `Input tag does not match any of the expected tags: ${expected}`;
  return { type: "union_tag_invalid", msg };
}

function convert(issue: Issue, root: unknown, find: Find): ValidationError[] {
  const tag = unionTag(issue);
  if (tag !== null) {
    const at = issue.path.slice(0, -1);
    const object = inputAt(root, at);
    if (find(at)?.meta.pydanticUnion) {
      return [error(tagError(tag.discriminator, tag.options, object), locOf(at), object)];
    }
    const value = inputAt(root, issue.path);
    if (value !== undefined) return [error(ownTagError(tag.options), locOf(issue.path), value)];
  }
  const path = locOf(issue.path);
  const input = inputAt(root, issue.path);
  if (issue.code === "unrecognized_keys") {
    const extra: ErrorBody = { type: "extra_forbidden", msg: "Extra inputs are not permitted" };
    return issue.keys.map((key) => error(extra, [...path, key], inputAt(input, [key])));
  }
  // A value that is not there at all is missing, whatever the schema expected of it.
  if (input === undefined && issue.code !== "custom") {
    return [
      error(
        { type: "missing", msg: "Field required" },
        path,
        inputAt(root, issue.path.slice(0, -1)),
      ),
    ];
  }
  return [error(issueError(issue, find(issue.path), input), path, input)];
}

// Zod still checks the length of a wrong-typed value (`[]` for a string, `""` for a list);
// the original reports only that the type is wrong.
function withoutAfterthoughts(issues: readonly Issue[]): Issue[] {
  const wrongType = new Set(
    issues.filter((i) => i.code === "invalid_type").map((i) => JSON.stringify(locOf(i.path))),
  );
  return issues.filter(
    (i) => i.code === "invalid_type" || !wrongType.has(JSON.stringify(locOf(i.path))),
  );
}

interface Sequence {
  readonly loc: Loc;
  readonly minItems: number;
  readonly length: number;
  readonly failed: Set<number>;
}

// The original's sequences with a minimum count only the items that validated: when items
// fail, it adds `too_short` after their errors if too few are left.
function shortSequences(
  issues: readonly Issue[],
  root: unknown,
  find: Find,
): Map<string, Sequence> {
  const found = new Map<string, Sequence>();
  for (const issue of issues) {
    issue.path.forEach((key, i) => {
      if (typeof key !== "number") return;
      const at = issue.path.slice(0, i);
      const node = find(at);
      const value = inputAt(root, at);
      if (!node?.meta.tuple || node.meta.minItems === undefined || !Array.isArray(value)) return;
      const id = JSON.stringify(locOf(at));
      const sequence = found.get(id) ?? {
        loc: locOf(at),
        minItems: node.meta.minItems,
        length: value.length,
        failed: new Set(),
      };
      sequence.failed.add(key);
      found.set(id, sequence);
    });
  }
  return found;
}

function startsWith(loc: Loc, prefix: Loc): boolean {
  return prefix.length <= loc.length && prefix.every((key, i) => loc[i] === key);
}

function withShortSequences(
  errors: ValidationError[],
  sequences: Map<string, Sequence>,
  root: unknown,
): ValidationError[] {
  const result = [...errors];
  for (const sequence of sequences.values()) {
    const valid = sequence.length - sequence.failed.size;
    if (valid >= sequence.minItems) continue;
    const body = sequenceSize("Tuple", false, sequence.minItems, valid);
    const last = result.findLastIndex((e) => startsWith(e.loc, sequence.loc));
    result.splice(last + 1, 0, error(body, sequence.loc, inputAt(root, sequence.loc)));
  }
  return result;
}

/**
 * Turns zod's issues into the original's validation errors (`{type, loc, msg, input?, ctx?}`),
 * as Pydantic's lax mode reports them for the same input: the same codes, locations, words and
 * context (the rules: docs/adr/0031-validation-parity.md). `root` is the input that was parsed;
 * `schema`, the schema that parsed it, tells tuples from lists, models from dictionaries and a
 * lax integer's parsing error from its type error. Without it, the codes are zod's nearest.
 */
export function toValidationErrors(
  error: z.ZodError,
  root: unknown,
  schema?: z.core.$ZodType,
): ValidationError[] {
  const find: Find = (path) => (schema === undefined ? undefined : nodeAt(schema, root, path));
  const converted = withoutAfterthoughts(error.issues).flatMap((i) => convert(i, root, find));
  // One reason per field: a lax scalar that cannot convert fails every check zod ran on it.
  const seen = new Set<string>();
  const errors = converted.filter((e) => {
    const id = JSON.stringify([e.type, e.loc]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return withShortSequences(errors, shortSequences(error.issues, root, find), root);
}
