// Every line boundary of Unicode (UAX #14's mandatory breaks) and of the common readers
// (Python's `str.splitlines`, JavaScript's line terminators, terminals): CRLF is one break.
// Kept private and never global, so no caller shares its `lastIndex` or picks a smaller set.
// biome-ignore lint/suspicious/noControlCharactersInRegex: FS, GS and RS are line breaks too.
const BREAK = /\r\n|[\n\v\f\r\u001c\u001d\u001e\u0085\u2028\u2029]/;
const BREAKS = new RegExp(BREAK.source, "g");

/**
 * A text's lines, split at every line break (LF, CR, CRLF, VT, FF, U+001C–U+001E, U+0085,
 * U+2028, U+2029), as any of its readers could split it. Like `String.split`, a text ending
 * in a break has an empty last line, and `""` is one empty line.
 */
export function splitLines(text: string): string[] {
  return text.split(BREAKS);
}

/**
 * Text someone else wrote, on the lines of a block the caller lays out: its first line as it
 * is, each later one on a new line (LF) at exactly `indent`, its own leading whitespace
 * dropped. So none of its lines starts where the caller starts lines of its own: neither at
 * the left edge nor, by leading spaces of its own, at a deeper column the caller uses.
 */
export function inlined(text: string, indent: string): string {
  const [first = "", ...rest] = splitLines(text);
  return [first, ...rest.map((line) => `${indent}${line.trimStart()}`)].join("\n");
}
