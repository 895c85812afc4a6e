import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/merge/canonical-json.ts";
import { escapePointerSegment, pointer } from "../../src/merge/json-pointer.ts";
import { type MergeJsonOptions, mergeJson } from "../../src/merge/merge-json.ts";
import { type JsonConflict, JsonConflictSchema } from "../../src/model/conflicts.ts";
import type { JsonValue } from "../../src/model/json.ts";

function clean(base: JsonValue, ours: JsonValue, theirs: JsonValue): JsonValue {
  const result = mergeJson(base, ours, theirs);
  if (result.kind !== "clean") throw new Error(`conflict: ${JSON.stringify(result.conflicts)}`);
  return result.value;
}

function conflicts(
  base: JsonValue,
  ours: JsonValue,
  theirs: JsonValue,
  options?: MergeJsonOptions,
): readonly JsonConflict[] {
  const result = mergeJson(base, ours, theirs, options);
  if (result.kind !== "conflict") throw new Error(`clean: ${JSON.stringify(result.value)}`);
  // Every conflict travels on the wire: it must survive JSON and parse back unchanged.
  for (const conflict of result.conflicts) {
    const wire: unknown = JSON.parse(JSON.stringify(conflict));
    expect(JsonConflictSchema.parse(wire)).toEqual(conflict);
  }
  return result.conflicts;
}

describe("JSON Pointer helpers", () => {
  it("escapes ~ before /", () => {
    expect(escapePointerSegment("a/b~c")).toBe("a~1b~0c");
    expect(escapePointerSegment("~1")).toBe("~01");
    expect(escapePointerSegment(3)).toBe("3");
  });

  it("joins segments, the empty path being the whole document", () => {
    expect(pointer([])).toBe("");
    expect(pointer(["a/b", 0, "~", ""])).toBe("/a~1b/0/~0/");
  });
});

describe("canonicalJson", () => {
  it("sorts object keys at every depth, keeping array order", () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
    expect(canonicalJson([2, 1])).toBe("[2,1]");
  });
});

describe("mergeJson: the three shortcuts", () => {
  it("both sides equal: ours", () => {
    expect(clean({ a: 1 }, { a: 2, b: 1 }, { b: 1, a: 2 })).toEqual({ a: 2, b: 1 });
  });

  it("ours unchanged: theirs, as is", () => {
    const theirs = { z: "x", a: [1] };
    expect(clean({ a: [] }, { a: [] }, theirs)).toBe(theirs);
  });

  it("theirs unchanged: ours, as is", () => {
    const ours = ["x", { y: 1 }];
    expect(clean(["x"], ours, ["x"])).toBe(ours);
  });

  it("applies to scalars at the top", () => {
    expect(clean(1, 1, 2)).toBe(2);
    expect(clean("a", "b", "a")).toBe("b");
    expect(clean(null, false, false)).toBe(false);
  });
});

describe("mergeJson: objects", () => {
  it("merges disjoint keys, recursively", () => {
    const base = { title: "t", meta: { owner: "ann", tags: 1 }, n: 1 };
    const ours = { title: "T", meta: { owner: "bob", tags: 1 }, n: 1 };
    const theirs = { title: "t", meta: { owner: "ann", tags: 2 }, n: 2 };
    expect(clean(base, ours, theirs)).toEqual({
      title: "T",
      meta: { owner: "bob", tags: 2 },
      n: 2,
    });
  });

  it("orders keys as ours, then the keys only theirs added, in theirs' order", () => {
    const merged = clean({ a: 1, b: 1 }, { b: 2, x: 1, a: 1 }, { c: 1, a: 1, b: 1, d: 1 });
    expect(Object.keys(merged as object)).toEqual(["b", "x", "a", "c", "d"]);
  });

  it("a key removed on one side and unchanged on the other is removed", () => {
    expect(clean({ a: 1, b: 1 }, { b: 1 }, { a: 1, b: 2 })).toEqual({ b: 2 });
    expect(clean({ a: 1, b: 1 }, { a: 1, b: 2 }, { b: 1 })).toEqual({ b: 2 });
  });

  it("a key removed on both sides is removed", () => {
    expect(clean({ a: 1, b: 1 }, { b: 2 }, { b: 2 })).toEqual({ b: 2 });
    expect(clean({ a: 1, b: 1, c: 1 }, { b: 2, c: 1 }, { b: 1 })).toEqual({ b: 2 });
  });

  it("removed on one side, changed on the other: delete_modify, the absent side omitted", () => {
    expect(conflicts({ a: { b: 1 } }, { a: {} }, { a: { b: 2 } })).toEqual([
      { reason: "delete_modify", path: "/a/b", base: 1, theirs: 2 },
    ]);
    expect(conflicts({ a: 1 }, { a: null }, {})).toEqual([
      { reason: "delete_modify", path: "/a", base: 1, ours: null },
    ]);
  });

  it("the same key added with the same value on both sides is kept once", () => {
    expect(clean({}, { a: [1] }, { a: [1], b: 1 })).toEqual({ a: [1], b: 1 });
  });

  it("the same key added with different values: both_added, base omitted", () => {
    expect(conflicts({ x: 0 }, { x: 0, a: "one" }, { x: 0, a: "two" })).toEqual([
      { reason: "both_added", path: "/a", ours: "one", theirs: "two" },
    ]);
    expect(conflicts({}, { a: [1] }, { a: [2] })).toEqual([
      { reason: "both_added", path: "/a", ours: [1], theirs: [2] },
    ]);
  });

  it("the same key added as objects on both sides merges them against an empty object", () => {
    expect(clean({}, { a: { x: 1, same: 0 } }, { a: { y: 2, same: 0 } })).toEqual({
      a: { x: 1, same: 0, y: 2 },
    });
    expect(conflicts({}, { a: { x: 1 } }, { a: { x: 2 } })).toEqual([
      { reason: "both_added", path: "/a/x", ours: 1, theirs: 2 },
    ]);
  });

  it("escapes keys in pointers", () => {
    expect(conflicts({ "a/b": { "~": 0 } }, { "a/b": { "~": 1 } }, { "a/b": { "~": 2 } })).toEqual([
      { reason: "both_changed", path: "/a~1b/~0", base: 0, ours: 1, theirs: 2 },
    ]);
  });

  it("keeps a __proto__ key as data", () => {
    const ours = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as JsonValue;
    const merged = clean({ a: 1 }, ours, { a: 1, b: 2 }) as Record<string, unknown>;
    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(merged.b).toBe(2);
  });

  it("reports every conflict, in ours' key order then theirs'", () => {
    const found = conflicts({ a: 1, b: 1, c: 1 }, { c: 2, b: 2, a: 1 }, { a: 1, b: 3, c: 3, d: 1 });
    expect(found.map((c) => c.path)).toEqual(["/c", "/b"]);
  });
});

describe("mergeJson: scalars and single-line strings", () => {
  it("both changed differently: both_changed", () => {
    expect(conflicts({ n: 1 }, { n: 2 }, { n: 3 })).toEqual([
      { reason: "both_changed", path: "/n", base: 1, ours: 2, theirs: 3 },
    ]);
    expect(conflicts(true, false, null)).toEqual([
      { reason: "type_changed", path: "", base: true, ours: false, theirs: null },
    ]);
  });

  it("never merges a single-line string by characters", () => {
    expect(conflicts({ s: "hello world" }, { s: "Hello world" }, { s: "hello world!" })).toEqual([
      {
        reason: "both_changed",
        path: "/s",
        base: "hello world",
        ours: "Hello world",
        theirs: "hello world!",
      },
    ]);
  });

  it("both changed to values of different types: type_changed", () => {
    expect(conflicts({ v: "x" }, { v: { a: 1 } }, { v: "y" })).toEqual([
      { reason: "type_changed", path: "/v", base: "x", ours: { a: 1 }, theirs: "y" },
    ]);
    expect(conflicts({ v: 1 }, { v: [1] }, { v: null })).toEqual([
      { reason: "type_changed", path: "/v", base: 1, ours: [1], theirs: null },
    ]);
  });

  it("both replaced the base by different values of one new type: both_changed, no merge", () => {
    expect(conflicts({ v: null }, { v: { a: 1 } }, { v: { b: 1 } })).toEqual([
      { reason: "both_changed", path: "/v", base: null, ours: { a: 1 }, theirs: { b: 1 } },
    ]);
    expect(conflicts({ v: 1 }, { v: "a\nb" }, { v: "a\nc" })[0]?.reason).toBe("both_changed");
  });
});

describe("mergeJson: multi-line strings", () => {
  const base = "one\ntwo\nthree\nfour\nfive\n";

  it("merges changes to different lines", () => {
    const ours = "ONE\ntwo\nthree\nfour\nfive\n";
    const theirs = "one\ntwo\nthree\nfour\nFIVE\n";
    expect(clean({ body: base }, { body: ours }, { body: theirs })).toEqual({
      body: "ONE\ntwo\nthree\nfour\nFIVE\n",
    });
  });

  it("a line changed on both sides: a text conflict with mergeText's regions", () => {
    const ours = "one\ntwo\nTHREE\nfour\nfive\n";
    const theirs = "one\ntwo\n3\nfour\nfive\n";
    const [conflict, ...rest] = conflicts({ body: base }, { body: ours }, { body: theirs });
    expect(rest).toEqual([]);
    expect(conflict).toMatchObject({ reason: "text", path: "/body", base, ours, theirs });
    if (conflict?.reason !== "text") throw new Error("expected a text conflict");
    expect(conflict.hunks).toEqual([
      {
        merged: { start: 2, end: 9 },
        base: { start: 2, end: 3, lines: ["three\n"] },
        ours: { start: 2, end: 3, lines: ["THREE\n"] },
        theirs: { start: 2, end: 3, lines: ["3\n"] },
      },
    ]);
    expect(conflict.merged).toContain("<<<<<<< current\nTHREE\n||||||| base\nthree\n=======\n3\n");
  });

  it("passes the labels to mergeText", () => {
    const labels = { ours: "mine", base: "old", theirs: "yours" };
    const [conflict] = conflicts("a\nb\n", "a\nc\n", "a\nd\n", { labels });
    expect(conflict?.reason === "text" && conflict.merged).toContain("<<<<<<< mine");
  });

  it("a newline in any one version makes it a line merge", () => {
    const [conflict] = conflicts({ s: "a" }, { s: "a\nb" }, { s: "c" });
    expect(conflict).toMatchObject({ reason: "text", path: "/s", base: "a" });
  });
});

describe("mergeJson: arrays of objects with ids", () => {
  const a = { id: "a", title: "A", done: false };
  const b = { id: "b", title: "B", done: false };
  const c = { id: 3, title: "C", done: false };

  it("merges each element recursively", () => {
    const base = [a, b, c];
    const ours = [{ ...a, done: true }, b, c];
    const theirs = [a, b, { ...c, title: "see" }];
    expect(clean(base, ours, theirs)).toEqual([{ ...a, done: true }, b, { ...c, title: "see" }]);
  });

  it("keeps ours' order, even where theirs reordered", () => {
    expect(clean([a, b, c], [c, { ...b, done: true }, a], [b, a, c])).toEqual([
      c,
      { ...b, done: true },
      a,
    ]);
  });

  it("places what only theirs added right after its predecessor in theirs", () => {
    const x = { id: "x" };
    const y = { id: "y" };
    const z = { id: "z" };
    const w = { id: "w" };
    // Ours moved a to the end and added w after b; theirs added x, y at the start, z after b.
    expect(clean([a, b, c], [b, w, c, a], [x, y, a, b, z, c])).toEqual([x, y, b, z, w, c, a]);
  });

  it("skips back over predecessors that did not survive", () => {
    const x = { id: "x" };
    // Ours removed b (unchanged in theirs); theirs added x after b.
    expect(clean([a, b, c], [a, c], [a, b, x, c])).toEqual([a, x, c]);
    expect(clean([a, b], [b], [a, x, b])).toEqual([x, b]);
  });

  it("removed on one side and unchanged on the other: removed", () => {
    expect(clean([a, b, c], [a, c], [{ ...a, done: true }, b, c])).toEqual([
      { ...a, done: true },
      c,
    ]);
    expect(clean([a, b, c], [a, { ...b, done: true }, c], [a, b])).toEqual([
      a,
      { ...b, done: true },
    ]);
  });

  it("removed on one side and changed on the other: delete_modify", () => {
    const changed = { ...b, done: true };
    // Ours removed b: the pointer gives its index in base.
    expect(conflicts({ items: [a, b, c] }, { items: [c, a] }, { items: [a, changed, c] })).toEqual([
      { reason: "delete_modify", path: "/items/1", base: b, theirs: changed },
    ]);
    // Theirs removed b: the pointer gives its index in ours.
    expect(conflicts({ items: [a, b, c] }, { items: [c, changed] }, { items: [a, c] })).toEqual([
      { reason: "delete_modify", path: "/items/1", base: b, ours: changed },
    ]);
  });

  it("points into ours for a conflict inside an element", () => {
    const ours = [c, b, { ...a, title: "1" }];
    expect(conflicts([a, b, c], ours, [{ ...a, title: "2" }, b, c])).toEqual([
      { reason: "both_changed", path: "/2/title", base: "A", ours: "1", theirs: "2" },
    ]);
  });

  it("the same id added on both sides merges the two against an empty object", () => {
    const ours = [a, { id: "n", x: 1 }];
    const theirs = [{ id: "n", y: 2 }, a];
    expect(clean([a], ours, theirs)).toEqual([a, { id: "n", x: 1, y: 2 }]);
    expect(conflicts([a], [a, { id: "n", x: 1 }], [a, { id: "n", x: 2 }])).toEqual([
      { reason: "both_added", path: "/1/x", ours: 1, theirs: 2 },
    ]);
  });

  it("1 and '1' are different ids", () => {
    // Theirs' element has no predecessor in theirs: it goes first.
    expect(clean([], [{ id: 1 }], [{ id: "1" }])).toEqual([{ id: "1" }, { id: 1 }]);
  });

  it("an empty array counts as an id-array", () => {
    expect(clean([], [a], [b])).toEqual([b, a]);
    expect(clean([], [a], [a, b])).toEqual([a, b]);
  });
});

describe("mergeJson: other arrays, as sequences", () => {
  it("merges insertions at different places", () => {
    expect(clean([1, 2, 3], [0, 1, 2, 3], [1, 2, 3, 4])).toEqual([0, 1, 2, 3, 4]);
  });

  it("merges removals and keeps elements whole", () => {
    expect(clean(["a", { k: 1 }, "c"], [{ k: 1 }, "c"], ["a", { k: 1 }, "c", "d"])).toEqual([
      { k: 1 },
      "c",
      "d",
    ]);
  });

  it("compares elements ignoring key order", () => {
    const merged = clean([{ a: 1, b: 2 }, 5], [{ b: 2, a: 1 }, 5, 6], [0, { a: 1, b: 2 }, 5]);
    expect(merged).toEqual([0, { a: 1, b: 2 }, 5, 6]);
  });

  it("a region changed on both sides: a sequence conflict at the array", () => {
    expect(conflicts({ xs: [1, 2, 3] }, { xs: [1, 9, 3] }, { xs: [1, 8, 3] })).toEqual([
      {
        reason: "sequence",
        path: "/xs",
        base: [1, 2, 3],
        ours: [1, 9, 3],
        theirs: [1, 8, 3],
        hunks: [
          {
            base: { start: 1, end: 2, items: [2] },
            ours: { start: 1, end: 2, items: [9] },
            theirs: { start: 1, end: 2, items: [8] },
          },
        ],
      },
    ]);
  });

  it("never merges inside the elements of a sequence", () => {
    const base = [{ t: "a", n: 1 }, "x"];
    const [conflict] = conflicts(base, [{ t: "b", n: 1 }, "x"], [{ t: "a", n: 2 }, "x"]);
    expect(conflict).toMatchObject({ reason: "sequence", path: "" });
  });

  it("duplicate ids, or an element without one, make it a sequence", () => {
    const [dup] = conflicts(
      [{ id: 1 }, { id: 1 }],
      [{ id: 1, a: 1 }, { id: 1 }],
      [{ id: 1, a: 2 }, { id: 1 }],
    );
    expect(dup?.reason).toBe("sequence");
    const [mixed] = conflicts([{ id: 1 }, 2], [{ id: 1, a: 1 }, 2], [{ id: 1, a: 2 }, 2]);
    expect(mixed?.reason).toBe("sequence");
  });
});
