import { describe, expect, it } from "vitest";
import { pythonEquals, subsetDifferences } from "../../src/conformance/subset.ts";

describe("subsetDifferences", () => {
  it("ignores keys the expectation does not name", () => {
    expect(subsetDifferences({ a: 1 }, { a: 1, b: 2 })).toEqual([]);
    expect(subsetDifferences({}, { anything: [1, 2] })).toEqual([]);
  });

  it("needs every expected key, at any depth", () => {
    expect(subsetDifferences({ a: { b: null } }, { a: {} })).toEqual([
      { path: "$.a.b", expected: null, actual: undefined, problem: "missing_key" },
    ]);
  });

  it("treats a key that is present with null as present", () => {
    expect(subsetDifferences({ a: null }, { a: null })).toEqual([]);
    expect(subsetDifferences({ a: null }, { a: 0 })).toEqual([
      { path: "$.a", expected: null, actual: 0, problem: "not_equal" },
    ]);
  });

  it("pins the length of lists, even when every element is {}", () => {
    expect(subsetDifferences([{}], [{ type: "x" }])).toEqual([]);
    expect(subsetDifferences([{}], [{}, {}])).toEqual([
      { path: "$", expected: [{}], actual: [{}, {}], problem: "wrong_length" },
    ]);
    expect(subsetDifferences([], [1])).toHaveLength(1);
  });

  it("matches lists in order, each element as a subset", () => {
    expect(subsetDifferences([{ a: 1 }, { a: 2 }], [{ a: 1, b: 0 }, { a: 2 }])).toEqual([]);
    expect(subsetDifferences([1, 2], [2, 1])).toEqual([
      { path: "$[0]", expected: 1, actual: 2, problem: "not_equal" },
      { path: "$[1]", expected: 2, actual: 1, problem: "not_equal" },
    ]);
  });

  it("reports a different shape instead of descending into it", () => {
    expect(subsetDifferences({ a: 1 }, [1])).toEqual([
      { path: "$", expected: { a: 1 }, actual: [1], problem: "not_an_object" },
    ]);
    expect(subsetDifferences([1], { 0: 1 })).toEqual([
      { path: "$", expected: [1], actual: { 0: 1 }, problem: "not_a_list" },
    ]);
    expect(subsetDifferences({ a: 1 }, null)[0]?.problem).toBe("not_an_object");
  });

  it("compares scalars with Python's ==", () => {
    expect(subsetDifferences(1, 1.0)).toEqual([]);
    expect(subsetDifferences(true, 1)).toEqual([]);
    expect(subsetDifferences(0, false)).toEqual([]);
    expect(subsetDifferences(1.0, true)).toEqual([]);
    expect(subsetDifferences(true, 2)).toHaveLength(1);
    expect(subsetDifferences("1", 1)).toHaveLength(1);
    expect(subsetDifferences(null, 0)).toHaveLength(1);
    expect(subsetDifferences(null, false)).toHaveLength(1);
    expect(subsetDifferences(null, "")).toHaveLength(1);
    expect(subsetDifferences(null, null)).toEqual([]);
    expect(subsetDifferences("null", null)).toHaveLength(1);
  });

  it("compares an expected scalar with a structure as unequal", () => {
    expect(subsetDifferences(1, [1])).toEqual([
      { path: "$", expected: 1, actual: [1], problem: "not_equal" },
    ]);
  });

  it("builds paths from the given root, quoting keys that are not identifiers", () => {
    expect(
      subsetDifferences({ "a b": [0, { c: 1 }] }, { "a b": [0, { c: 2 }] }, "$.events"),
    ).toEqual([{ path: '$.events["a b"][1].c', expected: 1, actual: 2, problem: "not_equal" }]);
  });
});

describe("pythonEquals", () => {
  it("compares whole structures, ignoring key order but not extra keys", () => {
    expect(pythonEquals({ a: 1, b: [true] }, { b: [1], a: 1.0 })).toBe(true);
    expect(pythonEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(pythonEquals(["x"], ["x", "y"])).toBe(false);
    expect(pythonEquals(["x", "y"], ["y", "x"])).toBe(false);
    expect(pythonEquals(null, {})).toBe(false);
  });
});
