// The word merge on examples: what merges now that git's line merge would not, what still
// conflicts, and how what still conflicts is reported.
import { describe, expect, it } from "vitest";
import { mergeJson } from "../../src/merge/merge-json.ts";
import { mergeText } from "../../src/merge/merge-text.ts";
import { mergeTextByWords } from "../../src/merge/merge-words.ts";

const clean = (text: string) => ({ kind: "clean", text });

describe("mergeTextByWords", () => {
  it("merges changes to different words of one line", () => {
    const base = "Ship v1 on Friday. Tests pass.\n";
    const ours = "Ship v2 on Friday. Tests pass.\n";
    const theirs = "Ship v1 on Monday. Tests pass.\n";
    expect(mergeText(base, ours, theirs).kind).toBe("conflict");
    expect(mergeTextByWords(base, ours, theirs)).toEqual(clean("Ship v2 on Monday. Tests pass.\n"));
  });

  it("merges changes to adjacent lines, a deleted line next to a changed one included", () => {
    expect(mergeTextByWords("a\nb\nc\n", "a\nB\nc\n", "a\nb\nC\n")).toEqual(clean("a\nB\nC\n"));
    expect(mergeTextByWords("a\nb\nc\n", "a\nc\n", "a\nb\nC\n")).toEqual(clean("a\nC\n"));
    expect(mergeTextByWords("a\nb\n", "a\nnew\nb\n", "a\nB\n")).toEqual(clean("a\nnew\nB\n"));
  });

  it("still conflicts where the same word was changed two ways, with each side's line", () => {
    const result = mergeTextByWords("On Friday.\n", "On Saturday.\n", "On Monday.\n");
    expect(result).toEqual({
      kind: "conflict",
      text: "<<<<<<< current\nOn Saturday.\n||||||| base\nOn Friday.\n=======\nOn Monday.\n>>>>>>> proposed\n",
      conflicts: [
        {
          merged: { start: 0, end: 7 },
          base: { start: 0, end: 1, lines: ["On Friday.\n"] },
          ours: { start: 0, end: 1, lines: ["On Saturday.\n"] },
          theirs: { start: 0, end: 1, lines: ["On Monday.\n"] },
        },
      ],
    });
  });

  it("merges a deletion next to a change of the following word", () => {
    expect(mergeTextByWords("a very good plan\n", "a good plan\n", "a very bad plan\n")).toEqual(
      clean("a bad plan\n"),
    );
  });

  it("conflicts on two insertions at one place, and takes one made by both once", () => {
    expect(mergeTextByWords("a b\n", "a x b\n", "a y b\n").kind).toBe("conflict");
    expect(mergeTextByWords("a b\n", "a x b\nc\n", "a x b\n")).toEqual(clean("a x b\nc\n"));
  });

  it("conflicts where a removed line break meets a change to the line after it", () => {
    const result = mergeTextByWords("a\nb\nc\n", "a b\nc\n", "a\nB\nc\n");
    expect(result.kind).toBe("conflict");
  });

  it("merges punctuation and whitespace changes beside word changes", () => {
    expect(mergeTextByWords("Hello world\n", "Hello, world\n", "Hello world!\n")).toEqual(
      clean("Hello, world!\n"),
    );
    expect(mergeTextByWords("a b  c\n", "a b c\n", "A b  c\n")).toEqual(clean("A b c\n"));
    expect(mergeTextByWords("\tx = 1\n", "    x = 1\n", "\tx = 2\n")).toEqual(clean("    x = 2\n"));
  });

  it("merges words of other scripts, and Han characters one by one", () => {
    expect(
      mergeTextByWords("Grüße aus Köln\n", "Grüße aus Bonn\n", "Viele Grüße aus Köln\n"),
    ).toEqual(clean("Viele Grüße aus Bonn\n"));
    expect(mergeTextByWords("今天下雨\n", "明天下雨\n", "今天下雪\n")).toEqual(clean("明天下雪\n"));
  });

  it("reports only the lines that still conflict, with the rest merged around them", () => {
    const base = "Title\nOne two three.\nFour five six.\nSeven.\n";
    const ours = "Title!\nOne 2 three.\nFour five 6.\nSeven.\n";
    const theirs = "Title?\nOne two 3.\nFour five six.\nSeven!\n";
    const result = mergeTextByWords(base, ours, theirs);
    expect(result.kind).toBe("conflict");
    if (result.kind !== "conflict") return;
    expect(result.text).toBe(
      "<<<<<<< current\nTitle!\n||||||| base\nTitle\n=======\nTitle?\n>>>>>>> proposed\n" +
        "One 2 3.\nFour five 6.\nSeven!\n",
    );
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]?.base).toEqual({ start: 0, end: 1, lines: ["Title\n"] });
  });

  it("narrows a conflict inside a long line region to its own line", () => {
    const base = "a b\nc d\ne f\n";
    const ours = "A b\nc d!\nE f\n";
    const theirs = "a B\nc D\ne F\n";
    const result = mergeTextByWords(base, ours, theirs);
    // Line 2: ours added "!" after the word theirs changed: apart; lines 1 and 3 merge too.
    expect(result).toEqual(clean("A B\nc D!\nE F\n"));
    const clash = mergeTextByWords(base, "A b\nc x\nE f\n", "a B\nc y\ne F\n");
    expect(clash.kind).toBe("conflict");
    if (clash.kind !== "conflict") return;
    expect(clash.text).toBe(
      "A B\n<<<<<<< current\nc x\n||||||| base\nc d\n=======\nc y\n>>>>>>> proposed\nE F\n",
    );
    expect(clash.conflicts[0]).toEqual({
      merged: { start: 1, end: 8 },
      base: { start: 1, end: 2, lines: ["c d\n"] },
      ours: { start: 1, end: 2, lines: ["c x\n"] },
      theirs: { start: 1, end: 2, lines: ["c y\n"] },
    });
  });

  it("keeps CRLF lines and a last line without a newline as they are", () => {
    expect(mergeTextByWords("a b\r\nc d", "A b\r\nc d", "a b\r\nc D")).toEqual(clean("A b\r\nc D"));
  });

  it("answers the trivial merges without merging", () => {
    expect(mergeTextByWords("x\n", "x\n", "y\n")).toEqual(clean("y\n"));
    expect(mergeTextByWords("x\n", "y\n", "x\n")).toEqual(clean("y\n"));
    expect(mergeTextByWords("x\n", "y\n", "y\n")).toEqual(clean("y\n"));
  });
});

describe("mergeJson with words", () => {
  const base = { title: "Plan", text: "Ship v1 on Friday.\nOwner: Alice\n" };
  const ours = { title: "Plan", text: "Ship v2 on Friday.\nOwner: Alice\n" };
  const theirs = { title: "Plan", text: "Ship v1 on Monday.\nOwner: Alice\n" };

  it("merges a text field's conflicting lines word by word", () => {
    expect(mergeJson(base, ours, theirs, { words: true })).toEqual({
      kind: "clean",
      value: { title: "Plan", text: "Ship v2 on Monday.\nOwner: Alice\n" },
    });
  });

  it("merges line by line without it, as git does", () => {
    expect(mergeJson(base, ours, theirs).kind).toBe("conflict");
  });

  it("reports what still conflicts as a text conflict with its hunks", () => {
    const result = mergeJson(
      base,
      { ...base, text: "Ship v1 on Saturday.\nOwner: Bob\n" },
      { ...base, text: "Ship v1 on Monday.\nOwner: Alice\n" },
      { words: true },
    );
    expect(result.kind).toBe("conflict");
    const conflict = result.conflicts?.[0];
    expect(conflict?.reason).toBe("text");
    if (conflict?.reason !== "text") return;
    expect(conflict.hunks).toHaveLength(1);
    expect(conflict.hunks[0]?.ours.lines).toEqual(["Ship v1 on Saturday.\n"]);
    expect(conflict.merged).toContain("Owner: Bob\n");
  });

  it("merges a string without a line break by words too, as it would with one", () => {
    const sides = ["a cat and a hat", "a dog and a hat", "a cat and a bat"] as const;
    for (const end of ["", "\n"]) {
      const [b, o, t] = sides.map((text) => ({ text: text + end }));
      expect(mergeJson(b ?? {}, o ?? {}, t ?? {}, { words: true })).toEqual({
        kind: "clean",
        value: { text: `a dog and a bat${end}` },
      });
    }
  });

  it("reports the same word of a one-line string changed two ways as a text conflict", () => {
    const result = mergeJson(
      { title: "Launch" },
      { title: "Launch (beta)" },
      { title: "Launch (GA)" },
      { words: true },
    );
    expect(result.conflicts).toEqual([
      {
        reason: "text",
        path: "/title",
        base: "Launch",
        ours: "Launch (beta)",
        theirs: "Launch (GA)",
        merged:
          "<<<<<<< current\nLaunch (beta)\n||||||| base\nLaunch\n=======\nLaunch (GA)\n>>>>>>> proposed\n",
        hunks: [
          {
            merged: { start: 0, end: 7 },
            base: { start: 0, end: 1, lines: ["Launch"] },
            ours: { start: 0, end: 1, lines: ["Launch (beta)"] },
            theirs: { start: 0, end: 1, lines: ["Launch (GA)"] },
          },
        ],
      },
    ]);
  });

  it("leaves single-line strings to conflict whole without it", () => {
    const result = mergeJson({ t: "a b" }, { t: "A b" }, { t: "a B" });
    expect(result.conflicts?.[0]?.reason).toBe("both_changed");
  });
});
