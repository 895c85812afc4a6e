// Example merges in the spirit of git's own merge-file tests. Every expected text below was
// produced by `git merge-file -p --diff3 -L current -L base -L proposed ours base theirs`
// (git 2.39.5) on the same inputs, and hard-coded here; the differential test checks the same
// agreement on random inputs.
import { describe, expect, it } from "vitest";
import { mergeText } from "../../src/merge/merge-text.ts";
import type { TextMergeResult } from "../../src/merge/types.ts";

const myers = { algorithm: "myers" } as const;

function merge(base: string, ours: string, theirs: string): TextMergeResult {
  return mergeText(base, ours, theirs, myers);
}

/** The merged text and the number of conflicts (git's exit code). */
function verdict(result: TextMergeResult): [string, number] {
  return [result.text, result.kind === "clean" ? 0 : result.conflicts.length];
}

const BASE = "1\n2\n3\n4\n5\n6\n7\n";

describe("mergeText (Myers) reproduces git merge-file", () => {
  it("returns the text unchanged when nobody changed it", () => {
    expect(merge(BASE, BASE, BASE)).toEqual({ kind: "clean", text: BASE });
    expect(merge("", "", "")).toEqual({ kind: "clean", text: "" });
  });

  it("takes a change made by one side only", () => {
    const changed = "1\n2\nthree\n4\n5\n6\n7\n";
    expect(merge(BASE, changed, BASE)).toEqual({ kind: "clean", text: changed });
    expect(merge(BASE, BASE, changed)).toEqual({ kind: "clean", text: changed });
  });

  it("takes the same change made by both sides once", () => {
    const changed = "1\nX\n3\nY\n5\n6\n7\n";
    expect(merge(BASE, changed, changed)).toEqual({ kind: "clean", text: changed });
    expect(merge("a\nb\n", "", "")).toEqual({ kind: "clean", text: "" });
  });

  it("merges edits with an untouched line between them", () => {
    const ours = "1\nA\n3\n4\n5\n6\n7\n";
    const theirs = "1\n2\n3\nB\n5\n6\n7\n";
    expect(merge(BASE, ours, theirs)).toEqual({ kind: "clean", text: "1\nA\n3\nB\n5\n6\n7\n" });
  });

  it("makes adjacent edits (line 2 against line 3) one conflict", () => {
    expect(verdict(merge("a\nb\nc\nd\n", "a\nB\nc\nd\n", "a\nb\nC\nd\n"))).toEqual([
      "a\n<<<<<<< current\nB\nc\n||||||| base\nb\nc\n=======\nb\nC\n>>>>>>> proposed\nd\n",
      1,
    ]);
  });

  it("makes insertions at the same place a conflict", () => {
    expect(verdict(merge("a\nb\n", "a\nX\nb\n", "a\nY\nb\n"))).toEqual([
      "a\n<<<<<<< current\nX\n||||||| base\n=======\nY\n>>>>>>> proposed\nb\n",
      1,
    ]);
  });

  it("chains overlapping edits into one conflict, and does not refine it", () => {
    const ours = "1\nA\nB\n4\n5\n6\n7\n";
    const theirs = "1\n2\nC\nD\n5\nE\n7\n";
    expect(verdict(merge(BASE, ours, theirs))).toEqual([
      "1\n<<<<<<< current\nA\nB\n4\n||||||| base\n2\n3\n4\n=======\n2\nC\nD\n>>>>>>> proposed\n5\nE\n7\n",
      1,
    ]);
    // Both made X of line 2, but theirs also changed line 3: the common part stays inside.
    expect(verdict(merge("1\n2\n3\n4\n5\n", "1\nX\n3\n4\n5\n", "1\nX\nZ\n4\n5\n"))).toEqual([
      "1\n<<<<<<< current\nX\n3\n||||||| base\n2\n3\n=======\nX\nZ\n>>>>>>> proposed\n4\n5\n",
      1,
    ]);
  });

  it("counts separate conflicts", () => {
    const ours = "1\nA\n3\n4\n5\nF\n7\n";
    const theirs = "1\nB\n3\n4\n5\nG\n7\n";
    expect(verdict(merge(BASE, ours, theirs))).toEqual([
      "1\n<<<<<<< current\nA\n||||||| base\n2\n=======\nB\n>>>>>>> proposed\n3\n4\n5\n" +
        "<<<<<<< current\nF\n||||||| base\n6\n=======\nG\n>>>>>>> proposed\n7\n",
      2,
    ]);
  });

  it("makes a deletion against an edit a conflict", () => {
    expect(verdict(merge("a\nb\nc\n", "a\nc\n", "a\nB\nc\n"))).toEqual([
      "a\n<<<<<<< current\n||||||| base\nb\n=======\nB\n>>>>>>> proposed\nc\n",
      1,
    ]);
    expect(verdict(merge("a\nb\n", "", "a\nB\n"))).toEqual([
      "<<<<<<< current\n||||||| base\na\nb\n=======\na\nB\n>>>>>>> proposed\n",
      1,
    ]);
  });

  it("merges from an empty base", () => {
    expect(merge("", "a\n", "a\n")).toEqual({ kind: "clean", text: "a\n" });
    expect(merge("", "a\n", "")).toEqual({ kind: "clean", text: "a\n" });
    expect(verdict(merge("", "a\n", "b\n"))).toEqual([
      "<<<<<<< current\na\n||||||| base\n=======\nb\n>>>>>>> proposed\n",
      1,
    ]);
  });

  it("treats a last line without newline as a different line, and ends it before a marker", () => {
    expect(merge("a\nb\n", "a\nb", "a\nb\n")).toEqual({ kind: "clean", text: "a\nb" });
    expect(merge("a\nb", "a\nb", "a\nc")).toEqual({ kind: "clean", text: "a\nc" });
    expect(verdict(merge("a\nb", "a\nB", "a\nX"))).toEqual([
      "a\n<<<<<<< current\nB\n||||||| base\nb\n=======\nX\n>>>>>>> proposed\n",
      1,
    ]);
    expect(verdict(merge("a\nb\n", "a\nb", "a\nc\n"))).toEqual([
      "a\n<<<<<<< current\nb\n||||||| base\nb\n=======\nc\n>>>>>>> proposed\n",
      1,
    ]);
  });

  it("writes CRLF markers (and added line ends) only where ours, theirs and base use CRLF", () => {
    expect(verdict(merge("a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n", "a\r\nX\r\nc\r\n"))).toEqual([
      "a\r\n<<<<<<< current\r\nB\r\n||||||| base\r\nb\r\n=======\r\nX\r\n>>>>>>> proposed\r\nc\r\n",
      1,
    ]);
    expect(verdict(merge("a\r\nb\r\n", "a\r\nX", "a\r\nY"))).toEqual([
      "a\r\n<<<<<<< current\r\nX\r\n||||||| base\r\nb\r\n=======\r\nY\r\n>>>>>>> proposed\r\n",
      1,
    ]);
    // An empty base cannot tell, so LF.
    expect(verdict(merge("", "a\r\n", "b\r\n"))).toEqual([
      "<<<<<<< current\na\r\n||||||| base\n=======\nb\r\n>>>>>>> proposed\n",
      1,
    ]);
    // Ours' line before the conflict (here its first line, as the conflict starts it) is LF.
    expect(verdict(merge("a\r\nb\r\n", "x\nb\r\n", "y\r\nb\r\n"))).toEqual([
      "<<<<<<< current\nx\n||||||| base\na\r\n=======\ny\r\n>>>>>>> proposed\nb\r\n",
      1,
    ]);
  });

  it("slides changes as far down as they go, without git diff's indent heuristic", () => {
    // With the indent heuristic the insertion would sit after line 2 and touch theirs' edit.
    expect(merge("\n  }\n}\n", "\n  }\n}\n  y\nx\n}\n", "\n  END\n}\n")).toEqual({
      kind: "clean",
      text: "\n  END\n}\n  y\nx\n}\n",
    });
  });

  it("writes the labels it is given, a space before each, even an empty one", () => {
    const labels = { ours: "mine", base: "", theirs: "yours" };
    expect(mergeText("a\nb", "a\nB", "a\nX", { algorithm: "myers", labels }).text).toBe(
      "a\n<<<<<<< mine\nB\n||||||| \nb\n=======\nX\n>>>>>>> yours\n",
    );
    const partial = mergeText("a\n", "b\n", "c\n", { algorithm: "myers", labels: { ours: "A" } });
    expect(partial.text).toBe("<<<<<<< A\nb\n||||||| base\na\n=======\nc\n>>>>>>> proposed\n");
  });
});

describe("mergeText conflicts", () => {
  it("give each conflict's ranges and lines in every version, and its place in the text", () => {
    const ours = "1\nA\n3\n4\n5\n6a\n6b\n7\n";
    const theirs = "1\nB\n3\n4\n5\n7\n";
    const result = merge(BASE, ours, theirs);
    expect(result.kind).toBe("conflict");
    if (result.kind !== "conflict") return;
    expect(result.conflicts).toEqual([
      {
        merged: { start: 1, end: 8 },
        base: { start: 1, end: 2, lines: ["2\n"] },
        ours: { start: 1, end: 2, lines: ["A\n"] },
        theirs: { start: 1, end: 2, lines: ["B\n"] },
      },
      {
        merged: { start: 11, end: 18 },
        base: { start: 5, end: 6, lines: ["6\n"] },
        ours: { start: 5, end: 7, lines: ["6a\n", "6b\n"] },
        theirs: { start: 5, end: 5, lines: [] },
      },
    ]);
    const mergedLines = result.text.split(/(?<=\n)/);
    for (const c of result.conflicts) {
      expect(mergedLines[c.merged.start]).toBe("<<<<<<< current\n");
      expect(mergedLines[c.merged.end - 1]).toBe(">>>>>>> proposed\n");
    }
  });

  it("hold the lines as they are, even when the markers add a line end", () => {
    const result = merge("a\nb", "a\nB", "a\nX");
    if (result.kind !== "conflict") throw new Error("expected a conflict");
    expect(result.conflicts[0]?.ours.lines).toEqual(["B"]);
    expect(result.conflicts[0]?.merged).toEqual({ start: 1, end: 8 });
  });
});

describe("mergeText with the default (histogram) diff", () => {
  it("merges the same simple cases", () => {
    expect(mergeText(BASE, "1\nA\n3\n4\n5\n6\n7\n", "1\n2\n3\nB\n5\n6\n7\n")).toEqual({
      kind: "clean",
      text: "1\nA\n3\nB\n5\n6\n7\n",
    });
    expect(mergeText("a\nb\n", "a\nX\nb\n", "a\nY\nb\n").kind).toBe("conflict");
  });
});
