/**
 * A quick look that proves an input within its limits without counting it exactly: the
 * nesting, and every string and key for U+0000 and unpaired surrogates, exactly; the size as
 * an upper bound of its JSON (a string at three bytes a unit, a number at 24 bytes). When the
 * bound is within `maxBytes`, the exact size is too, so the input keeps its limits; when
 * anything else is found, the exact walk of `limits.ts` says what and where. Most inputs are
 * far from every limit, and this look costs a fraction of the exact one. It reads at most
 * 10,000 values: a bigger input goes to the exact walk at once, which stops where it crosses.
 */

// The longest JSON a number can take (`-1.2345678901234567e-308`); `false` takes 5.
const NUMBER_BYTES = 24;
const SHORT_TEXT = 32;

/** Whether a string holds neither U+0000 nor an unpaired surrogate. */
function plainText(text: string): boolean {
  if (text.length > SHORT_TEXT) {
    return (
      !text.includes("\u0000") && (text as unknown as { isWellFormed(): boolean }).isWellFormed()
    );
  }
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0 || (unit >= 0xd800 && unit <= 0xdfff)) return false;
  }
  return true;
}

/** The walk's state: the bytes left to spend, how deep it may go, how many values to look at. */
interface Budget {
  left: number;
  visits: number;
  readonly maxDepth: number;
}

/**
 * How many values the quick look reads at most. Past that the input is no longer small, and
 * the exact walk (which stops where a limit is crossed) is the cheaper way to an answer.
 */
const MAX_VISITS = 10_000;

// Whether `value`, inside `open` containers, is surely within the budget; spends its bound.
function within(value: unknown, open: number, budget: Budget): boolean {
  if (--budget.visits < 0) return false;
  if (typeof value === "string") {
    budget.left -= value.length * 3 + 2;
    return budget.left >= 0 && plainText(value);
  }
  if (typeof value !== "object" || value === null) {
    budget.left -= NUMBER_BYTES;
    return budget.left >= 0;
  }
  if (open + 1 > budget.maxDepth) return false;
  if (Array.isArray(value)) {
    // Brackets and commas, before any element is read.
    budget.left -= value.length + 2;
    if (budget.left < 0) return false;
    for (let i = 0; i < value.length; i++) if (!within(value[i], open + 1, budget)) return false;
    return true;
  }
  return objectWithin(value as Record<string, unknown>, open, budget);
}

// An object: its braces and every key (quotes, colon, comma) spent before any value is read.
// Two passes of `for…in` cost less than the array `Object.keys` makes; keys it would find
// beyond the object's own (inherited enumerable ones, never on parsed JSON) only make the
// look stricter.
function objectWithin(object: Record<string, unknown>, open: number, budget: Budget): boolean {
  budget.left -= 2;
  for (const key in object) budget.left -= key.length * 3 + 4;
  if (budget.left < 0) return false;
  for (const key in object) {
    if (!plainText(key) || !within(object[key], open + 1, budget)) return false;
  }
  return true;
}

/**
 * Whether `input` surely keeps the limits: nested at most `maxDepth` deep, every string and
 * key storable, and its JSON surely at most `maxBytes`. `false` says only "look exactly".
 */
export function surelyWithin(
  input: unknown,
  limits: { readonly maxDepth: number; readonly maxBytes: number },
): boolean {
  return within(input, 0, {
    left: limits.maxBytes,
    visits: MAX_VISITS,
    maxDepth: limits.maxDepth,
  });
}
