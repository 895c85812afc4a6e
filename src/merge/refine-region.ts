import { type MergeChunk, rangeIn } from "./chunk-walk.ts";
import type { LineDiff, LineRange } from "./types.ts";
import { mergeTokens, type TokenMerge, type TokenVersion } from "./word-chunks.ts";
import { isLineBreak } from "./words.ts";

/**
 * A piece of a conflicting line region merged again word by word: merged text (with its
 * number of lines), or a conflict that is still one, as whole lines of each version (counted
 * from the region's first line).
 */
type RegionPiece =
  | { readonly kind: "text"; readonly text: string; readonly lines: number }
  | {
      readonly kind: "conflict";
      readonly base: LineRange;
      readonly ours: LineRange;
      readonly theirs: LineRange;
    };

/**
 * A place where the region may be cut into lines: right after a line break that all three
 * versions share (in an unchanged chunk), or the region's start or end. `chunk` and `offset`
 * say how many tokens of which chunk come before it.
 */
interface Cut {
  readonly chunk: number;
  readonly offset: number;
  readonly base: number;
  readonly ours: number;
  readonly theirs: number;
}

function cutsOf(m: TokenMerge): Cut[] {
  const cuts: Cut[] = [{ chunk: 0, offset: 0, base: 0, ours: 0, theirs: 0 }];
  m.chunks.forEach((c, chunk) => {
    if (c.kind !== "unchanged") return;
    for (let k = 0; k < c.baseEnd - c.baseStart; k++) {
      if (!m.isBreak(m.base.ids[c.baseStart + k] as number)) continue;
      const offset = k + 1;
      const at = { base: c.baseStart, ours: c.oursStart, theirs: c.theirsStart };
      cuts.push({
        chunk,
        offset,
        base: at.base + offset,
        ours: at.ours + offset,
        theirs: at.theirs + offset,
      });
    }
  });
  const end = { base: m.base.ids.length, ours: m.ours.ids.length, theirs: m.theirs.ids.length };
  cuts.push({ chunk: m.chunks.length, offset: 0, ...end });
  return cuts;
}

/** The cuts around each conflict (as indices into `cuts`), groups that touch joined. */
function conflictGroups(m: TokenMerge, cuts: readonly Cut[]): [number, number][] {
  const groups: [number, number][] = [];
  let next = 0;
  m.chunks.forEach((c, chunk) => {
    if (c.kind !== "conflict") return;
    // The last cut before the chunk, and the first after it.
    while ((cuts[next + 1] as Cut).chunk < chunk) next++;
    let after = next + 1;
    while ((cuts[after] as Cut).chunk <= chunk) after++;
    const last = groups.at(-1);
    if (last !== undefined && next <= last[1]) last[1] = after;
    else groups.push([next, after]);
  });
  return groups;
}

/** The tokens a chunk puts into the merge: theirs for their change, ours for the rest. */
function emitted(m: TokenMerge, c: MergeChunk): { version: TokenVersion; range: LineRange } {
  return c.kind === "theirs"
    ? { version: m.theirs, range: rangeIn(c, "theirs") }
    : { version: m.ours, range: rangeIn(c, "ours") };
}

/** The merged text between two cuts, where no conflict is. */
function stableText(m: TokenMerge, from: Cut, to: Cut): string {
  const parts: string[] = [];
  for (let chunk = from.chunk; chunk <= to.chunk && chunk < m.chunks.length; chunk++) {
    const { version, range } = emitted(m, m.chunks[chunk] as MergeChunk);
    const start = range.start + (chunk === from.chunk ? from.offset : 0);
    const end = chunk === to.chunk ? range.start + to.offset : range.end;
    for (let i = start; i < end; i++) parts.push(version.tokens[i] as string);
  }
  return parts.join("");
}

/** Lines of a text: its line breaks, and one more for a last line without one. */
function lineCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return text.length > 0 && !text.endsWith("\n") ? count + 1 : count;
}

/** Line breaks before each token of a version, and the version's number of lines. */
interface LineIndex {
  readonly breaksBefore: Int32Array;
  readonly lines: number;
}

function lineIndex(version: TokenVersion): LineIndex {
  const { tokens } = version;
  const breaksBefore = new Int32Array(tokens.length + 1);
  for (let i = 0; i < tokens.length; i++) {
    breaksBefore[i + 1] = (breaksBefore[i] as number) + (isLineBreak(tokens[i] as string) ? 1 : 0);
  }
  const last = tokens.at(-1);
  const lines =
    (breaksBefore[tokens.length] as number) + (last === undefined || isLineBreak(last) ? 0 : 1);
  return { breaksBefore, lines };
}

/** The lines between two cuts of a version (a cut is a line's start, or the version's end). */
function linesBetween(index: LineIndex, from: number, to: number): LineRange {
  const at = (cut: number) =>
    cut === index.breaksBefore.length - 1 ? index.lines : (index.breaksBefore[cut] as number);
  return { start: at(from), end: at(to) };
}

/**
 * Merges a conflicting line region again, word by word (see `mergeTokens`). Returns the
 * region's pieces in order: merged text where the word merge is clean, and each conflict it
 * still has, widened to the whole lines it touches in every version (up to line breaks all
 * three share), conflicts that then touch joined. A region that merges cleanly is one text.
 */
export function refineRegion(
  region: { readonly base: string; readonly ours: string; readonly theirs: string },
  diff: LineDiff,
): RegionPiece[] {
  const m = mergeTokens(region.base, region.ours, region.theirs, diff);
  const cuts = cutsOf(m);
  const index = { base: lineIndex(m.base), ours: lineIndex(m.ours), theirs: lineIndex(m.theirs) };
  const pieces: RegionPiece[] = [];
  const text = (from: Cut, to: Cut) => {
    const merged = stableText(m, from, to);
    if (merged !== "") pieces.push({ kind: "text", text: merged, lines: lineCount(merged) });
  };
  let done = cuts[0] as Cut;
  for (const [before, after] of conflictGroups(m, cuts)) {
    const from = cuts[before] as Cut;
    const to = cuts[after] as Cut;
    text(done, from);
    pieces.push({
      kind: "conflict",
      base: linesBetween(index.base, from.base, to.base),
      ours: linesBetween(index.ours, from.ours, to.ours),
      theirs: linesBetween(index.theirs, from.theirs, to.theirs),
    });
    done = to;
  }
  text(done, cuts.at(-1) as Cut);
  return pieces;
}
