// The pure laws of `hunksOf` and `applyHunks` (ADR 0048), over random texts and JSON objects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../src/model/json.ts";
import { applyHunks, hunksOf } from "../../src/proposals/hunks.ts";

// Few distinct lines, so texts share lines and differ in runs; a last line may lack its "\n".
const text = fc
  .tuple(
    fc.array(fc.constantFrom("a\n", "b\n", "c\n", "\n", "d\r\n"), { maxLength: 12 }),
    fc.constantFrom("", "e", "a"),
  )
  .map(([lines, last]) => lines.join("") + last);

const items = fc.uniqueArray(
  fc.record({ id: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom("1", "x")), t: text }),
  { selector: (item) => JSON.stringify(item.id), maxLength: 5 },
);

const { value } = fc.letrec<{ value: JsonValue; object: JsonObject }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer({ min: 0, max: 2 }),
    fc.constant(null),
    items,
    fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc.dictionary(fc.constantFrom("a", "b", "c", "__proto__"), tie("value"), {
    maxKeys: 3,
  }),
}));
const object = fc.dictionary(fc.constantFrom("text", "items", "x", "y"), value, { maxKeys: 4 });

// Two versions of a document that share much: the second mostly the first, partly redrawn.
const pair = fc
  .tuple(object, object, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))
  .map(([before, other, keep]) => {
    const after: JsonObject = {};
    for (const [i, key] of ["text", "items", "x", "y"].entries()) {
      const source = keep[i] ? before : other;
      if (Object.hasOwn(source, key)) after[key] = source[key] as JsonValue;
    }
    return { before, after };
  });

const subset = <T>(all: readonly T[], picks: readonly boolean[]): T[] =>
  all.filter((_, i) => picks[i % Math.max(picks.length, 1)] === true);

// Equal as JSON: the same values, arrays in the same order, object keys in any order (the
// library's `jsonEqual`); what a change of key order alone is, is no hunk.
const exactly = (value: JsonValue) => JSON.stringify(sortKeys(value));

describe("hunksOf and applyHunks", () => {
  it("applying every hunk gives `after`, and none `before`", () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        const ids = new Set(hunksOf(before, after).map((hunk) => hunk.id));
        expect(exactly(applyHunks(before, after, ids))).toBe(exactly(after));
        expect(exactly(applyHunks(before, after, new Set()))).toBe(exactly(before));
      }),
      { numRuns: 400 },
    );
  });

  it("finds no hunk exactly when nothing changed", () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        expect(hunksOf(before, after).length === 0).toBe(exactly(before) === exactly(after));
        expect(hunksOf(before, structuredClone(before))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("gives unique ids, and text hunks disjoint and in order on both sides", () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        const hunks = hunksOf(before, after);
        expect(new Set(hunks.map((hunk) => hunk.id)).size).toBe(hunks.length);
        for (const [i, hunk] of hunks.entries()) {
          const next = hunks[i + 1];
          if (hunk.kind !== "text" || next?.kind !== "text" || next.path !== hunk.path) continue;
          // At least one unchanged line between two hunks of one text, in both texts.
          expect(next.current.start).toBeGreaterThan(hunk.current.end);
          expect(next.result.start).toBeGreaterThan(hunk.result.end);
          expect(next.current.start - hunk.current.end).toBe(next.result.start - hunk.result.end);
        }
        for (const hunk of hunks) {
          if (hunk.kind !== "text") continue;
          expect(hunk.removed.length).toBe(hunk.current.end - hunk.current.start);
          expect(hunk.added.length).toBe(hunk.result.end - hunk.result.start);
          expect(hunk.removed.length + hunk.added.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("after some hunks, the hunks left are the rest with the same ids, and they finish the change", () => {
    fc.assert(
      fc.property(pair, fc.array(fc.boolean(), { maxLength: 8 }), ({ before, after }, picks) => {
        const all = hunksOf(before, after);
        const chosen = subset(all, picks);
        const middle = applyHunks(before, after, new Set(chosen.map((hunk) => hunk.id)));
        const rest = hunksOf(middle, after);
        const taken = new Set(chosen.map((hunk) => hunk.id));
        const finished = applyHunks(middle, after, new Set(rest.map((hunk) => hunk.id)));
        expect(exactly(finished)).toBe(exactly(after));
        // Where lines repeat, the diff of the text half done may be shorter than the hunks
        // left over (removing "a c a" and adding "c" can become removing two "a"s), so the
        // hunks left are the rest only where every line of each text is its own.
        if (!distinctLines(before) || !distinctLines(after)) return;
        // Identical hunks of one text are numbered; content alone is compared for those.
        expect(rest.map(content)).toEqual(all.filter((hunk) => !taken.has(hunk.id)).map(content));
        if (uniqueContent(all)) {
          expect(rest.map((hunk) => hunk.id)).toEqual(
            all.filter((hunk) => !taken.has(hunk.id)).map((hunk) => hunk.id),
          );
        }
      }),
      { numRuns: 400 },
    );
  });

  it("ignores ids that are not among the hunks", () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        expect(exactly(applyHunks(before, after, new Set(["hk_nope", ""])))).toBe(exactly(before));
      }),
      { numRuns: 100 },
    );
  });
});

// What a hunk says, without its id and without where it is (which moves as others land).
function content(hunk: ReturnType<typeof hunksOf>[number]): unknown {
  if (hunk.kind === "text") return [hunk.path, hunk.removed, hunk.added];
  return [hunk.path.replace(/\/\d+$/, "/#"), hunk.before, hunk.after];
}

// Whether no line repeats within any text field of the data.
function distinctLines(data: object): boolean {
  return Object.values(data).every((value) => {
    if (typeof value !== "string") return true;
    const lines = value.split("\n");
    return new Set(lines).size === lines.length;
  });
}

function uniqueContent(hunks: ReturnType<typeof hunksOf>): boolean {
  const keys = hunks.map((hunk) => JSON.stringify(content(hunk)));
  return new Set(keys).size === keys.length;
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key] as JsonValue)]),
  );
}
