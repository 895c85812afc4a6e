// The word merge's tokens: what is one token, and that tokens always give back the text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLineBreak, tokenize, tokenizeByPattern } from "../../src/merge/words.ts";

describe("tokenize", () => {
  it("cuts words, runs of whitespace, line breaks and punctuation apart", () => {
    expect(tokenize("Ship v1 on Friday, then  rest.\r\nDone!\n")).toEqual([
      "Ship",
      " ",
      "v1",
      " ",
      "on",
      " ",
      "Friday",
      ",",
      " ",
      "then",
      "  ",
      "rest",
      ".",
      "\r\n",
      "Done",
      "!",
      "\n",
    ]);
  });

  it("keeps numbers, contractions and identifiers whole", () => {
    expect(tokenize("3.14 1,000 10:30 don't l’eau snake_case v1.2")).toEqual([
      "3.14",
      " ",
      "1,000",
      " ",
      "10:30",
      " ",
      "don't",
      " ",
      "l’eau",
      " ",
      "snake_case",
      " ",
      "v1.2",
    ]);
  });

  it("does not join words at a full stop or a hyphen", () => {
    expect(tokenize("end.Next well-known e.g.")).toEqual([
      "end",
      ".",
      "Next",
      " ",
      "well",
      "-",
      "known",
      " ",
      "e",
      ".",
      "g",
      ".",
    ]);
  });

  it("keeps accented and other alphabets' words whole, and emoji with their modifiers", () => {
    expect(tokenize("naïve café — Zürich")).toEqual([
      "naïve",
      " ",
      "café",
      " ",
      "—",
      " ",
      "Zürich",
    ]);
    expect(tokenize("Привет мир 한국어")).toEqual(["Привет", " ", "мир", " ", "한국어"]);
    expect(tokenize("e\u0301 👍🏽👨‍👩‍👧🇫🇷")).toEqual(["e\u0301", " ", "👍🏽", "👨‍👩‍👧", "🇫🇷"]);
  });

  it("makes each Han, Hiragana and Katakana character a token", () => {
    expect(tokenize("日本語のテキスト。")).toEqual([
      "日",
      "本",
      "語",
      "の",
      "テ",
      "キ",
      "ス",
      "ト",
      "。",
    ]);
  });

  it("takes a lone carriage return as whitespace, and CRLF as one line break", () => {
    expect(tokenize("a\r b\r\n")).toEqual(["a", "\r ", "b", "\r\n"]);
    expect(isLineBreak("\r\n")).toBe(true);
    expect(isLineBreak("\n")).toBe(true);
    expect(isLineBreak("\r")).toBe(false);
    expect(isLineBreak(" ")).toBe(false);
  });

  it("gives back the text when its tokens are joined, and never an empty token", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text) => {
        const tokens = tokenize(text);
        expect(tokens.join("")).toBe(text);
        expect(tokens.every((token) => token.length > 0)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("cuts exactly as the expression does, its fast path for ASCII included", () => {
    const pieces = [
      ..."aZ09_ '.,:-!\t\r\n\u000b\u0001",
      "\r\n",
      "é",
      "’",
      "٣",
      "\u00a0",
      "\u2003",
      "\u0301",
      "日",
      "カ",
      "👍",
      "\u{1F3FD}",
      "\u200d",
      "🇫",
      "\ud800",
    ];
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((xs) => xs.join(""));
    fc.assert(
      fc.property(text, (t) => {
        expect(tokenize(t)).toEqual(tokenizeByPattern(t));
      }),
      { numRuns: 3000 },
    );
  });
});
