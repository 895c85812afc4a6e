import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toValidationErrors } from "../../src/model/validation-errors.ts";
import { bool, float, int, pyEnum, tuple } from "../../src/parity/fields.ts";
import { laxBool, laxFloat, laxInt } from "../../src/parity/lax.ts";
import { named } from "../../src/parity/meta.ts";

// Artifact and feedback types written with the same constructors validate as the original's
// fixtures did (the `counter`, `helpfulness`, `accuracy` and `checklist` of its cases).
const Checklist = z.strictObject({
  title: z.string().default(""),
  items: z
    .record(z.string(), named("Item", z.object({ title: z.string(), done: bool().default(false) })))
    .default({}),
});
const Helpfulness = z.strictObject({
  rating: int({ ge: 1, le: 5 }),
  reason: z.string().nullable().default(null),
});
const Accuracy = z.strictObject({
  correct: bool(),
  verdict: pyEnum(["right", "wrong"]).default("right"),
  tone: z.enum(["formal", "casual"]).default("formal"),
  confidence: float({ ge: 0, le: 1 }).default(1.0),
});

function errorsOf(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input, { reportInput: true });
  return parsed.success ? parsed.data : toValidationErrors(parsed.error, input, schema);
}

describe("types built from the lax constructors", () => {
  it("convert what the original converted", () => {
    expect(errorsOf(Helpfulness, { rating: "3" })).toEqual({ rating: 3, reason: null });
    expect(errorsOf(Accuracy, { correct: "yes", confidence: "0.5" })).toMatchObject({
      correct: true,
      confidence: 0.5,
    });
    expect(errorsOf(Checklist, { items: { a: { title: "x", done: "true", extra: 1 } } })).toEqual({
      title: "",
      items: { a: { title: "x", done: true } },
    });
  });

  it("report the original's codes: enum, literal_error, float_parsing, model_type", () => {
    expect(
      errorsOf(Accuracy, { correct: 2, verdict: "RIGHT", tone: "x", confidence: "abc" }),
    ).toEqual([
      {
        type: "bool_parsing",
        loc: ["correct"],
        msg: "Input should be a valid boolean, unable to interpret input",
        input: 2,
      },
      {
        type: "enum",
        loc: ["verdict"],
        msg: "Input should be 'right' or 'wrong'",
        input: "RIGHT",
        ctx: { expected: "'right' or 'wrong'" },
      },
      {
        type: "literal_error",
        loc: ["tone"],
        msg: "Input should be 'formal' or 'casual'",
        input: "x",
        ctx: { expected: "'formal' or 'casual'" },
      },
      {
        type: "float_parsing",
        loc: ["confidence"],
        msg: "Input should be a valid number, unable to parse string as a number",
        input: "abc",
      },
    ]);
    expect(errorsOf(Checklist, { items: { a: 5 } })).toEqual([
      {
        type: "model_type",
        loc: ["items", "a"],
        msg: "Input should be a valid dictionary or instance of Item",
        input: 5,
        ctx: { class_name: "Item" },
      },
    ]);
    expect(errorsOf(Helpfulness, { rating: "9" })).toEqual([
      {
        type: "less_than_equal",
        loc: ["rating"],
        msg: "Input should be less than or equal to 5",
        input: "9",
        ctx: { le: 5 },
      },
    ]);
  });

  it("keep their TypeScript input types exact", () => {
    const schema = z.object({ n: int(), b: bool(), f: float(), t: tuple(z.string()) });
    const typed: z.input<typeof schema> = { n: 1, b: true, f: 0.5, t: ["a"] };
    expect(schema.parse(typed)).toEqual(typed);
  });
});

// The scalar rules on their own, the ADR's table as data.
describe.each([
  [
    "int",
    laxInt,
    [
      [3, 3],
      [3.0, 3],
      ["3", 3],
      [" 3 ", 3],
      ["+3", 3],
      ["-3", -3],
      ["03", 3],
      ["3.00", 3],
      ["1_000", 1000],
      ["\u00853\u2028", 3],
      [true, 1],
      [false, 0],
    ],
    [
      [3.5, "int_from_float"],
      ["\ufeff3", "int_parsing"],
      ["\u001c3", "int_parsing"],
      ["3.5", "int_parsing"],
      ["3.", "int_parsing"],
      ["1e3", "int_parsing"],
      ["0x10", "int_parsing"],
      ["1__0", "int_parsing"],
      ["", "int_parsing"],
      ["true", "int_parsing"],
      [null, "int_type"],
      [[], "int_type"],
      [{}, "int_type"],
      [1e20, "int_parsing_size"],
    ],
  ],
  [
    "float",
    laxFloat,
    [
      [0.5, 0.5],
      [3, 3],
      ["0.5", 0.5],
      [" .5 ", 0.5],
      ["3.", 3],
      ["1e3", 1000],
      ["1_000", 1000],
      ["\u00850.5\u0085", 0.5],
      ["+_.5", 0.5],
      [true, 1],
      [false, 0],
    ],
    [
      ["abc", "float_parsing"],
      ["\ufeff0.5", "float_parsing"],
      [" 1_0", "float_parsing"],
      ["1__0", "float_parsing"],
      ["_1", "float_parsing"],
      ["1e400", "finite_number"],
      ["0x10", "float_parsing"],
      ["", "float_parsing"],
      ["inf", "finite_number"],
      ["nan", "finite_number"],
      [null, "float_type"],
      [[], "float_type"],
    ],
  ],
  [
    "bool",
    laxBool,
    [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      [1.0, true],
      [0.0, false],
      ["true", true],
      ["TRUE", true],
      ["False", false],
      ["yes", true],
      ["no", false],
      ["on", true],
      ["off", false],
      ["t", true],
      ["f", false],
      ["y", true],
      ["n", false],
      ["1", true],
      ["0", false],
    ],
    [
      [2, "bool_parsing"],
      [-1, "bool_parsing"],
      ["2", "bool_parsing"],
      [" true", "bool_parsing"],
      ["", "bool_parsing"],
      ["none", "bool_parsing"],
      [0.5, "bool_type"],
      [1e20, "bool_type"],
      [null, "bool_type"],
      [[], "bool_type"],
    ],
  ],
] as const)("the lax %s", (_name, lax, accepted, refused) => {
  it.each(accepted.map(([input, value]) => [JSON.stringify(input), input, value] as const))(
    "accepts %s",
    (_label, input, value) => {
      expect(lax(input)).toEqual({ ok: true, value });
    },
  );
  it.each(refused.map(([input, type]) => [JSON.stringify(input), input, type] as const))(
    "refuses %s",
    (_label, input, type) => {
      expect(lax(input)).toMatchObject({ ok: false, type });
    },
  );
});

describe("the lax float against its bounds", () => {
  const bounds = { ge: 0, le: 1 };
  it.each([
    ["inf", "less_than_equal", { le: 1 }],
    ["1e400", "less_than_equal", { le: 1 }],
    [Number.POSITIVE_INFINITY, "less_than_equal", { le: 1 }],
    ["-inf", "greater_than_equal", { ge: 0 }],
    ["-1e400", "greater_than_equal", { ge: 0 }],
    ["nan", "less_than_equal", { le: 1 }],
  ] as const)("an infinite or NaN %s fails its first bound", (input, type, ctx) => {
    expect(laxFloat(input, bounds)).toMatchObject({ ok: false, type, ctx });
  });

  it("fails the bounds in pydantic-core's order: le, lt, ge, gt", () => {
    expect(laxFloat("nan", { gt: 0, ge: 0 })).toMatchObject({ type: "greater_than_equal" });
    expect(laxFloat("nan", { gt: 0, lt: 1 })).toMatchObject({ type: "less_than" });
    expect(laxFloat("nan", { gt: 0 })).toMatchObject({ type: "greater_than", ctx: { gt: 0 } });
  });

  it("is finite_number when no bound fails, as JSON cannot hold it", () => {
    expect(laxFloat("inf", { ge: 0 })).toMatchObject({ ok: false, type: "finite_number" });
  });
});
