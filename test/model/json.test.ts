import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseCommand } from "../../src/decide/parse.ts";
import { createWorkspace } from "../../src/entries/index.ts";
import { defineArtifactType } from "../../src/model/artifact-type.ts";
import { holds, JsonObjectSchema, JsonValueSchema } from "../../src/model/json.ts";
import { createRegistry } from "../../src/model/registry.ts";
import { toValidationErrors } from "../../src/model/validation-errors.ts";

const alice = { kind: "user", id: "alice" } as const;

class Point {
  x = 1;
}
const symbol = Symbol("s");

// Values inside artifact data that are not JSON, and the refusal each gets: pinned as they
// were when JSON values were parsed by `z.json()` alone.
// (`reported`: the error carries the value as its `input`, as one that looks like JSON does.)
const REFUSED: [string, unknown, reported: boolean][] = [
  ["NaN", Number.NaN, false],
  ["an infinite number in an array", [1, Number.POSITIVE_INFINITY], false],
  ["undefined in an array", [1, undefined], false],
  // biome-ignore lint/suspicious/noSparseArray: the hole is the point
  ["a hole in an array", [1, , 3], true],
  ["a function", () => 1, false],
  ["a Date", new Date(0), true],
  ["a class instance", new Point(), true],
  ["a bigint", 1n, false],
  ["NaN deep inside", { b: { c: [null, { d: Number.NaN }] } }, false],
  ["a symbol", symbol, false],
  ["a symbol key", { [symbol]: 1 }, true],
  ["a Map", new Map(), true],
];

const create = (data: unknown) => ({
  type: "create_artifact",
  artifact_id: "a1",
  kind: "note",
  data: { a: data },
});

describe("JSON values", () => {
  it.each(REFUSED)("refuses %s as it always did", (_, value, reported) => {
    const extra = reported ? { input: value } : {};
    expect(parseCommand(create(value), () => "id1")).toEqual({
      ok: false,
      rejection: {
        type: "validation_failed",
        message: "invalid command",
        errors: [{ type: "union_error", loc: ["data", "a"], msg: "Invalid input", ...extra }],
      },
    });
  });

  it("refuses a non-JSON patch value at the operation's value, as it always did", () => {
    const edit = (value: unknown) => ({
      type: "edit_artifact",
      artifact_id: "a1",
      base_version: 1,
      patch: { kind: "json_patch", ops: [{ op: "add", path: "/x", value }] },
    });
    const error = { type: "union_error", loc: ["patch", "ops", 0, "value"], msg: "Invalid input" };
    expect(parseCommand(edit(Number.NaN), () => "id1")).toMatchObject({
      rejection: { errors: [error] },
    });
    expect(parseCommand(edit(new Date(0)), () => "id1")).toMatchObject({
      rejection: { errors: [{ ...error, input: new Date(0) }] },
    });
  });

  it("drops an own __proto__ key and keeps the rest, as z.json() does", () => {
    const parsed = JsonValueSchema.parse(JSON.parse('{"a": 1, "__proto__": {"b": 2}}'));
    expect(Object.keys(parsed as object)).toEqual(["a"]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it("parses anything exactly as z.json() does: what it accepts, its output, its refusals", () => {
    const reference = z.json();
    const referenceObject = z.record(z.string(), z.json());
    const values = fc.oneof(
      fc.jsonValue(),
      fc.anything({
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withNullPrototype: true,
        withDate: true,
        withSparseArray: true,
        withBigInt: true,
        withObjectString: true,
        withTypedArray: true,
      }),
      fc.constantFrom(new Point(), () => 1, { [symbol]: 1 }, [undefined], -0, { a: -0 }),
    );
    fc.assert(
      fc.property(values, (value) => {
        for (const [ours, theirs] of [
          [JsonValueSchema, reference],
          [JsonObjectSchema, referenceObject],
        ] as const) {
          const a = ours.safeParse(value);
          const b = theirs.safeParse(value);
          expect(a.success).toBe(b.success);
          if (a.success && b.success) expect(a.data).toEqual(b.data);
          if (!a.success && !b.success) {
            expect(a.error.issues).toEqual(b.error.issues);
            expect(toValidationErrors(a.error, value, ours)).toEqual(
              toValidationErrors(b.error, value, theirs),
            );
          }
        }
      }),
      { numRuns: 2000, seed: 14 },
    );
  });

  it("copies what it parses: nothing in the output is the caller's", () => {
    const input = { a: { b: [1, { c: "d" }] } };
    const output = JsonValueSchema.parse(input) as typeof input;
    expect(output).toEqual(input);
    expect(output).not.toBe(input);
    expect(output.a).not.toBe(input.a);
    expect(output.a.b).not.toBe(input.a.b);
    expect(output.a.b[1]).not.toBe(input.a.b[1]);
    const record = JsonObjectSchema.parse(input) as typeof input;
    expect(record.a).not.toBe(input.a);
  });

  it("never freezes the caller's objects, and a later change to them changes nothing stored", async () => {
    const free = defineArtifactType({
      kind: "free",
      schema: JsonObjectSchema,
      writePolicy: "direct",
    });
    const ws = createWorkspace({ registry: createRegistry({ artifactTypes: [free] }) });
    const data = { text: "one", title: "t", extra: { list: [1, 2] } };
    const value = { nested: ["x"] };
    await ws.commit({ type: "create_artifact", artifact_id: "n1", kind: "free", data }, alice);
    const ops = [{ op: "add", path: "/extra/more", value }];
    const edit = { type: "edit_artifact", artifact_id: "n1", base_version: 1 } as const;
    await ws.commit({ ...edit, patch: { kind: "json_patch", ops } }, alice);
    for (const object of [data, data.extra, data.extra.list, value, value.nested, ops[0]]) {
      expect(Object.isFrozen(object)).toBe(false);
    }
    data.extra.list.push(3);
    value.nested.push("y");
    expect((await ws.artifact("n1"))?.data).toEqual({
      text: "one",
      title: "t",
      extra: { list: [1, 2], more: { nested: ["x"] } },
    });
  });

  it("gives the JSON Schema z.json() gives, wherever it is used", () => {
    const holding = (json: z.ZodType) =>
      z.object({
        a: json,
        b: z.record(z.string(), json),
        c: json.optional(),
        d: z.array(json),
        e: json.default(null),
      });
    for (const io of ["input", "output"] as const) {
      expect(z.toJSONSchema(JsonValueSchema, { io })).toEqual(z.toJSONSchema(z.json(), { io }));
      expect(z.toJSONSchema(holding(JsonValueSchema), { io })).toEqual(
        z.toJSONSchema(holding(z.json()), { io }),
      );
      expect(z.toJSONSchema(JsonObjectSchema, { io })).toEqual(
        z.toJSONSchema(z.record(z.string(), z.json()), { io }),
      );
    }
  });

  it("takes the fast path with this zod, and gives it up for z.json() where it would not hold", () => {
    // The fast path is in use: a custom schema, not z.json()'s union.
    expect(JsonValueSchema._zod.def.type).toBe("custom");
    expect(holds(JsonValueSchema)).toBe(true);
    expect(holds(JsonObjectSchema)).toBe(true);
    expect(holds(z.json())).toBe(true);
    // What a zod that stopped calling the fast path would leave: accepting anything, or not copying.
    expect(holds(z.custom())).toBe(false);
    expect(holds(z.any())).toBe(false);
    // One whose JSON Schema cannot be made (as with a zod whose internals moved) is given up too.
    const undescribable = z.json();
    undescribable._zod.processJSONSchema = () => {
      throw new Error("no JSON Schema");
    };
    expect(holds(undescribable)).toBe(false);
  });

  it("parses the same under zod's compiler, which leaves it to its own run", () => {
    const holder = z.object({ value: JsonValueSchema, data: JsonObjectSchema });
    const compiled = z.compile(holder);
    const bad = { value: { a: Number.NaN, f: () => 1 }, data: {} };
    expect(compiled.safeParse(bad).success).toBe(false);
    expect(compiled.safeParse(bad).error?.issues).toEqual(holder.safeParse(bad).error?.issues);
    const good = { value: { a: [1, { b: "c" }] }, data: { x: { y: null } } };
    const parsed = compiled.parse(good);
    expect(parsed).toEqual(good);
    expect(parsed.value).not.toBe(good.value);
    expect(parsed.data.x).not.toBe(good.data.x);
    const polluted = JSON.parse('{"value": {"__proto__": {"admin": true}, "a": 1}, "data": {}}');
    expect(Object.keys(compiled.parse(polluted).value as object)).toEqual(["a"]);
  });

  it("refuses to parse through a copy made by describe, meta or refine, rather than accept anything", () => {
    for (const copy of [
      JsonValueSchema.describe("a value"),
      JsonValueSchema.meta({ title: "value" }),
      JsonValueSchema.refine(() => true),
    ]) {
      expect(() => copy.safeParse({ a: Number.NaN })).toThrow();
    }
  });
});
