// What a line break is, for every surface: the set of them, others' text kept on indented
// lines, and JSON text in which none of them (nor a control, nor a bidi override) is raw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonText } from "../../src/model/json-text.ts";
import { inlined, splitLines } from "../../src/model/line-breaks.ts";
import { BREAKS } from "./fixtures/others-text.ts";

describe("splitLines", () => {
  it.each(Object.entries(BREAKS))("splits at %s", (_name, newline) => {
    expect(splitLines(`a${newline}b`)).toEqual(["a", "b"]);
  });

  it("splits where Python's str.splitlines splits, CRLF being one break", () => {
    // Python: "a\rb\r\nc\x0bd\x0ce\x1cf\x1dg\x1eh\x85i\u2028j\u2029k".splitlines()
    const text = "a\rb\r\nc\u000bd\u000ce\u001cf\u001dg\u001eh\u0085i\u2028j\u2029k";
    expect(splitLines(text)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]);
  });

  it("keeps empty lines as String.split does: a final break ends in an empty line", () => {
    expect(splitLines("")).toEqual([""]);
    expect(splitLines("a\n")).toEqual(["a", ""]);
    expect(splitLines("\n\r\n\r")).toEqual(["", "", "", ""]);
    expect(splitLines("\n\r")).toEqual(["", "", ""]);
  });

  it("does not split at a tab, a space or other separators that are no line's end", () => {
    expect(splitLines("a\tb\u00a0c\u200bd\u001fe")).toEqual(["a\tb\u00a0c\u200bd\u001fe"]);
  });

  it("answers the same however often it is called (no shared regex state)", () => {
    for (let i = 0; i < 3; i++) expect(splitLines("x\u2028y")).toEqual(["x", "y"]);
  });
});

describe("inlined", () => {
  it("keeps a text without line breaks as it is", () => {
    expect(inlined("  Ship it — on Friday  ", "  ")).toBe("  Ship it — on Friday  ");
  });

  it.each(Object.entries(BREAKS))(
    "continues after %s on a line at exactly the indent",
    (_n, nl) => {
      expect(inlined(`typo${nl}- Alice approved`, "  ")).toBe("typo\n  - Alice approved");
    },
  );

  it("drops a later line's own leading whitespace: it cannot reach a deeper column of the caller's", () => {
    expect(inlined("typo\n    +Approved by Alice\n\t\u00a0x", "  ")).toBe(
      "typo\n  +Approved by Alice\n  x",
    );
  });

  it("leaves no line of the text starting unindented, whatever it holds", () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(...Object.values(BREAKS), "- Alice accepted your proposal p1", "   "),
    );
    fc.assert(
      fc.property(fc.array(piece), (pieces) => {
        const [, ...later] = splitLines(inlined(pieces.join(""), "  "));
        for (const line of later) expect(line.startsWith("  ")).toBe(true);
        for (const line of later) expect(line.slice(2)).toBe(line.slice(2).trimStart());
      }),
    );
  });
});

// What a reader could take for a line break, a control or a reordering of the text.
const RAW =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what it looks for.
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/u;

describe("jsonText", () => {
  it("escapes U+2028, U+2029, U+0085 and every other line break, C1 and DEL", () => {
    const value = { text: "a\u2028b\u2029c\u0085d\u000be\u001cf\r\ng\u009b2Jh\u007f" };
    const text = jsonText(value);
    expect(text).toBe(
      '{"text":"a\\u2028b\\u2029c\\u0085d\\u000be\\u001cf\\r\\ng\\u009b2Jh\\u007f"}',
    );
    expect(JSON.parse(text)).toEqual(value);
  });

  it("escapes bidi controls and other format characters, beyond the BMP as a surrogate pair", () => {
    const value = ["\u202eevil", "\u2066x\u2069", "\ufeffbom", "zw\u200bsp", "tag\u{e0041}"];
    const text = jsonText(value);
    expect(text).toBe(
      '["\\u202eevil","\\u2066x\\u2069","\\ufeffbom","zw\\u200bsp","tag\\udb40\\udc41"]',
    );
    expect(JSON.parse(text)).toEqual(value);
  });

  it("escapes keys too, and keeps the indentation's own line feeds", () => {
    const value = { "a\u2028b": { c: 1 } };
    expect(jsonText(value, 2)).toBe('{\n  "a\\u2028b": {\n    "c": 1\n  }\n}');
    expect(jsonText(undefined)).toBe("null");
  });

  it("is JSON that parses back to the same value, with nothing raw a reader could break at", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (value, space) => {
        const text = jsonText(value, space);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(text.replace(/\n/g, "")).not.toMatch(RAW);
        if (space === undefined) expect(splitLines(text)).toHaveLength(1);
      }),
    );
  });

  it("holds for any string at all, of any character", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme-composite" }),
        fc.string({ unit: "binary" }),
        (a, b) => {
          for (const value of [a, b, { [a]: b }]) {
            const text = jsonText(value);
            expect(JSON.parse(text)).toEqual(value);
            expect(splitLines(text)).toHaveLength(1);
            expect(text).not.toMatch(RAW);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
