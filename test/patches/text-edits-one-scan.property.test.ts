import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TextEdits } from "../../src/model/patches.ts";
import { applyTextEdits } from "../../src/patches/text-edits.ts";
import { applyTextEditsByFold } from "./text-edits-oracle.ts";

// A tiny alphabet makes anchors collide, overlap, straddle earlier edits and go missing.
const unit = fc.constantFrom("a", "b", "ab", "\n", "é", "\u{1F600}");
const small = (max: number) => fc.array(unit, { maxLength: max }).map((parts) => parts.join(""));

// Anchors mostly cut from the text itself, so most edits land and later ones see earlier ones.
const patchFor = (text: string) => {
  const cut = fc
    .tuple(fc.nat(text.length), fc.integer({ min: 1, max: 6 }))
    .map(([at, length]) => text.slice(at, at + length));
  const old = fc.oneof(
    { weight: 5, arbitrary: cut },
    { weight: 2, arbitrary: small(3) },
    { weight: 1, arbitrary: fc.constant("") },
  );
  return fc
    .array(fc.record({ old, new: small(3) }), { minLength: 1, maxLength: 8 })
    .map((edits): TextEdits => ({ kind: "text_edits", field: "text", edits }));
};

describe("text_edits in one scan", () => {
  it("answers as the edit-by-edit fold does, rejections and messages included", () => {
    const cases = small(24).chain((text) => fc.tuple(fc.constant(text), patchFor(text)));
    fc.assert(
      fc.property(cases, ([text, patch]) => {
        const data = { text, other: 1 };
        expect(applyTextEdits(data, patch)).toEqual(applyTextEditsByFold(data, patch));
      }),
      { numRuns: 5000 },
    );
  });

  it("answers as the fold does on long texts with edits that chain into each other", () => {
    const words = fc.array(fc.constantFrom("alpha", "beta", "gamma", "\n", " "), {
      minLength: 50,
      maxLength: 300,
    });
    const cases = words.chain((parts) => {
      const text = parts.join("");
      return fc.tuple(fc.constant(text), patchFor(text));
    });
    fc.assert(
      fc.property(cases, ([text, patch]) => {
        expect(applyTextEdits({ text }, patch)).toEqual(applyTextEditsByFold({ text }, patch));
      }),
      { numRuns: 1000 },
    );
  });

  it("lands a thousand scattered edits as the fold does", () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i} of the note`);
    const text = lines.join("\n");
    const edits = Array.from({ length: 1000 }, (_, i) => ({
      old: `line ${i * 5} of`,
      new: `row ${i * 5} in`,
    }));
    const patch: TextEdits = { kind: "text_edits", field: "text", edits };
    expect(applyTextEdits({ text }, patch)).toEqual(applyTextEditsByFold({ text }, patch));
  });
});
