// What `JSON.stringify` leaves raw that a reader may take for a line break or a control:
// DEL and C1 (U+0085 among them), U+2028 and U+2029, and format characters (bidi overrides
// and isolates, zero-width characters, the BOM). C0 controls in strings it escapes itself;
// the only raw ones are the line feeds of its own indentation.
const RAW = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

const escaped = (char: string): string => {
  let out = "";
  // Per UTF-16 unit: a character beyond the BMP is written as its surrogate pair, as JSON does.
  for (let i = 0; i < char.length; i++) {
    out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  }
  return out;
};

/**
 * `value` as JSON text (indented by `space`, as `JSON.stringify` does) in which no character
 * reads as a line break or a control: every one is written as its `\uXXXX` escape. It parses
 * back to the same value. A value JSON cannot write (`undefined`) is written as `null`.
 */
export function jsonText(value: unknown, space?: number): string {
  return (JSON.stringify(value, null, space) ?? "null").replace(RAW, escaped);
}
