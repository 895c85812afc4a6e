// Laws of the word merge (docs/spec.md P10) that hold for every input, under both line diffs: no
// change of either side is lost, the sides' roles do not matter, changes to different words
// merge, and where git's line merge is clean the word merge is that merge.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitLines } from "../../src/merge/lines.ts";
import { mergeJson } from "../../src/merge/merge-json.ts";
import { mergeText } from "../../src/merge/merge-text.ts";
import { mergeTextByWords } from "../../src/merge/merge-words.ts";
import type { DiffAlgorithm, TextMergeResult } from "../../src/merge/types.ts";
import { tokenize } from "../../src/merge/words.ts";

const ALGORITHMS: readonly DiffAlgorithm[] = ["histogram", "myers"];

/** What a side does to one word of base: keep it, delete it, replace it, or insert before it. */
type Edit = "keep" | "delete" | "replace" | "insert";
const editArb = fc.oneof(
  { weight: 9, arbitrary: fc.constant<Edit>("keep") },
  fc.constantFrom<Edit>("delete", "replace", "insert"),
);
const separatorArb = fc.constantFrom(" ", " ", " ", "\n", ", ", ". ", "  ");

/** A word and the separator after it (which goes and stays with it). */
type Piece = readonly [word: string, separator: string];

function join(pieces: readonly Piece[]): string {
  return pieces.map(([word, separator]) => word + separator).join("");
}

/** A side's pieces: base's edited, every new word unique and tagged with the side. */
function applyEdits(base: readonly Piece[], edits: readonly Edit[], side: string) {
  const pieces: Piece[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  base.forEach(([word, separator], i) => {
    const edit = edits[i] ?? "keep";
    const fresh = `${side}${i}`;
    if (edit === "insert") pieces.push([fresh, " "], [word, separator]);
    else if (edit === "replace") pieces.push([fresh, separator]);
    else if (edit === "keep") pieces.push([word, separator]);
    if (edit === "insert" || edit === "replace") added.push(fresh);
    if (edit === "delete" || edit === "replace") removed.push(word);
  });
  return { pieces, added, removed };
}

/** A base of unique words, and each side's edits of it. */
const uniqueCase = fc.integer({ min: 1, max: 24 }).chain((n) =>
  fc.record({
    base: fc
      .array(separatorArb, { minLength: n, maxLength: n })
      .map((separators) => separators.map((s, i): Piece => [`w${i}`, s])),
    ours: fc.array(editArb, { minLength: n, maxLength: n }),
    theirs: fc.array(editArb, { minLength: n, maxLength: n }),
  }),
);

/** A base whose words repeat (a few distinct ones), and each side's edits of it. */
const repeatedCase = fc.integer({ min: 1, max: 24 }).chain((n) =>
  fc.record({
    base: fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "a"), separatorArb), {
      minLength: n,
      maxLength: n,
    }),
    ours: fc.array(editArb, { minLength: n, maxLength: n }),
    theirs: fc.array(editArb, { minLength: n, maxLength: n }),
  }),
);

/** How many times each word is in a list of words. */
function counts(list: readonly string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const word of list) result.set(word, (result.get(word) ?? 0) + 1);
  return result;
}

function words(text: string): string[] {
  return tokenize(text).filter((token) => /^[a-z]\d+$/.test(token));
}

/** The conflicts of a result as ranges, ours and theirs swapped, to compare with the swapped merge. */
function swappedRanges(result: TextMergeResult) {
  if (result.kind === "clean") return [];
  return result.conflicts.map((c) => ({ base: c.base, ours: c.theirs, theirs: c.ours }));
}

function ranges(result: TextMergeResult) {
  if (result.kind === "clean") return [];
  return result.conflicts.map((c) => ({ base: c.base, ours: c.ours, theirs: c.theirs }));
}

/** Small texts: few distinct words and separators, so repeats, ties and touching changes abound. */
const pieceArb = fc
  .tuple(fc.constantFrom("a", "b", "c", "dd"), separatorArb)
  .map(([w, s]) => w + s);
const piecesArb = fc.array(pieceArb, { maxLength: 12 });
const spliceArb = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 2 }),
  insert: fc.array(pieceArb, { maxLength: 2 }),
});

/** Base, and two sides made by a few splices of its pieces each (sometimes unrelated texts). */
const smallCase = fc
  .record({
    base: piecesArb,
    ours: fc.oneof({ weight: 4, arbitrary: fc.array(spliceArb, { maxLength: 3 }) }, piecesArb),
    theirs: fc.oneof({ weight: 4, arbitrary: fc.array(spliceArb, { maxLength: 3 }) }, piecesArb),
  })
  .map(({ base, ours, theirs }) => {
    const side = (spec: typeof ours) => {
      if (spec.length > 0 && typeof spec[0] === "string") return (spec as string[]).join("");
      const result = [...base];
      for (const { at, remove, insert } of spec as {
        at: number;
        remove: number;
        insert: string[];
      }[]) {
        result.splice(at % (result.length + 1), remove, ...insert);
      }
      return result.join("");
    };
    return { base: base.join(""), ours: side(ours), theirs: side(theirs) };
  });

describe.each(ALGORITHMS)("mergeTextByWords laws (%s)", (algorithm) => {
  const merge = (base: string, ours: string, theirs: string) =>
    mergeTextByWords(base, ours, theirs, { algorithm });

  it("never loses a change: a clean result has every added word and no removed one", () => {
    fc.assert(
      fc.property(uniqueCase, ({ base, ours, theirs }) => {
        const o = applyEdits(base, ours, "o");
        const t = applyEdits(base, theirs, "t");
        const result = merge(join(base), join(o.pieces), join(t.pieces));
        const removed = new Set([...o.removed, ...t.removed]);
        const kept = base.map(([word]) => word).filter((w) => !removed.has(w));
        const present = words(result.text);
        for (const word of [...o.added, ...t.added, ...kept]) expect(present).toContain(word);
        if (result.kind !== "clean") return;
        for (const word of removed) expect(present).not.toContain(word);
        expect(new Set(present).size).toBe(present.length);
      }),
      { numRuns: 600 },
    );
  });

  it("never loses a change when words repeat, whichever side is ours", () => {
    // Which of several equal words a side removed is the diff's reading, so removals are
    // counted: each side's removals of a word are gone, and no more than both sides' together.
    fc.assert(
      fc.property(repeatedCase, ({ base, ours, theirs }) => {
        const o = applyEdits(base, ours, "o");
        const t = applyEdits(base, theirs, "t");
        for (const [x, y] of [
          [o, t],
          [t, o],
        ] as const) {
          const result = merge(join(base), join(x.pieces), join(y.pieces));
          const present = tokenize(result.text);
          const added = [...x.added, ...y.added];
          for (const word of added) expect(present).toContain(word);
          if (result.kind !== "clean") continue;
          const found = counts(present);
          for (const word of added) expect(found.get(word)).toBe(1);
          const [had, xRemoved, yRemoved] = [base.map(([w]) => w), x.removed, y.removed].map(
            counts,
          );
          for (const [word, n] of had ?? []) {
            const removedX = xRemoved?.get(word) ?? 0;
            const removedY = yRemoved?.get(word) ?? 0;
            expect(found.get(word) ?? 0).toBeLessThanOrEqual(n - Math.max(removedX, removedY));
            expect(found.get(word) ?? 0).toBeGreaterThanOrEqual(n - removedX - removedY);
          }
        }
      }),
      { numRuns: 600, seed: 14 },
    );
  });

  it("conflicts or not, by words, whether or not a one-line text ends with a line break", () => {
    const oneLine = smallCase.map((texts) => ({
      base: texts.base.replaceAll("\n", " "),
      ours: texts.ours.replaceAll("\n", " "),
      theirs: texts.theirs.replaceAll("\n", " "),
    }));
    fc.assert(
      fc.property(oneLine, ({ base, ours, theirs }) => {
        const field = (text: string) => ({ text });
        const bare = mergeJson(field(base), field(ours), field(theirs), { algorithm, words: true });
        const ended = mergeJson(field(`${base}\n`), field(`${ours}\n`), field(`${theirs}\n`), {
          algorithm,
          words: true,
        });
        expect(bare.kind).toBe(ended.kind);
        const text = (value: unknown) => (value as { text: string } | undefined)?.text;
        if (bare.kind === "clean") expect(text(ended.value)).toBe(`${text(bare.value)}\n`);
        else expect(bare.conflicts.map((c) => c.reason)).toEqual(["text"]);
      }),
      { numRuns: 1000, seed: 14 },
    );
  });

  it("keeps both sides' changes to different words of one paragraph", () => {
    const paragraph = fc.integer({ min: 2, max: 30 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        i: fc.nat({ max: n - 1 }),
        j: fc.nat({ max: n - 1 }),
        lineBreaks: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(paragraph, ({ n, i, j, lineBreaks }) => {
        fc.pre(i !== j);
        const base = Array.from({ length: n }, (_, k) => `w${k}`);
        const text = (ws: readonly string[]) => `${ws.join(lineBreaks ? "\n" : " ")}.\n`;
        const ours = base.map((w, k) => (k === i ? "ours" : w));
        const theirs = base.map((w, k) => (k === j ? "theirs" : w));
        const both = base.map((w, k) => (k === i ? "ours" : k === j ? "theirs" : w));
        expect(merge(text(base), text(ours), text(theirs))).toEqual({
          kind: "clean",
          text: text(both),
        });
      }),
      { numRuns: 300 },
    );
  });

  it("still conflicts where one word was changed two ways", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(), (n, at) => {
        const i = at % n;
        const base = Array.from({ length: n }, (_, k) => `w${k}`);
        const text = (ws: readonly string[]) => `${ws.join(" ")}\n`;
        const result = merge(
          text(base),
          text(base.map((w, k) => (k === i ? "ours" : w))),
          text(base.map((w, k) => (k === i ? "theirs" : w))),
        );
        expect(result.kind).toBe("conflict");
      }),
      { numRuns: 200 },
    );
  });

  it("gives the same verdict, text and conflicts when the sides swap roles", () => {
    fc.assert(
      fc.property(smallCase, ({ base, ours, theirs }) => {
        const forward = merge(base, ours, theirs);
        const backward = merge(base, theirs, ours);
        expect(backward.kind).toBe(forward.kind);
        if (forward.kind === "clean") expect(backward.text).toBe(forward.text);
        expect(ranges(backward)).toEqual(swappedRanges(forward));
      }),
      { numRuns: 1000 },
    );
  });

  it("is mergeText wherever mergeText is clean, and conflicts no more often", () => {
    fc.assert(
      fc.property(smallCase, ({ base, ours, theirs }) => {
        const lines = mergeText(base, ours, theirs, { algorithm });
        const byWords = merge(base, ours, theirs);
        if (lines.kind === "clean") expect(byWords).toEqual(lines);
        else if (byWords.kind === "conflict") {
          expect(byWords.conflicts.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("reports conflicts as whole lines of the inputs, with markers where it says", () => {
    fc.assert(
      fc.property(smallCase, ({ base, ours, theirs }) => {
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
      { numRuns: 1000 },
    );
  });

  it("takes the other side when one is the base, and a change both made once", () => {
    fc.assert(
      fc.property(smallCase, ({ base, ours: other }) => {
        expect(merge(base, base, other)).toEqual({ kind: "clean", text: other });
        expect(merge(base, other, base)).toEqual({ kind: "clean", text: other });
        expect(merge(base, other, other)).toEqual({ kind: "clean", text: other });
      }),
      { numRuns: 300 },
    );
  });
});
