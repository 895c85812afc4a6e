import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseStrict, strictObject, strictSchema } from "../../src/tools/strict-schema.ts";
import { sdkProblems, validates } from "./sdk-checks.ts";

/**
 * Kinds' schemas of every shape a registry may hold: what a strict model sends for each (every
 * key present, `null` for what it leaves out), what zod then makes of it, and a value the
 * strict schema must refuse.
 */
const kinds: Record<
  string,
  { schema: z.ZodType; sent: unknown; parsed: unknown; refused: unknown }
> = {
  enums: {
    schema: z.strictObject({
      status: z.enum(["todo", "done"]),
      level: z.enum({ Low: "low", High: "high" }),
    }),
    sent: { status: "done", level: "high" },
    parsed: { status: "done", level: "high" },
    refused: { status: "doing", level: "high" },
  },
  literals: {
    schema: z.object({
      kind: z.literal("task"),
      version: z.literal(2),
      either: z.literal(["a", "b"]),
    }),
    sent: { kind: "task", version: 2, either: "b" },
    parsed: { kind: "task", version: 2, either: "b" },
    refused: { kind: "note", version: 2, either: "b" },
  },
  "nested objects": {
    schema: z.object({
      owner: z.object({
        name: z.string(),
        contact: z.strictObject({ email: z.email(), phone: z.string().optional() }),
      }),
    }),
    sent: { owner: { name: "Ada", contact: { email: "ada@example.com", phone: null } } },
    parsed: { owner: { name: "Ada", contact: { email: "ada@example.com" } } },
    refused: { owner: { name: "Ada", contact: { email: "ada@example.com" }, extra: 1 } },
  },
  arrays: {
    schema: z.object({
      tags: z.array(z.string()),
      steps: z.array(z.object({ text: z.string(), done: z.boolean().default(false) })),
    }),
    sent: { tags: ["a"], steps: [{ text: "s", done: null }] },
    parsed: { tags: ["a"], steps: [{ text: "s", done: false }] },
    refused: { tags: [1], steps: [] },
  },
  unions: {
    schema: z.object({ value: z.union([z.string(), z.number(), z.object({ n: z.number() })]) }),
    sent: { value: { n: 3 } },
    parsed: { value: { n: 3 } },
    refused: { value: true },
  },
  "discriminated unions": {
    schema: z.discriminatedUnion("shape", [
      z.object({ shape: z.literal("circle"), r: z.number() }),
      z.object({ shape: z.literal("square"), side: z.number(), label: z.string().optional() }),
    ]),
    sent: { shape: "square", side: 2, label: null },
    parsed: { shape: "square", side: 2 },
    refused: { shape: "circle", side: 2 },
  },
  tuples: {
    schema: z.object({
      point: z.tuple([z.number(), z.number()]),
      labelled: z.tuple([z.string()], z.number()),
    }),
    sent: { point: [1, 2], labelled: ["x", 3, 4] },
    parsed: { point: [1, 2], labelled: ["x", 3, 4] },
    refused: { point: [1, true], labelled: ["x"] },
  },
  "nullable and optional fields": {
    schema: z.object({
      due: z.string().nullable(),
      note: z.string().optional(),
      either: z.string().nullish(),
    }),
    // `note` may only be left out, `due` only be null; `either` takes null as sent.
    sent: { due: null, note: null, either: null },
    parsed: { due: null, either: null },
    refused: { due: 3, note: null, either: null },
  },
  defaults: {
    schema: z.object({
      status: z.enum(["todo", "done"]).default("todo"),
      tags: z.array(z.string()).default([]),
      due: z.string().nullable().default(null),
      count: z.number().int().default(0),
    }),
    sent: { status: null, tags: null, due: null, count: 2 },
    parsed: { status: "todo", tags: [], due: null, count: 2 },
    refused: { status: "todo", tags: [], due: null, count: "2" },
  },
};

describe("strictSchema", () => {
  for (const [name, { schema, sent, parsed, refused }] of Object.entries(kinds)) {
    it(`says ${name} strictly, as every SDK takes it, and reads back what a model sends`, async () => {
      const strict = strictSchema(schema);
      expect(strict).not.toBeNull();
      const input = strictObject({ data: strict ?? {} });
      expect(await sdkProblems(`create_${name.replace(/\W/g, "_")}`, input)).toEqual([]);
      expect(validates(input, { data: sent })).toBe(true);
      expect(validates(input, { data: refused })).not.toBe(true);
      const read = parseStrict(schema, sent);
      expect(read.success && read.data).toEqual(parsed);
    });
  }

  it("says a tuple as an array of its items' choices, its order in words", () => {
    expect(strictSchema(z.object({ point: z.tuple([z.number(), z.string()]) }))).toEqual({
      type: "object",
      properties: {
        point: {
          type: "array",
          description: "A tuple of exactly 2 items: each matches the item choice at its position.",
          items: { anyOf: [{ type: "number" }, { type: "string" }] },
        },
      },
      required: ["point"],
      additionalProperties: false,
    });
  });

  it("is null for what no strict schema can say: open records, free JSON, recursion", () => {
    const json: z.ZodType = z.lazy(() => z.union([z.string(), z.array(json)]));
    for (const schema of [
      z.object({ meta: z.record(z.string(), z.string()) }),
      z.looseObject({ a: z.string() }),
      z.object({ a: z.string() }).catchall(z.number()),
      z.object({ a: z.any() }),
      z.object({ a: z.unknown() }),
      z.object({ tree: json }),
      z.object({ never: z.never().optional() }),
    ]) {
      expect(
        strictSchema(schema),
        JSON.stringify(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })),
      ).toBeNull();
    }
  });
});

describe("parseStrict", () => {
  it("keeps a `__proto__` key a key, so a strict object refuses it rather than take a prototype", () => {
    const schema = z.strictObject({ a: z.string().optional() });
    const sent: unknown = JSON.parse('{"a": null, "__proto__": {"polluted": true}}');
    const read = parseStrict(schema, sent);
    expect(read.success).toBe(false);
    expect(read.error?.issues).toMatchObject([{ code: "unrecognized_keys", keys: ["__proto__"] }]);
  });

  it("reports the input in the issues of what it refuses, though it parses without first", () => {
    const schema = z.strictObject({ n: z.number(), s: z.string().nullable() });
    const read = parseStrict(schema, { n: "1", s: null });
    expect(read.success).toBe(false);
    expect(read.error?.issues.find((issue) => issue.path[0] === "n")).toMatchObject({
      input: "1",
    });
    expect(parseStrict(schema, { n: 1, s: null })).toMatchObject({
      success: true,
      data: { n: 1, s: null },
    });
  });
});
