// Laws of the three-way merge that hold for every input, under both line diffs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeSequences } from "../../src/merge/diff3.ts";
import { splitLines } from "../../src/merge/lines.ts";
import { mergeText } from "../../src/merge/merge-text.ts";
import type { DiffAlgorithm, MergeRegion } from "../../src/merge/types.ts";

const ALGORITHMS: readonly DiffAlgorithm[] = ["myers", "histogram"];

/** Lines from a small alphabet (repeats and ties), LF or CRLF, sometimes no final newline. */
const lineArb = fc
  .tuple(fc.constantFrom("a", "b", "c", "d", "e"), fc.constantFrom("\n", "\n", "\r\n"))
  .map(([word, eol]) => word + eol);
const linesArb = fc.array(lineArb, { maxLength: 16 });
const textArb = fc
  .tuple(linesArb, fc.boolean())
  .map(([ls, cut]) => (cut ? ls.join("").replace(/\n$/, "") : ls.join("")));

/** Counts each distinct line. */
function counts(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of splitLines(text)) result.set(line, (result.get(line) ?? 0) + 1);
  return result;
}

function flatten<T>(regions: readonly MergeRegion<T>[]): T[] | undefined {
  const items: T[] = [];
  for (const region of regions) {
    if (region.kind === "conflict") return undefined;
    items.push(...region.items);
  }
  return items;
}

describe.each(ALGORITHMS)("mergeText laws (%s)", (algorithm) => {
  const merge = (base: string, ours: string, theirs: string) =>
    mergeText(base, ours, theirs, { algorithm });

  it("takes theirs when ours is the base, and ours when theirs is", () => {
    fc.assert(
      fc.property(textArb, textArb, (base, other) => {
        expect(merge(base, base, other)).toEqual({ kind: "clean", text: other });
        expect(merge(base, other, base)).toEqual({ kind: "clean", text: other });
      }),
      { numRuns: 300 },
    );
  });

  it("takes the same change made by both sides cleanly", () => {
    fc.assert(
      fc.property(textArb, textArb, (base, both) => {
        expect(merge(base, both, both)).toEqual({ kind: "clean", text: both });
      }),
      { numRuns: 300 },
    );
  });

  it("keeps both sides' edits when an untouched line separates them", () => {
    // The separator occurs nowhere else, so every diff matches it.
    const separator = "=== separator ===\n";
    fc.assert(
      fc.property(linesArb, linesArb, linesArb, linesArb, (before, after, ours, theirs) => {
        const base = [...before, separator, ...after].join("");
        const oursText = [...ours, separator, ...after].join("");
        const theirsText = [...before, separator, ...theirs].join("");
        expect(merge(base, oursText, theirsText)).toEqual({
          kind: "clean",
          text: [...ours, separator, ...theirs].join(""),
        });
      }),
      { numRuns: 300 },
    );
  });

  it("neither drops nor duplicates lines in a clean merge", () => {
    // Per line: result = ours + theirs - base, less what both sides added (or plus what both
    // removed) in the same change; so max(ours, theirs) - base <= result <= ours + theirs.
    fc.assert(
      fc.property(textArb, textArb, textArb, (base, ours, theirs) => {
        const result = merge(base, ours, theirs);
        if (result.kind !== "clean") return;
        const [b, o, t, r] = [counts(base), counts(ours), counts(theirs), counts(result.text)];
        for (const line of new Set([...b.keys(), ...o.keys(), ...t.keys(), ...r.keys()])) {
          const [cb, co, ct, cr] = [b, o, t, r].map((m) => m.get(line) ?? 0) as [
            number,
            number,
            number,
            number,
          ];
          expect(cr).toBeLessThanOrEqual(co + ct);
          expect(cr).toBeGreaterThanOrEqual(Math.max(co, ct) - cb);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("reports conflicts whose ranges and lines are those of the inputs and of the text", () => {
    fc.assert(
      fc.property(textArb, textArb, textArb, (base, ours, theirs) => {
        const result = merge(base, ours, theirs);
        if (result.kind !== "conflict") return;
        const versions = {
          base: splitLines(base),
          ours: splitLines(ours),
          theirs: splitLines(theirs),
        };
        const merged = splitLines(result.text);
        let previous = { base: 0, ours: 0, theirs: 0, merged: 0 };
        for (const c of result.conflicts) {
          for (const side of ["base", "ours", "theirs"] as const) {
            expect(c[side].lines).toEqual(versions[side].slice(c[side].start, c[side].end));
            expect(c[side].start).toBeGreaterThanOrEqual(previous[side]);
          }
          expect(c.merged.start).toBeGreaterThanOrEqual(previous.merged);
          expect(merged[c.merged.start]).toMatch(/^<<<<<<< current\r?\n$/);
          expect(merged[c.merged.end - 1]).toMatch(/^>>>>>>> proposed\r?\n$/);
          previous = {
            base: c.base.end,
            ours: c.ours.end,
            theirs: c.theirs.end,
            merged: c.merged.end,
          };
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe.each(ALGORITHMS)("mergeSequences laws (%s)", (algorithm) => {
  const keyArb = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 14 });
  const merge = (base: string[], ours: string[], theirs: string[]) =>
    mergeSequences(base, ours, theirs, { key: (item) => item, algorithm });

  it("takes theirs when ours is the base, ours when theirs is, and a shared change once", () => {
    fc.assert(
      fc.property(keyArb, keyArb, (base, other) => {
        expect(flatten(merge(base, base, other))).toEqual(other);
        expect(flatten(merge(base, other, base))).toEqual(other);
        expect(flatten(merge(base, other, other))).toEqual(other);
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with mergeText on the same lines", () => {
    fc.assert(
      fc.property(keyArb, keyArb, keyArb, (base, ours, theirs) => {
        const regions = merge(base, ours, theirs);
        const lines = (keys: string[]) => keys.map((k) => `${k}\n`).join("");
        const text = mergeText(lines(base), lines(ours), lines(theirs), { algorithm });
        const conflicts = regions.filter((r) => r.kind === "conflict");
        if (text.kind === "clean") {
          expect(conflicts).toEqual([]);
          expect(lines(flatten(regions) ?? [])).toBe(text.text);
        } else {
          const ranges = (c: (typeof conflicts)[number]) =>
            [c.base, c.ours, c.theirs].map(({ start, end }) => [start, end]);
          expect(conflicts.map(ranges)).toEqual(
            text.conflicts.map((c) =>
              [c.base, c.ours, c.theirs].map(({ start, end }) => [start, end]),
            ),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the elements themselves, compared by key", () => {
    const base = [
      { id: "a", v: 0 },
      { id: "b", v: 0 },
    ];
    const ours = [
      { id: "a", v: 1 },
      { id: "b", v: 1 },
      { id: "c", v: 1 },
    ];
    const theirs = [
      { id: "z", v: 2 },
      { id: "a", v: 2 },
      { id: "b", v: 2 },
    ];
    const regions = mergeSequences(base, ours, theirs, { key: (item) => item.id, algorithm });
    expect(regions).toEqual([{ kind: "stable", items: [theirs[0], ours[0], ours[1], ours[2]] }]);
  });
});
