import { describe, expect, it } from "vitest";
import { anchorPreview, pyRepr } from "../../src/patches/python-repr.ts";

describe("pyRepr", () => {
  it.each([
    ["Sunday", "'Sunday'"],
    ["", "''"],
    ["it's", `"it's"`],
    [`say "hi"`, `'say "hi"'`],
    [`it's "quoted"`, `'it\\'s "quoted"'`],
    ["back\\slash", "'back\\\\slash'"],
    ["a\nb\rc\td", "'a\\nb\\rc\\td'"],
    ["\x00\x1f\x7f", "'\\x00\\x1f\\x7f'"],
    ["\x85\xa0\xad", "'\\x85\\xa0\\xad'"],
    ["zero\u200bwidth", "'zero\\u200bwidth'"],
    ["line\u2028sep", "'line\\u2028sep'"],
    ["lone \ud800 surrogate", "'lone \\ud800 surrogate'"],
    ["private \u{f0000}", "'private \\U000f0000'"],
    ["café ünïcode 日本 😀", "'café ünïcode 日本 😀'"],
    ["a b", "'a b'"],
  ])("%j → %s", (text, expected) => {
    expect(pyRepr(text)).toBe(expected);
  });
});

describe("anchorPreview", () => {
  it("keeps 60 characters as they are", () => {
    const text = "x".repeat(60);
    expect(anchorPreview(text)).toBe(text);
  });

  it("shortens 61 characters to 59 and an ellipsis", () => {
    expect(anchorPreview("x".repeat(61))).toBe(`${"x".repeat(59)}…`);
  });

  it("counts code points, not UTF-16 units", () => {
    const sixtyEmoji = "😀".repeat(60);
    expect(anchorPreview(sixtyEmoji)).toBe(sixtyEmoji);
    expect(anchorPreview("😀".repeat(61))).toBe(`${"😀".repeat(59)}…`);
  });
});
