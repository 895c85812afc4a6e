// The preparation git's Myers diff does before searching, from GNU diff's published
// heuristics: lines with no match in the other file are set aside, and so are frequent lines
// caught among them. Constants are set to what git's results show.

/** A line with at least min(this, √length) matches in the other file "occurs very often". */
const MAX_EQUAL_LIMIT = 1024;
/** How far the scan for runs of unmatched lines looks on each side. */
const SCAN_WINDOW = 100;
/** A frequent line goes when unmatched lines outnumber frequent ones this many times, minus one. */
const FREQUENT_RUN_FACTOR = 4;

// A line's kind by its matches in the other file: none (0), some, or many.
const SOME_MATCHES = 1;
const MANY_MATCHES = 2;

/** Integer square root, rounded up to a power of two (cheap, and what the thresholds assume). */
export function roughSqrt(n: number): number {
  let root = 1;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 4)) root *= 2;
  return root;
}

/** How often each code occurs in `codes`, by code (codes below `size`). */
export function countCodes(codes: Int32Array, size: number): Int32Array {
  const counts = new Int32Array(size);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as number;
    counts[code] = (counts[code] as number) + 1;
  }
  return counts;
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
  // unmatchedBefore[r]: unmatched lines among the first r, so each "confusing" test is O(1).
  const unmatchedBefore = new Int32Array(length + 1);
  let unmatched = 0;
  for (let r = 0; r < length; r++) {
    const matches = otherCounts[codes[start + r] as number] as number;
    // Without branches (which kind comes next follows the edits, which no CPU guesses): a
    // match makes it SOME_MATCHES (1), `limit` of them MANY_MATCHES (2).
    const some = -matches >>> 31;
    kinds[r] = some + ((limit - 1 - matches) >>> 31);
    unmatched += 1 - some;
    unmatchedBefore[r + 1] = unmatched;
  }
  const keptCodes = new Int32Array(length);
  const index = new Int32Array(length);
  let kept = 0;
  let lastSome = -1;
  // The first line past r with some (not many) matches, found by a scan that only moves on.
  let nextSome = -1;
  // Module constants read in a loop are reloaded on every turn: read once.
  const someMatches = SOME_MATCHES;
  const manyMatches = MANY_MATCHES;
  const window = SCAN_WINDOW;
  for (let r = 0; r < length; r++) {
    const kind = kinds[r];
    let keep = kind === someMatches;
    if (kind === manyMatches) {
      if (nextSome <= r) {
        nextSome = r + 1;
        while (nextSome < length && kinds[nextSome] !== someMatches) nextSome++;
      }
      const runStart = Math.max(lastSome + 1, r - window);
      const runEnd = Math.min(nextSome, r + window + 1);
      keep = !isConfusing(
        (unmatchedBefore[r] as number) - (unmatchedBefore[runStart] as number),
        r - runStart,
        (unmatchedBefore[runEnd] as number) - (unmatchedBefore[r + 1] as number),
        runEnd - r - 1,
      );
    } else if (kind === someMatches) lastSome = r;
    if (keep) {
      keptCodes[kept] = codes[start + r] as number;
      index[kept] = start + r;
      kept++;
    } else changed[start + r] = 1;
  }
  return { codes: keptCodes.subarray(0, kept), index: index.subarray(0, kept) };
}

/**
 * Whether a frequent line is "confusing" (GNU diff's term): the runs of unmatched or frequent
 * lines just before and after it (up to a window) both hold unmatched lines, and these
 * outnumber the frequent ones. Matching it would only pull the diff apart. Each run is given
 * by its unmatched lines and its length.
 */
function isConfusing(
  unmatchedBefore: number,
  linesBefore: number,
  unmatchedAfter: number,
  linesAfter: number,
): boolean {
  if (unmatchedBefore === 0 || unmatchedAfter === 0) return false;
  const unmatched = unmatchedBefore + unmatchedAfter;
  // The line itself counts once in each run.
  const frequent = linesBefore + linesAfter - unmatched + 2;
  return frequent * FREQUENT_RUN_FACTOR < frequent + unmatched;
}
