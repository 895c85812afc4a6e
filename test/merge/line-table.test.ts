// The hash table that numbers lines: equal lines, equal numbers, whatever the hashes do.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { internMerge } from "../../src/merge/intern-merge.ts";
import { LineTable } from "../../src/merge/line-table.ts";
import { internSequences, splitLines } from "../../src/merge/lines.ts";

describe("LineTable", () => {
  it("numbers lines of several texts by content, in order of first sight", () => {
    const texts = ["a\nb\na\n", "b\nc\n"];
    const table = new LineTable(texts, 1);
    const ids = [
      table.idOf(0, 0, 2),
      table.idOf(0, 2, 4),
      table.idOf(0, 4, 6),
      table.idOf(1, 0, 2),
      table.idOf(1, 2, 4),
    ];
    expect(ids).toEqual([0, 1, 0, 1, 2]);
    expect(table.size).toBe(3);
  });

  it("keeps lines apart that differ in one character, past many regrowths", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `row ${i}\n`).join("");
    const table = new LineTable([text], 1);
    const starts = splitLines(text).reduce<number[]>((acc, line) => {
      acc.push((acc.at(-1) ?? 0) + line.length);
      return acc;
    }, []);
    const ids = starts.map((end, i) => table.idOf(0, i === 0 ? 0 : (starts[i - 1] as number), end));
    expect(new Set(ids).size).toBe(5000);
    expect(table.idOf(0, 0, 6)).toBe(0);
  });
});

describe("internMerge", () => {
  const line = fc.constantFrom("a\n", "b\n", "c\r\n", "", "a", "long line of text\n", "\n");
  const text = fc.array(line, { maxLength: 30 }).map((ls) => ls.join(""));

  it("gives the numbers internSequences gives the split lines", () => {
    fc.assert(
      fc.property(text, text, text, (base, ours, theirs) => {
        const merged = internMerge(base, ours, theirs);
        const expected = internSequences([base, ours, theirs].map(splitLines));
        expect([...merged.base.ids]).toEqual(expected[0]);
        expect([...merged.ours.ids]).toEqual(expected[1]);
        expect([...merged.theirs.ids]).toEqual(expected[2]);
        expect(merged.ours.lines.slice(0, merged.ours.lines.count)).toEqual(splitLines(ours));
      }),
      { numRuns: 500 },
    );
  });
});
