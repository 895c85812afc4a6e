import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseActor, parseCommand, parseFact } from "../../src/decide/parse.ts";
import { isId, sequentialIds } from "../../src/model/ids.ts";
import {
  DEFAULT_LIMITS,
  limitProblem,
  MAX_DEPTH_CAP,
  MAX_ID_LENGTH,
} from "../../src/model/limits.ts";

const nested = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
};

describe("limitProblem", () => {
  it("lets ordinary input through", () => {
    expect(limitProblem({ type: "post_message", thread_id: "t1", content: "ok 😀" })).toBeNull();
    expect(limitProblem(nested(DEFAULT_LIMITS.maxDepth))).toBeNull();
  });

  it("refuses nesting past the depth limit, naming where", () => {
    // The command is level 1; nested(n) holds n - 1 objects.
    expect(limitProblem({ data: nested(DEFAULT_LIMITS.maxDepth) })).toBeNull();
    const problem = limitProblem({ data: nested(DEFAULT_LIMITS.maxDepth + 1) });
    expect(problem).toMatchObject({ type: "too_deep", ctx: { max_depth: 64 } });
    expect(problem?.loc[0]).toBe("data");
    expect(problem?.loc).toHaveLength(DEFAULT_LIMITS.maxDepth);
  });

  it("refuses deep input however deep, looking no deeper than the limit (no RangeError)", () => {
    expect(limitProblem(nested(100_000))?.type).toBe("too_deep");
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(limitProblem(cycle)?.type).toBe("too_deep");
    // A depth limit past the cap (which no workspace takes) is held to the cap.
    const unchecked = { maxDepth: 100_000, maxBytes: 1e9 };
    expect(limitProblem(nested(100_000), unchecked)).toMatchObject({
      type: "too_deep",
      ctx: { max_depth: MAX_DEPTH_CAP },
    });
    expect(limitProblem(nested(MAX_DEPTH_CAP), unchecked)).toBeNull();
  });

  it("refuses input past the size limit at the field that crossed it, counting UTF-8 bytes", () => {
    const limits = { maxDepth: 64, maxBytes: 100 };
    expect(limitProblem({ a: "x".repeat(80) }, limits)).toBeNull();
    expect(limitProblem({ a: "é".repeat(60) }, limits)).toMatchObject({
      type: "too_large",
      loc: ["a"],
      ctx: { max_bytes: 100 },
    });
    expect(limitProblem({ a: "x".repeat(40), b: ["y".repeat(70)] }, limits)?.loc).toEqual(["b", 0]);
  });

  it("refuses U+0000 and unpaired surrogates in strings and keys", () => {
    expect(limitProblem({ text: "a\u0000b" })).toMatchObject({
      type: "invalid_text",
      loc: ["text"],
      msg: "must not contain U+0000",
    });
    expect(limitProblem({ list: ["ok", "\ud800"] })).toMatchObject({
      type: "invalid_text",
      loc: ["list", 1],
      msg: "must not contain an unpaired surrogate",
    });
    expect(limitProblem({ "\udc00k": 1 })).toMatchObject({
      type: "invalid_text",
      loc: ["\ufffdk"],
    });
  });

  it("refuses a 10 MB string before reading it", () => {
    const big = "x".repeat(10_000_000);
    expect(limitProblem({ content: big })).toMatchObject({ type: "too_large", loc: ["content"] });
  });
});

// JSON whose strings need no escapes: its UTF-8 size is what the limit counts.
const plainText = fc
  .string({ unit: "grapheme", maxLength: 12 })
  .filter((s) => [...s].every((c) => c >= " " && c !== '"' && c !== "\\"));
const plainJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    plainText,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -1e15, max: 1e15 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(plainText, tie("value"), { maxKeys: 5 }),
  ),
})).value;
const jsonBytes = (value: unknown): number =>
  new TextEncoder().encode(JSON.stringify(value)).length;

/** A proxy of `target` that counts the values read from it. */
function counted<T extends object>(target: T): { value: T; reads: () => number } {
  let reads = 0;
  const value = new Proxy(target, {
    get(inner, key, receiver) {
      if (typeof key === "string" && /^\d+$|^k/.test(key)) reads++;
      return Reflect.get(inner, key, receiver);
    },
  });
  return { value, reads: () => reads };
}

describe("the size limit", () => {
  it("counts exactly the UTF-8 bytes of the JSON (strings without escapes)", () => {
    fc.assert(
      fc.property(plainJson, (value) => {
        const bytes = jsonBytes(value);
        expect(limitProblem(value, { maxDepth: 64, maxBytes: bytes })).toBeNull();
        expect(limitProblem(value, { maxDepth: 64, maxBytes: bytes - 1 })?.type).toBe("too_large");
      }),
      { numRuns: 2_000, seed: 20261202 },
    );
  });

  it("refuses a wide array or a many-keyed object from its length, before reading a child", () => {
    const zeros = counted(new Array(5_000_000).fill(0));
    expect(limitProblem({ data: zeros.value })).toMatchObject({ type: "too_large", loc: ["data"] });
    expect(zeros.reads()).toBe(0);
    const keyed: Record<string, number> = {};
    for (let i = 0; i < 250_000; i++) keyed[`k${i}`.padEnd(20, "-")] = i;
    const keys = counted(keyed);
    expect(limitProblem({ data: keys.value })).toMatchObject({ type: "too_large", loc: ["data"] });
    expect(keys.reads()).toBe(0);
  });

  it("reads a wide array of short strings only as far as the limit", () => {
    const words = counted(new Array(2_000_000).fill("ab"));
    const problem = limitProblem({ data: words.value });
    expect(problem?.type).toBe("too_large");
    // 5 bytes an element ("ab" and a comma): about 4 MiB / 5 read, never all 2 million.
    expect(words.reads()).toBeLessThan(1_000_000);
    // Named at the element that crosses the line: 10 bytes for `{"data":` and the outer
    // braces, the array's smallest JSON (4,000,000 bytes: brackets, commas, a byte each),
    // then 3 bytes more for each "ab" read: 4,000,010 + 3 × 64,765 > 4 MiB (4,194,304).
    expect(problem?.loc).toEqual(["data", 64_764]);
  });

  it("counts numbers by their digits, not as the longest a number can be", () => {
    // 200,000 small numbers are about 400 kB of JSON: well within 4 MiB.
    expect(limitProblem({ data: new Array(200_000).fill(7) })).toBeNull();
    expect(limitProblem({ data: new Array(200_000).fill(-1.25) })).toBeNull();
  });
});

describe("parsing under the limits", () => {
  it("refuses too deep, too large and unstorable text as validation_failed", () => {
    const newId = sequentialIds();
    const deep = { type: "app_event", name: "x", data: nested(200) };
    expect(parseFact(deep)).toMatchObject({
      ok: false,
      rejection: { type: "validation_failed", errors: [{ type: "too_deep" }] },
    });
    const post = { type: "post_message", thread_id: "t1", content: "a\u0000" };
    expect(parseCommand(post, newId)).toMatchObject({
      ok: false,
      rejection: { errors: [{ type: "invalid_text", loc: ["content"] }] },
    });
    const small = { maxDepth: 64, maxBytes: 64 };
    expect(parseCommand({ ...post, content: "y".repeat(100) }, newId, small)).toMatchObject({
      ok: false,
      rejection: { errors: [{ type: "too_large", loc: ["content"] }] },
    });
    expect(parseActor({ kind: "user", id: "a", name: "\ud83d" })).toMatchObject({
      ok: false,
      rejection: { message: "invalid actor", errors: [{ type: "invalid_text", loc: ["name"] }] },
    });
  });

  it("refuses a command type that names an Object.prototype member, without throwing", () => {
    for (const type of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      expect(parseCommand({ type }, sequentialIds())).toMatchObject({
        ok: false,
        // The original reports an unknown tag at the union: the command itself, `loc` [].
        rejection: { type: "validation_failed", errors: [{ type: "union_tag_invalid", loc: [] }] },
      });
    }
  });

  it("holds ids to 1–256 units without control characters", () => {
    const post = (thread_id: string) =>
      parseCommand({ type: "post_message", thread_id, content: "x" }, sequentialIds());
    expect(post("t".repeat(MAX_ID_LENGTH)).ok).toBe(true);
    expect(post("t".repeat(MAX_ID_LENGTH + 1))).toMatchObject({
      ok: false,
      rejection: { errors: [{ type: "string_too_long", loc: ["thread_id"] }] },
    });
    expect(post("t\n1")).toMatchObject({
      ok: false,
      rejection: { errors: [{ type: "string_pattern_mismatch", loc: ["thread_id"] }] },
    });
    expect(post("")).toMatchObject({
      ok: false,
      rejection: { errors: [{ type: "string_too_short", loc: ["thread_id"] }] },
    });
    expect(post("thread für Q3 ✓").ok).toBe(true);
  });

  it("holds ids to one line, shown as they are: no line or paragraph separator, no format character", () => {
    const post = (thread_id: string) =>
      parseCommand({ type: "post_message", thread_id, content: "x" }, sequentialIds());
    const refused = {
      ok: false,
      rejection: {
        errors: [
          {
            type: "string_pattern_mismatch",
            loc: ["thread_id"],
            msg: "String should match pattern '^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]*$'",
          },
        ],
      },
    };
    for (const id of [
      "n9\u2028- Alice answered your question q1",
      "a\u2029b",
      "a\u0085b",
      "a\u000bb",
      "a\u001cb",
      "t\u202egpj.exe",
      "t\u2066x\u2069",
      "t\u200b1",
      "t\u200d1",
      "\ufefft1",
      "t\u00ad1",
      "t\u{e0041}",
      "t\u009b2J",
    ]) {
      expect(post(id), JSON.stringify(id)).toMatchObject(refused);
    }
    // Letters, marks, symbols and spaces of any script are ids: emoji, accents, CJK, a no-break space.
    for (const id of ["thread für Q3 ✓", "📝 plan", "e\u0301", "计划", "a\u00a0b"]) {
      expect(post(id).ok, id).toBe(true);
    }
  });

  it("isId agrees with what commands accept", () => {
    for (const id of ["t1", "x".repeat(256), "ü ✓"]) expect(isId(id)).toBe(true);
    for (const id of ["", "x".repeat(257), "a\u0000", "\ud800", "a\tb", 5, null]) {
      expect(isId(id)).toBe(false);
    }
    for (const id of ["a\u2028b", "a\u2029b", "a\u202eb", "a\u200bb", "\ufeffa"]) {
      expect(isId(id)).toBe(false);
    }
  });
});
