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
const WORD_PATTERN = String.raw`${WORD_CHAR}+(?:(?:['’]|(?<=\p{N})[.,:](?=\p{N}))${WORD_CHAR}+)*`;
const TOKEN = new RegExp(
  [
    String.raw`\r?\n`,
    String.raw`(?:[^\S\r\n]|\r(?!\n))+`,
    String.raw`${IDEOGRAPH}\p{M}*`,
    WORD_PATTERN,
    String.raw`\p{RI}\p{RI}`,
    String.raw`.(?:[\p{M}\u{1F3FB}-\u{1F3FF}]|\u200D.)*`,
  ].join("|"),
  "suy",
);

/**
 * Cuts `text` into word-merge tokens by the regular expression alone: the definition that
 * {@link tokenize} follows (and is tested against).
 */
export function tokenizeByPattern(text: string): string[] {
  const tokens: string[] = [];
  for (let at = 0; at < text.length; ) {
    const end = patternTokenEnd(text, at);
    tokens.push(text.slice(at, end));
    at = end;
  }
  return tokens;
}

/** Where the token the expression finds at `at` ends. */
function patternTokenEnd(text: string, at: number): number {
  TOKEN.lastIndex = at;
  // Every character matches the last alternative, so a match always follows.
  if (TOKEN.exec(text) === null) throw new Error("tokenize: no token matched");
  return TOKEN.lastIndex;
}

// What an ASCII character is, for the fast path: 1 a word character, 2 whitespace (not a
// line break), 3 other (punctuation, symbols, controls). Line breaks are told apart by code.
const ASCII_CLASS = new Uint8Array(128).map((_, c) => {
  if (/[A-Za-z0-9_]/.test(String.fromCharCode(c))) return 1;
  if (c === 9 || c === 11 || c === 12 || c === 32) return 2;
  return 3;
});
const WORD_CLASS = 1;
const SPACE_CLASS = 2;
const LF = 10;
const CR = 13;
const APOSTROPHE = 39;

/** A character code's class (0 beyond ASCII, or past the end: `charCodeAt` gives NaN there). */
function classOf(code: number): number {
  return code < 128 ? (ASCII_CLASS[code] as number) : 0;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether a code is a joiner inside words: an apostrophe, or `.` `,` `:` between digits. */
function isJoiner(code: number): boolean {
  return code === APOSTROPHE || code === 46 || code === 44 || code === 58;
}

/** Where a run of ASCII whitespace from `at` (a lone CR included) ends. */
function spaceEnd(text: string, at: number): number {
  let end = at;
  for (;;) {
    const d = text.charCodeAt(end);
    if (classOf(d) === SPACE_CLASS || (d === CR && text.charCodeAt(end + 1) !== LF)) end++;
    else return end;
  }
}

/** Where an ASCII word from `at` ends, joiners included; -1 if a joiner meets non-ASCII. */
function wordEnd(text: string, at: number): number {
  let end = at;
  for (;;) {
    const d = text.charCodeAt(end);
    if (classOf(d) === WORD_CLASS) {
      end++;
      continue;
    }
    if (!isJoiner(d)) return end;
    // A joiner joins if a word character follows (for . , : digits on both sides); what
    // follows beyond ASCII is for the expression to judge.
    const after = text.charCodeAt(end + 1);
    if (after >= 128) return -1;
    const joins =
      d === APOSTROPHE
        ? classOf(after) === WORD_CLASS
        : isDigit(text.charCodeAt(end - 1)) && isDigit(after);
    if (!joins) return end;
    end++;
  }
}

/**
 * Where the token at `at` (an ASCII character) ends, found without the expression when it
 * is plain ASCII and an ASCII character (or the end) follows it; -1 when that is not so.
 */
function asciiTokenEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === LF) return at + 1;
  if (c === CR && text.charCodeAt(at + 1) === LF) return at + 2;
  const kind = c === CR ? SPACE_CLASS : classOf(c);
  const end =
    kind === SPACE_CLASS
      ? spaceEnd(text, at + 1)
      : kind === WORD_CLASS
        ? wordEnd(text, at + 1)
        : at + 1;
  // Beyond ASCII, a mark, a joined character or a longer run may continue the token.
  return end === -1 || text.charCodeAt(end) >= 128 ? -1 : end;
}

/**
 * Cuts `text` into word-merge tokens (see above); joined, they are the text. Plain ASCII
 * tokens are cut by hand, which is many times faster than the expression; anything else is
 * left to the expression, so the tokens are always {@link tokenizeByPattern}'s.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (let at = 0; at < text.length; ) {
    const fast = text.charCodeAt(at) < 128 ? asciiTokenEnd(text, at) : -1;
    const end = fast === -1 ? patternTokenEnd(text, at) : fast;
    tokens.push(text.slice(at, end));
    at = end;
  }
  return tokens;
}

/** Whether a token is a line break. */
export function isLineBreak(token: string): boolean {
  return token === "\n" || token === "\r\n";
}
