// The preparation git's Myers diff does before searching, from GNU diff's published
// heuristics: lines with no match in the other file are set aside, and so are frequent lines
// caught among them. Constants are set to what git's results show.

/** A line with at least min(this, √length) matches in the other file "occurs very often". */
const MAX_EQUAL_LIMIT = 1024;
/** How far the scan for runs of unmatched lines looks on each side. */
const SCAN_WINDOW = 100;
/** A frequent line goes when unmatched lines outnumber frequent ones this many times, minus one. */
const FREQUENT_RUN_FACTOR = 4;

const NO_MATCH = 0;
const SOME_MATCHES = 1;
const MANY_MATCHES = 2;

/** Integer square root, rounded up to a power of two (cheap, and what the thresholds assume). */
export function roughSqrt(n: number): number {
  let root = 1;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 4)) root *= 2;
  return root;
}

/** Whether every value is a small non-negative integer, usable as an index as it is. */
function isDense(values: readonly number[], bound: number): boolean {
  for (const v of values) if (!(v >= 0 && v < bound && Number.isInteger(v))) return false;
  return true;
}

/**
 * Numbers both sequences densely, so counting occurrences can use typed arrays. Interned
 * lines usually are dense already and are kept; anything else is renumbered.
 */
export function denseCodes(a: readonly number[], b: readonly number[]) {
  const bound = 2 * (a.length + b.length) + 64;
  let size = 0;
  let codesA: Int32Array;
  let codesB: Int32Array;
  if (isDense(a, bound) && isDense(b, bound)) {
    codesA = new Int32Array(a);
    codesB = new Int32Array(b);
    for (const v of codesA) size = Math.max(size, v + 1);
    for (const v of codesB) size = Math.max(size, v + 1);
  } else {
    const ids = new Map<number, number>();
    const code = (value: number): number => {
      let id = ids.get(value);
      if (id === undefined) {
        id = ids.size;
        ids.set(value, id);
      }
      return id;
    };
    codesA = Int32Array.from(a, code);
    codesB = Int32Array.from(b, code);
    size = ids.size;
  }
  const countA = new Int32Array(size);
  const countB = new Int32Array(size);
  for (const id of codesA) countA[id] = (countA[id] as number) + 1;
  for (const id of codesB) countB[id] = (countB[id] as number) + 1;
  return { codesA, codesB, countA, countB };
}

/**
 * Sets aside the lines of `codes[start, end)` that cannot or should not be matched: those with
 * no match in the other file, and frequent ones among them (see {@link isConfusing}). They are
 * marked changed; the rest are returned with their positions, for the search.
 */
export function keptLines(
  codes: Int32Array,
  range: { readonly start: number; readonly end: number },
  otherCounts: Int32Array,
  changed: Uint8Array,
): { readonly codes: Int32Array; readonly index: Int32Array } {
  const { start, end } = range;
  const length = end - start;
  const limit = Math.min(roughSqrt(codes.length), MAX_EQUAL_LIMIT);
  const kinds = new Uint8Array(length);
  // unmatchedBefore[r]: unmatched lines among the first r; nextSome[r]: the next line from r on
  // that has some (not many) matches. They make each "confusing" test O(1).
  const unmatchedBefore = new Int32Array(length + 1);
  for (let r = 0; r < length; r++) {
    const matches = otherCounts[codes[start + r] as number] as number;
    const kind = matches === 0 ? NO_MATCH : matches >= limit ? MANY_MATCHES : SOME_MATCHES;
    kinds[r] = kind;
    unmatchedBefore[r + 1] = (unmatchedBefore[r] as number) + (kind === NO_MATCH ? 1 : 0);
  }
  const nextSome = new Int32Array(length + 1);
  nextSome[length] = length;
  for (let r = length - 1; r >= 0; r--) {
    nextSome[r] = kinds[r] === SOME_MATCHES ? r : (nextSome[r + 1] as number);
  }
  const keptCodes = new Int32Array(length);
  const index = new Int32Array(length);
  let kept = 0;
  let lastSome = -1;
  for (let r = 0; r < length; r++) {
    const kind = kinds[r];
    let keep = kind === SOME_MATCHES;
    if (kind === MANY_MATCHES) {
      const runStart = Math.max(lastSome + 1, r - SCAN_WINDOW);
      const runEnd = Math.min(nextSome[r + 1] as number, r + SCAN_WINDOW + 1);
      keep = !isConfusing(
        {
          unmatched: (unmatchedBefore[r] as number) - (unmatchedBefore[runStart] as number),
          lines: r - runStart,
        },
        {
          unmatched: (unmatchedBefore[runEnd] as number) - (unmatchedBefore[r + 1] as number),
          lines: runEnd - r - 1,
        },
      );
    } else if (kind === SOME_MATCHES) lastSome = r;
    if (keep) {
      keptCodes[kept] = codes[start + r] as number;
      index[kept] = start + r;
      kept++;
    } else changed[start + r] = 1;
  }
  return { codes: keptCodes.subarray(0, kept), index: index.subarray(0, kept) };
}

/** A run of unmatched and frequent lines next to a frequent line. */
interface Run {
  readonly unmatched: number;
  readonly lines: number;
}

/**
 * Whether a frequent line is "confusing" (GNU diff's term): the runs of unmatched or frequent
 * lines just before and after it (up to a window) both hold unmatched lines, and these
 * outnumber the frequent ones. Matching it would only pull the diff apart.
 */
function isConfusing(before: Run, after: Run): boolean {
  if (before.unmatched === 0 || after.unmatched === 0) return false;
  const unmatched = before.unmatched + after.unmatched;
  // The line itself counts once in each run.
  const frequent = before.lines + after.lines - unmatched + 2;
  return frequent * FREQUENT_RUN_FACTOR < frequent + unmatched;
}
