// The quick look before the exact limits walk may only ever say "within": when it does, the
// input's JSON, nesting and text are within the limits by an independent count. If it were
// wrong once, an input over a limit would be let through.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limitProblem } from "../../src/model/limits.ts";
import { surelyWithin } from "../../src/model/limits-bound.ts";

// Any strings: escapes, U+0000 and lone surrogates included.
const anyText = fc.string({ unit: "binary", maxLength: 10 });
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    anyText,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 6 }),
    fc.dictionary(anyText, tie("value"), { maxKeys: 6 }),
  ),
})).value;

// ES2024's string methods, which the library's target does not type (Node 20 has them).
type Es2024Text = { isWellFormed(): boolean; toWellFormed(): string };
const es2024 = (text: string) => text as unknown as Es2024Text;
// The UTF-8 bytes of its JSON, escapes left out (as the limit counts them): at most this.
const utf8 = (text: string) => new TextEncoder().encode(es2024(text).toWellFormed()).length;
function bytesOf(value: unknown): number {
  if (typeof value === "string") return utf8(value) + 2;
  if (Array.isArray(value))
    return 2 + Math.max(0, value.length - 1) + value.reduce((n, v) => n + bytesOf(v), 0);
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    return (
      2 +
      Math.max(0, entries.length - 1) +
      entries.reduce((n, [k, v]) => n + utf8(k) + 3 + bytesOf(v), 0)
    );
  }
  return JSON.stringify(value).length;
}
const depthOf = (value: unknown): number =>
  typeof value === "object" && value !== null
    ? 1 + Math.max(0, ...Object.values(value).map(depthOf))
    : 0;
const storable = (text: string) => !text.includes("\u0000") && es2024(text).isWellFormed();
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    (Array.isArray(value) ? [] : [k]).concat(textsOf(v)),
  );
}

describe("the quick look at the limits", () => {
  it("says within only of inputs within every limit, counted independently", () => {
    fc.assert(
      fc.property(
        json,
        fc.nat(600),
        fc.integer({ min: 1, max: 8 }),
        (value, maxBytes, maxDepth) => {
          const input = { data: value };
          const limits = { maxBytes, maxDepth };
          if (!surelyWithin(input, limits)) return;
          expect(bytesOf(input)).toBeLessThanOrEqual(maxBytes);
          expect(depthOf(input)).toBeLessThanOrEqual(maxDepth);
          expect(textsOf(input).every(storable)).toBe(true);
          expect(limitProblem(input, limits)).toBeNull();
        },
      ),
      { numRuns: 5_000, seed: 20261204 },
    );
  });

  it("says within of most small inputs under roomy limits", () => {
    const plain = {
      type: "create_artifact",
      data: { title: "Launch", items: [{ title: "a", done: true }] },
    };
    expect(surelyWithin(plain, { maxBytes: 4 * 1024 * 1024, maxDepth: 64 })).toBe(true);
    expect(surelyWithin(plain, { maxBytes: 4 * 1024 * 1024, maxDepth: 3 })).toBe(false);
    expect(surelyWithin({ ...plain, bad: "\u0000" }, { maxBytes: 4096, maxDepth: 64 })).toBe(false);
  });
});
