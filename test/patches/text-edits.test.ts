import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.ts";
import type { TextEdits } from "../../src/model/patches.ts";
import { applyTextEdits } from "../../src/patches/text-edits.ts";

function edits(...pairs: [string, string][]): TextEdits {
  return {
    kind: "text_edits",
    field: "text",
    edits: pairs.map(([old, replacement]) => ({ old, new: replacement })),
  };
}

function failure(data: JsonObject, patch: TextEdits): string {
  const result = applyTextEdits(data, patch);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  expect(result.rejection.type).toBe("patch_failed");
  return result.rejection.message;
}

describe("applyTextEdits", () => {
  it("replaces the single occurrence and keeps other keys and their order", () => {
    const data = { title: "Plan", text: "Meet on Sunday at noon", extra: 1 };
    const result = applyTextEdits(data, edits(["Sunday", "Monday"]));
    expect(result).toEqual({
      ok: true,
      value: { title: "Plan", text: "Meet on Monday at noon", extra: 1 },
    });
    expect(Object.keys(result.ok ? result.value : {})).toEqual(["title", "text", "extra"]);
  });

  it("applies edits in order, each to the previous result", () => {
    const result = applyTextEdits({ text: "a b" }, edits(["a", "c"], ["c b", "done"]));
    expect(result).toEqual({ ok: true, value: { text: "done" } });
  });

  it("inserts `new` literally, including $& and $1 patterns", () => {
    const result = applyTextEdits({ text: "price: X" }, edits(["X", "$& $1 $$ $' $`"]));
    expect(result).toEqual({ ok: true, value: { text: "price: $& $1 $$ $' $`" } });
  });

  it("counts overlapping occurrences once, as Python's str.count does", () => {
    expect(applyTextEdits({ text: "aaa" }, edits(["aa", "X"]))).toEqual({
      ok: true,
      value: { text: "Xa" },
    });
  });

  it("uses a custom field", () => {
    const patch: TextEdits = { kind: "text_edits", field: "body", edits: [{ old: "x", new: "y" }] };
    expect(applyTextEdits({ body: "x" }, patch)).toEqual({ ok: true, value: { body: "y" } });
  });

  it("refuses an anchor that is not found", () => {
    expect(failure({ text: "Saturday" }, edits(["Sunday", "Monday"]))).toBe(
      "the anchor 'Sunday' is not found",
    );
  });

  it("refuses an ambiguous anchor with Python's non-overlapping count", () => {
    expect(failure({ text: "la la la" }, edits(["la", "x"]))).toBe(
      "the anchor 'la' is ambiguous: it occurs 3 times",
    );
    // "aaaa".count("aa") == 2 in Python, not 3.
    expect(failure({ text: "aaaa" }, edits(["aa", "x"]))).toBe(
      "the anchor 'aa' is ambiguous: it occurs 2 times",
    );
  });

  it("previews a long anchor as 59 characters and an ellipsis", () => {
    const anchor = "0123456789".repeat(7);
    expect(failure({ text: "nothing here" }, edits([anchor, "x"]))).toBe(
      `the anchor '${anchor.slice(0, 59)}…' is not found`,
    );
  });

  it("quotes an anchor containing ' with double quotes, as Python's repr", () => {
    expect(failure({ text: "x" }, edits(["it's", "x"]))).toBe(`the anchor "it's" is not found`);
    expect(failure({ text: "x" }, edits([`it's "so"`, "x"]))).toBe(
      `the anchor 'it\\'s "so"' is not found`,
    );
  });

  it("reports which edit failed after earlier ones applied", () => {
    expect(failure({ text: "one two" }, edits(["one", "two"], ["two", "three"]))).toBe(
      "the anchor 'two' is ambiguous: it occurs 2 times",
    );
  });

  it("allows an empty anchor only on empty text", () => {
    expect(applyTextEdits({ text: "" }, edits(["", "hello"]))).toEqual({
      ok: true,
      value: { text: "hello" },
    });
    expect(failure({ text: "x" }, edits(["", "hello"]))).toBe(
      "an empty anchor is only allowed when the text is empty",
    );
  });

  it("refuses a field that is not a string, or missing", () => {
    const items: TextEdits = {
      kind: "text_edits",
      field: "items",
      edits: [{ old: "a", new: "b" }],
    };
    expect(failure({ items: { a: 1 } }, items)).toBe("'items' is not a text field");
    expect(failure({ title: "x" }, items)).toBe("'items' is not a text field");
    expect(failure({ text: null }, edits(["a", "b"]))).toBe("'text' is not a text field");
    const inherited: TextEdits = {
      kind: "text_edits",
      field: "toString",
      edits: [{ old: "a", new: "b" }],
    };
    expect(failure({}, inherited)).toBe("'toString' is not a text field");
    const quoted: TextEdits = {
      kind: "text_edits",
      field: "it's",
      edits: [{ old: "a", new: "b" }],
    };
    expect(failure({}, quoted)).toBe(`"it's" is not a text field`);
  });

  it("leaves frozen input untouched", () => {
    const data = Object.freeze({ text: "Sunday", other: Object.freeze({ n: 1 }) });
    const patch = Object.freeze(edits(["Sunday", "Monday"]));
    const result = applyTextEdits(data, patch);
    expect(result).toEqual({ ok: true, value: { text: "Monday", other: { n: 1 } } });
    expect(data).toEqual({ text: "Sunday", other: { n: 1 } });
  });

  it("replaces exactly a unique anchor (property)", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string(),
        (before, anchor, after, replacement) => {
          const text = before + anchor + after;
          // Only texts where the anchor occurs exactly once (overlaps included) qualify.
          fc.pre(
            text.indexOf(anchor) === before.length && text.lastIndexOf(anchor) === before.length,
          );
          const result = applyTextEdits({ text, keep: true }, edits([anchor, replacement]));
          expect(result).toEqual({
            ok: true,
            value: { text: before + replacement + after, keep: true },
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
