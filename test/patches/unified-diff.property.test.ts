// Laws of the unified diff: jsdiff applies it to give the new text exactly, whatever the
// texts (repeated lines, CRLF, no final newline, empty); and where the edit script is the
// only shortest one (no line repeats within a text, shared lines in the same order), its
// bytes are those of the jsdiff-based diff it replaced, kept here as the peer.
import { applyPatch, structuredPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dataDiff } from "../../src/patches/data-diff.ts";
import { unifiedDiff } from "../../src/patches/unified-diff.ts";

/** The formatter the library used before: jsdiff's `structuredPatch`, 3 lines of context. */
function jsdiffUnified(
  field: string,
  labels: readonly [string, string],
  before: string,
  after: string,
): string {
  const patch = structuredPatch(
    `${labels[0]}/${field}`,
    `${labels[1]}/${field}`,
    before,
    after,
    "",
    "",
    { context: 3 },
  );
  const lines = [`--- ${patch.oldFileName}`, `+++ ${patch.newFileName}`];
  for (const hunk of patch.hunks) {
    lines.push(
      `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ...hunk.lines,
    );
  }
  return `${lines.join("\n")}\n`;
}

const LABELS = ["proposed", "landed"] as const;
const ending = fc.constantFrom("\n", "\n", "\n", "\r\n");

/** Lines from a small alphabet, so they repeat; each with its end of line, the last maybe without. */
const repetitiveText = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "", " d", "\te", "}"), ending), {
      maxLength: 40,
    }),
    fc.boolean(),
  )
  .map(([lines, cut]) => {
    const text = lines.map(([line, end]) => line + end).join("");
    return cut ? text.replace(/\r?\n$/, "") : text;
  });

/** A text and an edited copy of it (runs removed, inserted, replaced), so the two share much. */
const editedPair = fc
  .tuple(repetitiveText, fc.array(fc.tuple(fc.nat(), fc.nat(5), repetitiveText), { maxLength: 4 }))
  .map(([before, edits]): readonly [string, string] => {
    let after = before;
    for (const [at, remove, insert] of edits) {
      const lines = after.split(/(?<=\n)/).filter((l) => l !== "");
      const where = at % (lines.length + 1);
      lines.splice(where, remove, insert);
      after = lines.join("");
    }
    return [before, after];
  });

/**
 * Two texts of distinct lines whose shared lines come in the same order: numbered lines, each
 * kept, dropped or replaced by a new one on either side, so only one shortest script exists.
 */
const distinctPair = fc
  .tuple(
    fc.array(fc.tuple(fc.nat(4), fc.nat(4), ending), { maxLength: 60 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([plan, cutBefore, cutAfter]): readonly [string, string] => {
    const before: string[] = [];
    const after: string[] = [];
    plan.forEach(([inBefore, inAfter, end], i) => {
      // 0–1: the shared line; 2: absent; 3–4: a line of this side only.
      const line = (choice: number, side: string) =>
        choice <= 1 ? `line ${i}${end}` : choice === 2 ? undefined : `${side} ${i}${end}`;
      const b = line(inBefore, "old");
      const a = line(inAfter, "new");
      if (b !== undefined) before.push(b);
      if (a !== undefined) after.push(a);
    });
    const text = (lines: readonly string[], cut: boolean) => {
      const joined = lines.join("");
      return cut ? joined.replace(/\r?\n$/, "") : joined;
    };
    return [text(before, cutBefore), text(after, cutAfter)];
  });

/**
 * The diff as jsdiff's `applyPatch` reads it. The stored format numbers the empty side of a
 * diff from the empty text as `structuredPatch` does (`-1,0`); jsdiff's own patch writer, and
 * its reader, number it 0 (`-0,0`), and read `-1,0` as "after line 1".
 */
function forApply(before: string, patch: string): string {
  return before === "" ? patch.replace("\n@@ -1,0 ", "\n@@ -0,0 ") : patch;
}

describe("unifiedDiff", () => {
  it("applies with jsdiff to give the new text exactly", () => {
    fc.assert(
      fc.property(fc.oneof(editedPair, fc.tuple(repetitiveText, repetitiveText)), ([b, a]) => {
        const patch = forApply(b, unifiedDiff("text", LABELS, b, a));
        expect(applyPatch(b, patch, { autoConvertLineEndings: false })).toBe(a);
      }),
      { numRuns: 2000 },
    );
  });

  it("applies to and from the empty text", () => {
    for (const text of ["a\n", "a", "a\r\nb\r\n", "\n\n"]) {
      expect(applyPatch("", forApply("", unifiedDiff("text", LABELS, "", text)))).toBe(text);
      expect(applyPatch(text, unifiedDiff("text", LABELS, text, ""))).toBe("");
    }
  });

  it("is byte for byte the jsdiff-based diff where only one shortest script exists", () => {
    fc.assert(
      fc.property(distinctPair, ([b, a]) => {
        expect(unifiedDiff("text", LABELS, b, a)).toBe(jsdiffUnified("text", LABELS, b, a));
      }),
      { numRuns: 3000 },
    );
  });

  it("numbers an empty side as jsdiff does, and marks a missing final newline", () => {
    expect(unifiedDiff("body", ["v1", "v2"], "", "x\ny")).toBe(
      "--- v1/body\n+++ v2/body\n@@ -1,0 +1,2 @@\n+x\n+y\n\\ No newline at end of file\n",
    );
    expect(unifiedDiff("body", ["v1", "v2"], "x\n", "")).toBe(
      "--- v1/body\n+++ v2/body\n@@ -1,1 +1,0 @@\n-x\n",
    );
  });

  it("joins changes at most 6 unchanged lines apart into one hunk, and splits them at 7", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `l${i}\n`);
    const edit = (gap: number) => {
      const before = lines(gap + 8);
      const after = [...before];
      after[1] = "x\n";
      after[gap + 2] = "y\n";
      return unifiedDiff("t", LABELS, before.join(""), after.join("")).match(/^@@/gm)?.length;
    };
    expect(edit(6)).toBe(1);
    expect(edit(7)).toBe(2);
  });

  it("is what dataDiff gives for a text field", () => {
    const found = dataDiff({ text: "a\nb\nc\n" }, { text: "a\nB\nc\n" }, LABELS);
    expect(found?.text).toEqual([
      { field: "text", unified: unifiedDiff("text", LABELS, "a\nb\nc\n", "a\nB\nc\n") },
    ]);
  });
});
