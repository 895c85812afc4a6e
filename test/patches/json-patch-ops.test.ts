import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../src/model/json.ts";
import { applyJsonPatch } from "../../src/patches/json-patch.ts";
import { cloneJson } from "../../src/patches/json-patch-ops.ts";

const prefix = "the JSON patch does not apply: ";
const doc = { title: "Plan", text: "a cat", items: { t1: { done: false } }, list: [1, 2] };
const failure = (ops: JsonObject[]) => {
  const result = applyJsonPatch(doc, ops);
  return result.ok ? null : result.rejection.message;
};

describe("operations as the wire carries them: JSON objects, checked as the patch applies", () => {
  it.each([
    ["no op", [{ path: "/title" }], "operation 0: it has no op"],
    [
      "an op that is not a string",
      [{ op: 5, path: "/title" }],
      "operation 0: its op is not a string",
    ],
    [
      "an unknown op",
      [{ op: "jump", path: "/title" }],
      'operation 0: the operation "jump" is unknown',
    ],
    ["no path", [{ op: "remove" }], "operation 0: it has no path"],
    [
      "a path that is not a string",
      [{ op: "remove", path: 5 }],
      "operation 0: the path is not a string",
    ],
    [
      "a path that is not a pointer",
      [{ op: "remove", path: "title" }],
      "operation 0 (remove title): the path is not a JSON Pointer",
    ],
    ["no value", [{ op: "add", path: "/x" }], "operation 0 (add /x): it has no value"],
    ["no from", [{ op: "copy", path: "/x" }], "operation 0 (copy /x): it has no from"],
    [
      "a from that is not a string",
      [{ op: "move", from: null, path: "/x" }],
      "operation 0 (move /x): the from path is not a string",
    ],
  ] as const)("refuses %s", (_name, ops, message) => {
    expect(failure(ops as unknown as JsonObject[])).toBe(`${prefix}${message}`);
  });

  it("checks every op and path before any operation applies, values as each applies", () => {
    // The second operation's path is malformed: it is named, though the first would fail too.
    expect(
      failure([
        { op: "test", path: "/title", value: "x" },
        { op: "add", path: "x", value: 1 },
      ]),
    ).toBe(`${prefix}operation 1 (add x): the path is not a JSON Pointer`);
    // A missing value is found when its operation's turn comes, after the first fails.
    expect(
      failure([
        { op: "test", path: "/title", value: "x" },
        { op: "add", path: "/x" },
      ]),
    ).toBe(`${prefix}operation 0 (test /title): the value is not equal`);
  });

  it("ignores members an operation does not define, and never writes into the caller's patch", () => {
    const ops: JsonObject[] = [
      { op: "add", path: "/items/t2", value: { done: false }, from: "/nowhere", why: "x" },
      { op: "add", path: "/items/t2/done", value: true },
      { op: "remove", path: "/list/0", value: "ignored" },
    ];
    const sent = JSON.stringify(ops);
    const result = applyJsonPatch(doc, ops);
    expect(result).toMatchObject({ ok: true, value: { items: { t2: { done: true } }, list: [2] } });
    expect(JSON.stringify(ops)).toBe(sent);
  });

  it("compares a test as JSON values: false is not 0, 1 is 1.0", () => {
    expect(failure([{ op: "test", path: "/items/t1/done", value: 0 }])).toBe(
      `${prefix}operation 0 (test /items/t1/done): the value is not equal`,
    );
    expect(failure([{ op: "test", path: "/list", value: [1, 2.0] }])).toBeNull();
  });

  it("points into objects and arrays only, never into a text", () => {
    expect(failure([{ op: "remove", path: "/text/0" }])).toBe(
      `${prefix}operation 0 (remove /text/0): the parent of the path is not an object or array`,
    );
    expect(failure([{ op: "test", path: "/title/0", value: "P" }])).not.toBeNull();
    expect(failure([{ op: "copy", from: "/text/0", path: "/x" }])).not.toBeNull();
  });
});

describe("cloneJson", () => {
  it("copies a JSON value as a JSON round trip does, sharing nothing with it", () => {
    const values = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom<JsonValue>(
        -0,
        [-0, { a: -0 }],
        JSON.parse('{"__proto__": {"a": 1}, "b": 2}'),
      ),
    );
    fc.assert(
      fc.property(values, (value) => {
        const copy = cloneJson(value as JsonValue);
        const roundTrip = JSON.parse(JSON.stringify(value)) as JsonValue;
        expect(copy).toEqual(roundTrip);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(roundTrip));
        expect(Object.keys(copy ?? {})).toEqual(Object.keys(roundTrip ?? {}));
        if (typeof value === "object" && value !== null) expect(copy).not.toBe(value);
      }),
      { numRuns: 500, seed: 14 },
    );
    const proto = cloneJson(JSON.parse('{"__proto__": {"a": 1}}')) as JsonObject;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.hasOwn(proto, "__proto__")).toBe(true);
  });
});
