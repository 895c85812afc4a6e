import { describe, expect, it } from "vitest";
import { accuracy } from "../../src/conformance/fixtures.ts";
import { parseActor, parseCommand, parseFact } from "../../src/decide/parse.ts";
import type { IdSource } from "../../src/model/ids.ts";
import type { JsonValue } from "../../src/model/json.ts";
import { toValidationErrors } from "../../src/model/validation-errors.ts";
import { PARITY_ROWS, type ParityRow } from "./validation-parity.table.ts";

// Ids the original would generate are fixed, so values compare.
const generated: IdSource = (prefix) => `${prefix}_generated`;

// A feedback value, validated by its type's schema as the feedback rule does.
function parseAccuracy(input: JsonValue) {
  const parsed = accuracy.schema.safeParse(input, { reportInput: true });
  if (parsed.success) return { ok: true as const, value: parsed.data };
  const errors = toValidationErrors(parsed.error, input, accuracy.schema);
  return { ok: false as const, rejection: { errors } };
}

function parse(row: ParityRow) {
  if (row.what === "command") return parseCommand(row.input, generated);
  if (row.what === "fact") return parseFact(row.input);
  if (row.what === "accuracy") return parseAccuracy(row.input);
  return parseActor(row.input);
}

// Every field the original dumps is ours too, with the same value (we have more fields).
function within(expected: JsonValue, actual: unknown): boolean {
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected)) {
    const object = actual as Record<string, unknown>;
    return (
      typeof actual === "object" &&
      actual !== null &&
      Object.entries(expected).every(([k, v]) => within(v, object[k]))
    );
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((v, i) => within(v, actual[i]))
    );
  }
  return expected === actual;
}

describe("the wire model validates as the original's lax mode does", () => {
  it.each(PARITY_ROWS.map((row) => [row.rule, row] as const))("%s", (_rule, row) => {
    const result = parse(row);
    if (row.value !== undefined) {
      expect(result.ok).toBe(true);
      expect(within(row.value, result.ok ? result.value : null)).toBe(true);
      return;
    }
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : (result.rejection as { errors: unknown[] }).errors;
    expect(errors).toMatchObject(row.errors ?? []);
  });
});
