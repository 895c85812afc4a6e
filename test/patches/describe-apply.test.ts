import { describe, expect, it } from "vitest";
import type { JsonPatchOperation, Patch } from "../../src/model/patches.ts";
import { applyPatch } from "../../src/patches/apply.ts";
import { describePatch } from "../../src/patches/describe.ts";

function adds(n: number): JsonPatchOperation[] {
  return Array.from({ length: n }, (_, i) => ({ op: "add", path: `/a${i}`, value: i }));
}

describe("describePatch", () => {
  it.each<[Patch, string]>([
    [
      { kind: "text_edits", field: "text", edits: [{ old: "a", new: "b" }] },
      "edited text (1 replacement)",
    ],
    [
      {
        kind: "text_edits",
        field: "body",
        edits: [
          { old: "a", new: "b" },
          { old: "c", new: "d" },
        ],
      },
      "edited body (2 replacements)",
    ],
    [{ kind: "json_patch", ops: [] }, ""],
    [{ kind: "json_patch", ops: [{ op: "replace", path: "/count", value: 3 }] }, "replace /count"],
    [{ kind: "json_patch", ops: adds(3) }, "add /a0; add /a1; add /a2"],
    [{ kind: "json_patch", ops: adds(4) }, "add /a0; add /a1; add /a2; and 1 more"],
    [{ kind: "json_patch", ops: adds(5) }, "add /a0; add /a1; add /a2; and 2 more"],
    [
      {
        kind: "json_patch",
        ops: [
          { op: "move", from: "/a", path: "/b" },
          { op: "remove", path: "/c" },
        ],
      },
      "move /b; remove /c",
    ],
  ])("%j → %s", (patch, expected) => {
    expect(describePatch(patch)).toBe(expected);
  });
});

describe("applyPatch", () => {
  it("dispatches text edits", () => {
    const patch: Patch = { kind: "text_edits", field: "text", edits: [{ old: "a", new: "b" }] };
    expect(applyPatch({ text: "a" }, patch)).toEqual({ ok: true, value: { text: "b" } });
  });

  it("dispatches JSON patches, which may return any JSON value", () => {
    const patch: Patch = { kind: "json_patch", ops: [{ op: "replace", path: "", value: [1] }] };
    expect(applyPatch({ text: "a" }, patch)).toEqual({ ok: true, value: [1] });
  });

  it("passes refusals through", () => {
    const patch: Patch = { kind: "json_patch", ops: [{ op: "remove", path: "/x" }] };
    expect(applyPatch({}, patch)).toEqual({
      ok: false,
      rejection: {
        type: "patch_failed",
        message: "the JSON patch does not apply: operation 0 (remove /x): the path does not exist",
      },
    });
  });
});
