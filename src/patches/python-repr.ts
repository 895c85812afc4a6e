// Python's str.isprintable() is false for the Unicode categories "Other" (C*) and "Separator"
// (Z*), except the ASCII space. The `u` flag makes a lone surrogate match as one code point.
const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;

const NAMED_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

function hexEscape(codePoint: number): string {
  if (codePoint <= 0xff) return `\\x${codePoint.toString(16).padStart(2, "0")}`;
  if (codePoint <= 0xffff) return `\\u${codePoint.toString(16).padStart(4, "0")}`;
  return `\\U${codePoint.toString(16).padStart(8, "0")}`;
}

/**
 * Python's `repr()` of a `str`, so messages that quote user text read exactly as the
 * original's: single quotes unless the text has `'` and no `"`, Python's escapes, lowercase hex.
 */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  // Iterating a string walks code points (lone surrogates included), as Python does.
  for (const char of text) {
    const named = NAMED_ESCAPES[char];
    if (named !== undefined) body += named;
    else if (char === quote) body += `\\${char}`;
    else if (char !== " " && NON_PRINTABLE.test(char)) body += hexEscape(char.codePointAt(0) ?? 0);
    else body += char;
  }
  return `${quote}${body}${quote}`;
}

const PREVIEW_LIMIT = 60;

/**
 * Shortens an anchor for an error message: at most 60 characters, else the first 59 and `…`.
 * Counts code points, as Python's `len()` does, so an emoji is one character, not two.
 */
export function anchorPreview(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= PREVIEW_LIMIT) return text;
  return `${chars.slice(0, PREVIEW_LIMIT - 1).join("")}…`;
}
