/**
 * The tokens of the word merge. A text is cut, left to right, into:
 *
 * - a line break: `"\n"` or `"\r\n"`, one token each;
 * - a run of other whitespace (spaces, tabs, a lone `"\r"`, any Unicode space);
 * - one Han, Hiragana or Katakana character (with its combining marks): these scripts write
 *   no spaces between words, and a character is the closest unit to a word there;
 * - a word: a run of letters, digits, combining marks and connector punctuation (`_`), held
 *   together by an apostrophe between word characters (`don't`, `l’eau`) and by `.`, `,` or
 *   `:` between digits (`3.14`, `1,000`, `10:30`), so a number or a contraction is one token;
 * - a pair of regional indicators (a flag);
 * - any other character, one token each (punctuation, symbols), with the combining marks,
 *   skin-tone modifiers and zero-width-joined characters that follow it, so an emoji stays
 *   whole.
 *
 * Joining the tokens gives back the text. The rules are one regular expression, the same on
 * every runtime (no locale data, unlike `Intl.Segmenter`), so a merge gives the same answer
 * on a server and in a browser.
 */

const IDEOGRAPH = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]`;
const WORD_CHAR = String.raw`(?:(?!${IDEOGRAPH})[\p{L}\p{N}\p{M}\p{Pc}])`;
const WORD = String.raw`${WORD_CHAR}+(?:(?:['’]|(?<=\p{N})[.,:](?=\p{N}))${WORD_CHAR}+)*`;
const TOKEN = new RegExp(
  [
    String.raw`\r?\n`,
    String.raw`(?:[^\S\r\n]|\r(?!\n))+`,
    String.raw`${IDEOGRAPH}\p{M}*`,
    WORD,
    String.raw`\p{RI}\p{RI}`,
    String.raw`.(?:[\p{M}\u{1F3FB}-\u{1F3FF}]|\u200D.)*`,
  ].join("|"),
  "suy",
);

/** Cuts `text` into word-merge tokens (see above); joined, they are the text. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    // Every character matches the last alternative, so a match always follows.
    if (match === null) throw new Error("tokenize: no token matched");
    tokens.push(match[0]);
  }
  return tokens;
}

/** Whether a token is a line break. */
export function isLineBreak(token: string): boolean {
  return token === "\n" || token === "\r\n";
}
