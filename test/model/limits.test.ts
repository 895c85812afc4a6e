import { describe, expect, it } from "vitest";
import { parseActor, parseCommand, parseFact } from "../../src/decide/parse.ts";
import { isId, sequentialIds } from "../../src/model/ids.ts";
import { DEFAULT_LIMITS, limitProblem, MAX_ID_LENGTH } from "../../src/model/limits.ts";

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

  it("refuses deep input without recursion, however deep (no RangeError)", () => {
    expect(limitProblem(nested(100_000))?.type).toBe("too_deep");
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(limitProblem(cycle)?.type).toBe("too_deep");
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

  it("isId agrees with what commands accept", () => {
    for (const id of ["t1", "x".repeat(256), "ü ✓"]) expect(isId(id)).toBe(true);
    for (const id of ["", "x".repeat(257), "a\u0000", "\ud800", "a\tb", 5, null]) {
      expect(isId(id)).toBe(false);
    }
  });
});
