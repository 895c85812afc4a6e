import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.ts";
import type { JsonPatchOperation } from "../../src/model/patches.ts";
import { applyJsonPatch } from "../../src/patches/json-patch.ts";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function failure(document: JsonValue, ops: JsonPatchOperation[]): string {
  const result = applyJsonPatch(document, ops);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  expect(result.rejection.type).toBe("patch_failed");
  return result.rejection.message;
}

const prefix = "the JSON patch does not apply: ";

describe("applyJsonPatch", () => {
  it("applies operations in order and returns a new document", () => {
    const document = { count: 1, items: ["a"] };
    const result = applyJsonPatch(document, [
      { op: "replace", path: "/count", value: 2 },
      { op: "add", path: "/items/-", value: "b" },
      { op: "copy", from: "/items/0", path: "/first" },
      { op: "move", from: "/first", path: "/head" },
      { op: "test", path: "/head", value: "a" },
    ]);
    expect(result).toEqual({ ok: true, value: { count: 2, items: ["a", "b"], head: "a" } });
    expect(document).toEqual({ count: 1, items: ["a"] });
  });

  it("reports a missing path in its own words", () => {
    expect(
      failure({ a: 1 }, [
        { op: "test", path: "/a", value: 1 },
        { op: "remove", path: "/missing" },
      ]),
    ).toBe(`${prefix}operation 1 (remove /missing): the path does not exist`);
  });

  it("reports a failed test", () => {
    expect(failure({ a: 1 }, [{ op: "test", path: "/a", value: 2 }])).toBe(
      `${prefix}operation 0 (test /a): the value is not equal`,
    );
  });

  it.each<[string, JsonValue, JsonPatchOperation, string]>([
    [
      "a leading-zero index",
      [1, 2],
      { op: "replace", path: "/01", value: 0 },
      "(replace /01): the path does not exist",
    ],
    [
      "an index past the end",
      [1],
      { op: "add", path: "/2", value: 0 },
      "(add /2): the array index is out of bounds",
    ],
    [
      "a non-numeric array index",
      [1],
      { op: "add", path: "/x", value: 0 },
      "(add /x): the path has an invalid array index",
    ],
    ["`-` outside add", [1], { op: "remove", path: "/-" }, "(remove /-): the path does not exist"],
    [
      "a missing parent",
      {},
      { op: "add", path: "/a/b", value: 0 },
      "(add /a/b): the parent of the path does not exist",
    ],
    [
      "a scalar parent",
      { a: 1 },
      { op: "add", path: "/a/b", value: 0 },
      "(add /a/b): the parent of the path is not an object or array",
    ],
    [
      "a missing from",
      {},
      { op: "copy", from: "/x", path: "/y" },
      "(copy /y): the from path /x does not exist",
    ],
    [
      "a move into its own child",
      { a: {} },
      { op: "move", from: "/a", path: "/a/b" },
      "(move /a/b): a value cannot be moved into itself",
    ],
    [
      "removing the whole document",
      { a: 1 },
      { op: "remove", path: "" },
      '(remove ""): the whole document cannot be removed',
    ],
    [
      "an invalid ~ escape",
      { "~2": 1 },
      { op: "remove", path: "/~2" },
      "(remove /~2): the path has an invalid ~ escape",
    ],
    [
      "an inherited key",
      {},
      { op: "replace", path: "/toString", value: 1 },
      "(replace /toString): the path does not exist",
    ],
    [
      "__proto__",
      {},
      { op: "add", path: "/__proto__", value: { polluted: true } },
      "(add /__proto__): the path names __proto__ or constructor",
    ],
    [
      "constructor in from",
      { a: 1 },
      { op: "copy", from: "/constructor", path: "/b" },
      "(copy /b): the from path names __proto__ or constructor",
    ],
    [
      "an escaped __proto__",
      {},
      { op: "add", path: "/a/__proto__", value: 1 },
      "(add /a/__proto__): the path names __proto__ or constructor",
    ],
  ])("refuses %s", (_name, document, op, message) => {
    expect(failure(document, [op])).toBe(`${prefix}operation 0 ${message}`);
  });

  it("checks a move's target as if its source were already removed", () => {
    // After removing /a/0 the array has 2 items, so index 3 is past the end (RFC 6902 §4.4).
    expect(failure({ a: [1, 2, 3] }, [{ op: "move", from: "/a/0", path: "/a/3" }])).toBe(
      `${prefix}operation 0 (move /a/3): the array index is out of bounds`,
    );
    expect(applyJsonPatch({ a: [1, 2, 3] }, [{ op: "move", from: "/a/0", path: "/a/2" }])).toEqual({
      ok: true,
      value: { a: [2, 3, 1] },
    });
  });

  it("compares test values structurally, even with a hasOwnProperty key", () => {
    const document = { a: { hasOwnProperty: 1, b: [1, { c: null }] } };
    const value = { b: [1, { c: null }], hasOwnProperty: 1 };
    expect(applyJsonPatch(document, [{ op: "test", path: "/a", value }])).toEqual({
      ok: true,
      value: document,
    });
    expect(
      failure(document, [{ op: "test", path: "/a", value: { ...value, hasOwnProperty: 2 } }]),
    ).toBe(`${prefix}operation 0 (test /a): the value is not equal`);
  });

  it("replaces and tests the whole document", () => {
    expect(
      applyJsonPatch({ a: 1 }, [
        { op: "test", path: "", value: { a: 1 } },
        { op: "replace", path: "", value: [1] },
      ]),
    ).toEqual({ ok: true, value: [1] });
  });

  it("never modifies deeply frozen input, patch included", () => {
    const document = deepFreeze({ a: { b: [1, 2] }, c: "x" });
    const ops = deepFreeze<JsonPatchOperation[]>([
      { op: "add", path: "/a/b/0", value: 0 },
      { op: "add", path: "/new", value: { list: [] } },
      { op: "add", path: "/new/list/-", value: 1 },
      { op: "remove", path: "/c" },
      { op: "move", from: "/a/b", path: "/moved" },
    ]);
    const result = applyJsonPatch(document, ops);
    expect(result).toEqual({ ok: true, value: { a: {}, new: { list: [1] }, moved: [0, 1, 2] } });
    expect(document).toEqual({ a: { b: [1, 2] }, c: "x" });
    expect(ops[1]).toEqual({ op: "add", path: "/new", value: { list: [] } });
  });

  it("does not write into the caller's operation values", () => {
    const value = { list: [] as number[] };
    const ops: JsonPatchOperation[] = [
      { op: "add", path: "/new", value },
      { op: "add", path: "/new/list/-", value: 1 },
    ];
    expect(applyJsonPatch({}, ops)).toEqual({ ok: true, value: { new: { list: [1] } } });
    expect(value).toEqual({ list: [] });
  });

  it("is all or nothing", () => {
    const document = { a: 1 };
    expect(
      applyJsonPatch(document, [
        { op: "replace", path: "/a", value: 2 },
        { op: "remove", path: "/b" },
      ]).ok,
    ).toBe(false);
    expect(document).toEqual({ a: 1 });
  });

  it("never modifies input that is not frozen either, whether the patch applies or not", () => {
    const document = { a: { b: [1, 2] }, c: "x" };
    const applied = applyJsonPatch(document, [
      { op: "add", path: "/a/b/-", value: 3 },
      { op: "remove", path: "/c" },
    ]);
    expect(applied).toEqual({ ok: true, value: { a: { b: [1, 2, 3] } } });
    const failed = applyJsonPatch(document, [
      { op: "replace", path: "/a/b/0", value: 9 },
      { op: "remove", path: "/missing" },
    ]);
    expect(failed.ok).toBe(false);
    expect(document).toEqual({ a: { b: [1, 2] }, c: "x" });
  });

  it("leaves Object.prototype alone", () => {
    const result = applyJsonPatch({}, [{ op: "add", path: "/__proto__/polluted", value: true }]);
    expect(result.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
