/**
 * Large three-way inputs made of real text: the corpus's files (one version of each distinct
 * file, end to end) cut to a size, then edited on both sides at scattered places, or with a
 * block moved. A seeded generator keeps every run on the same documents.
 */

import type { CorpusCase } from "./corpus.ts";

/** One three-way input of the benchmark. */
export interface Document {
  readonly label: string;
  readonly lines: number;
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
}

/** Mulberry32: a small seeded generator, so the documents are the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits text into lines that keep their ends. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Real lines to cut documents from: one version of each file of the corpus, repeated if short. */
export function realLines(cases: readonly CorpusCase[], atLeast: number): string[] {
  const seen = new Set<string>();
  const pool: string[] = [];
  for (const c of cases) {
    const key = `${c.repo} ${c.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const lines = splitLines(c.base);
    const last = lines.at(-1);
    if (last !== undefined && !last.endsWith("\n")) lines[lines.length - 1] = `${last}\n`;
    pool.push(...lines);
  }
  const out = [...pool];
  while (out.length < atLeast && pool.length > 0) out.push(...pool);
  return out;
}

/** About one edit per `every` lines: a line changed, added or removed, at random places. */
function scatter(lines: readonly string[], side: string, every: number, seed: number): string[] {
  const next = random(seed);
  const out = [...lines];
  const edits = Math.max(1, Math.floor(lines.length / every));
  // From the end, so earlier positions stay valid.
  const at = Array.from({ length: edits }, () => Math.floor(next() * lines.length)).sort(
    (x, y) => y - x,
  );
  at.forEach((i, k) => {
    const kind = next();
    const line = out[i] ?? "\n";
    if (kind < 0.5) out[i] = `${line.replace(/\n$/, "")} (edited by ${side})\n`;
    else if (kind < 0.8) out.splice(i, 0, `A line ${side} added, number ${k}.\n`);
    else out.splice(i, 1);
  });
  return out;
}

/** Both sides edited at scattered places, one edit per ~100 lines each. */
export function scattered(pool: readonly string[], lines: number): Document {
  const base = pool.slice(0, lines);
  return {
    label: "scattered edits",
    lines,
    base: base.join(""),
    ours: scatter(base, "ours", 100, lines).join(""),
    theirs: scatter(base, "theirs", 100, lines + 1).join(""),
  };
}

/** Theirs moves a block (a twentieth of the text) from near the start to near the end; ours edits. */
export function movedBlock(pool: readonly string[], lines: number): Document {
  const base = pool.slice(0, lines);
  const size = Math.floor(lines / 20);
  const from = Math.floor(lines / 5);
  const to = Math.floor((lines * 7) / 10);
  const block = base.slice(from, from + size);
  const theirs = [
    ...base.slice(0, from),
    ...base.slice(from + size, to),
    ...block,
    ...base.slice(to),
  ];
  return {
    label: "block moved",
    lines,
    base: base.join(""),
    ours: scatter(base, "ours", 200, lines + 2).join(""),
    theirs: theirs.join(""),
  };
}

/** Numbered lines of varied length (0 to 39 extra characters), all distinct. */
function numberedLines(lines: number): string[] {
  return Array.from({ length: lines }, (_, i) => `line ${i}: ${"x".repeat(i % 40)}\n`);
}

/**
 * Distinct numbered lines; ours rewrites every 97th line, theirs every 89th (about a thousand
 * edits a side at 50,000 lines), so some edits fall on the same line and the merge conflicts.
 */
export function syntheticScattered(lines: number): Document {
  const base = numberedLines(lines);
  const edited = (every: number, offset: number, tag: string) =>
    base.map((line, i) => (i % every === offset ? `${tag} ${i}\n` : line)).join("");
  return {
    label: "numbered lines, scattered edits",
    lines,
    base: base.join(""),
    ours: edited(97, 7, "ours"),
    theirs: edited(89, 11, "theirs"),
  };
}

/**
 * A small alphabet of very frequent lines (13 distinct ones); ours changes every 101st line
 * to another of them, theirs every 103rd to a new line.
 */
export function smallAlphabet(lines: number): Document {
  const words = Array.from({ length: lines }, (_, i) => `w${(i * 7919) % 13}\n`);
  return {
    label: "13-line alphabet",
    lines,
    base: words.join(""),
    ours: words.map((w, i) => (i % 101 === 3 ? "w5\n" : w)).join(""),
    theirs: words.map((w, i) => (i % 103 === 5 ? "new\n" : w)).join(""),
  };
}
