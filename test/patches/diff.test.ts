import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JsonValue, jsonEqual } from "../../src/model/json.ts";
import { JsonPatchSchema } from "../../src/model/patches.ts";
import { diff } from "../../src/patches/diff.ts";
import { applyJsonPatch } from "../../src/patches/json-patch.ts";

function roundTrips(before: JsonValue, after: JsonValue): boolean {
  const patch = diff(before, after);
  // What diff returns must survive being stored and parsed again.
  expect(JsonPatchSchema.safeParse(patch).success).toBe(true);
  const applied = applyJsonPatch(before, patch.ops);
  return applied.ok && jsonEqual(applied.value, after);
}

// A small key set so that two independent values share structure and `compare` has real work.
const KEYS = ["a", "b", "a/b", "~", "~1", "", "0"];
const { value: related } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>(null, true, 0, 1, "x", ""),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4 }),
  ),
}));
const relatedWithPrototypeKeys = fc.dictionary(
  fc.constantFrom("a", "__proto__", "constructor"),
  related,
  { maxKeys: 3 },
);

function hasForbiddenKey(value: JsonValue): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(hasForbiddenKey);
  return Object.entries(value).some(
    ([key, child]) => key === "__proto__" || key === "constructor" || hasForbiddenKey(child),
  );
}

describe("diff", () => {
  it("replaces a changed number, and only that", () => {
    expect(diff({ count: 1 }, { count: 3 })).toEqual({
      kind: "json_patch",
      ops: [{ op: "replace", path: "/count", value: 3 }],
    });
  });

  it("replaces a changed string field once", () => {
    expect(diff({ title: "t", text: "old" }, { title: "t", text: "new" }).ops).toEqual([
      { op: "replace", path: "/text", value: "new" },
    ]);
  });

  it("is empty for equal values, whatever the key order", () => {
    expect(diff({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }).ops).toEqual([]);
    expect(diff(5, 5).ops).toEqual([]);
  });

  it("adds and removes object members", () => {
    expect(diff({ a: 1, b: 2 }, { a: 1, c: 3 }).ops).toEqual([
      { op: "remove", path: "/b" },
      { op: "add", path: "/c", value: 3 },
    ]);
  });

  it("removes array items from the end first, then adds", () => {
    expect(diff([1, 2, 3, 4], [1, 9]).ops).toEqual([
      { op: "remove", path: "/3" },
      { op: "remove", path: "/2" },
      { op: "replace", path: "/1", value: 9 },
    ]);
    expect(diff({ list: [1] }, { list: [1, 2, 3] }).ops).toEqual([
      { op: "add", path: "/list/1", value: 2 },
      { op: "add", path: "/list/2", value: 3 },
    ]);
  });

  it("escapes keys with / and ~ and handles the empty key", () => {
    const ops = diff({ "a/b": 1, "~": 1, "": 1 }, { "a/b": 2, "~": 2, "": 2 }).ops;
    expect(ops.map((op) => op.path).sort()).toEqual(["/", "/a~1b", "/~0"]);
  });

  it.each<[string, JsonValue, JsonValue]>([
    ["object → array", { a: 1 }, [5, 6]],
    ["array → object", [5, 6], { a: 1 }],
    ["empty object → empty array", {}, []],
    ["scalar → scalar", 1, 2],
    ["null → object", null, { a: 1 }],
    ["object → string", { a: 1 }, "a"],
  ])("replaces the whole document when the root changes kind: %s", (_name, before, after) => {
    expect(diff(before, after).ops).toEqual([{ op: "replace", path: "", value: after }]);
    expect(roundTrips(before, after)).toBe(true);
  });

  it("replaces nested kind changes at that place", () => {
    expect(diff({ a: { x: 1 }, b: 1 }, { a: [1], b: 1 }).ops).toEqual([
      { op: "replace", path: "/a", value: [1] },
    ]);
    expect(roundTrips([[1, [2]], { a: {} }], [[1, { 0: 2 }], { a: [] }])).toBe(true);
  });

  it("replaces the object holding a __proto__ or constructor key, which paths may not name", () => {
    const before = JSON.parse('{"keep":1,"doc":{"__proto__":{"x":1},"other":1}}') as JsonValue;
    const after = JSON.parse('{"keep":1,"doc":{"__proto__":{"x":2},"other":2}}') as JsonValue;
    expect(diff(before, after).ops).toEqual([
      { op: "replace", path: "/doc", value: JSON.parse('{"__proto__":{"x":2},"other":2}') },
    ]);
    expect(roundTrips(before, after)).toBe(true);
    // Unchanged prototype-named keys do not stop a precise patch elsewhere.
    const same = JSON.parse('{"constructor":1,"a":1}') as JsonValue;
    expect(diff(same, JSON.parse('{"constructor":1,"a":2}')).ops).toEqual([
      { op: "replace", path: "/a", value: 2 },
    ]);
  });

  it("does not modify frozen inputs, nor share values with them", () => {
    const added = { a: 1 };
    const before = { list: [1] };
    const after = { list: [1, added] };
    for (const value of [before, before.list, after, after.list, added]) Object.freeze(value);
    const patch = diff(before, after);
    expect(patch.ops).toEqual([{ op: "add", path: "/list/1", value: { a: 1 } }]);
    const [op] = patch.ops;
    expect(op?.op === "add" && op.value !== added).toBe(true);
  });

  it("round-trips arbitrary JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (before, after) => {
        expect(roundTrips(before as JsonValue, after as JsonValue)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips arbitrary objects and arrays", () => {
    const object = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }));
    const array = fc.array(fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(object, object, (before, after) => {
        expect(roundTrips(before as JsonValue, after as JsonValue)).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(array, array, (before, after) => {
        expect(roundTrips(before as JsonValue, after as JsonValue)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips related values precisely, never by replacing the root", () => {
    fc.assert(
      fc.property(related, related, (before, after) => {
        expect(roundTrips(before, after)).toBe(true);
        const sameKind =
          Array.isArray(before) === Array.isArray(after) &&
          typeof before === "object" &&
          before !== null &&
          typeof after === "object" &&
          after !== null;
        if (sameKind && !hasForbiddenKey(before) && !hasForbiddenKey(after)) {
          expect(diff(before, after).ops.every((op) => op.path !== "")).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips values with __proto__ and constructor keys", () => {
    fc.assert(
      fc.property(relatedWithPrototypeKeys, relatedWithPrototypeKeys, (before, after) => {
        expect(roundTrips(before, after)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
