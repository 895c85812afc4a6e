import { inlined, splitLines } from "../../../model/line-breaks.ts";

// Everything a terminal acts on, or a reader takes for a line break or a reordering: C0 (LF,
// CR, ESC, BEL, …), DEL and C1 (U+009B is CSI to some terminals), line and paragraph
// separators, unpaired surrogates, and format characters (bidi overrides and isolates, the
// BOM, zero-width spaces), but for the two joiners scripts and emoji are written with.
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/gu;

// One notation for all of them, JavaScript's (and, in the BMP, JSON's): `\u001b`, `\u2028`.
function visible(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = code.toString(16);
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
}

// Nominal, by its private field: no other object passes for one, and only this module makes
// them, so whatever reaches the terminal was made visible here or is the CLI's own.
class ShownText {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

/**
 * Text for one line of the terminal: the CLI's own words and colours, and others' content
 * only as {@link shown} makes it visible. The output functions take nothing else, so a raw
 * string does not compile where a line is printed.
 */
export type Shown = ShownText;

/**
 * `text` made safe for one line of a terminal: every control and escape character (C0, DEL,
 * C1, so every escape sequence), line break, line or paragraph separator, bidi control and
 * other format character (but the joiners U+200C and U+200D) written as its visible escape,
 * `\u001b`, `\u2028` (`\u{e0001}` beyond the BMP). Nothing of it moves the cursor, colours,
 * retitles, links or reorders, and none of it starts a line.
 */
export function shown(text: string | number): Shown {
  return new ShownText(String(text).replace(UNSAFE, visible));
}

/**
 * A line of the CLI's own, as a tagged template: its literal parts are the CLI's words; every
 * value put in it is made visible by {@link shown}, unless it already is a {@link Shown} (a
 * colour of the palette's, a part built before).
 */
export function line(
  strings: TemplateStringsArray,
  ...values: readonly (string | number | Shown)[]
): Shown {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    const part = value instanceof ShownText ? value.toString() : shown(value).toString();
    text += `${part}${strings[i + 1] ?? ""}`;
  });
  return new ShownText(text);
}

/** `parts` joined by `separator` (the CLI's own, such as `", "`) into one shown text. */
export function joined(parts: readonly Shown[], separator: string): Shown {
  return new ShownText(parts.map(String).join(separator));
}

/**
 * `text` painted with an SGR code of the palette's (`ESC [ on m` … `ESC [ off m`): the only
 * escape sequence the CLI writes, around text made visible first.
 */
export function sgr(on: number, off: number, text: string | Shown): Shown {
  return line`\u001b[${on}m${text}\u001b[${off}m`;
}

/**
 * A text someone else wrote laid out on lines of the CLI's, for a block that shows it whole
 * (a rationale): its first line after `head`, each later one at exactly `indent`, deeper than
 * the CLI starts lines of its own; each line made visible.
 */
export function block(head: Shown, text: string, indent: string): Shown[] {
  const [first = "", ...rest] = splitLines(inlined(text, indent));
  return [line`${head}${first}`, ...rest.map((later) => shown(later))];
}

/** The lines of a text the library laid out itself (rendered notes, a stack), each made visible. */
export function shownLines(text: string): Shown[] {
  return splitLines(text).map((part) => shown(part));
}
