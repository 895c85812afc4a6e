/**
 * Documents for the merge speed sections (bench/merge-speed.ts): real text from the corpus at
 * the size of the largest files (63,000 to 70,000 lines), edited on both sides at scattered
 * places with a chosen density, or with a block moved; highly repetitive 100,000-line inputs;
 * and the trivial merges. A seeded generator keeps every run on the same documents.
 */

import { Buffer } from "node:buffer";
import type { CorpusCase } from "./corpus.ts";
import { type Document, realLines, smallAlphabet } from "./documents.ts";

/** Mulberry32, seeded: the same documents on every run. */
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

/** About one edit per `every` lines, at random places: a line changed, added or removed. */
function scatter(lines: readonly string[], side: string, every: number, seed: number): string[] {
  const next = random(seed);
  const out = [...lines];
  const edits = Math.max(1, Math.floor(lines.length / every));
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

/** Real lines, both sides edited about once every `every` lines. */
export function realScattered(
  cases: readonly CorpusCase[],
  lines: number,
  every: number,
): Document {
  const base = realLines(cases, lines).slice(0, lines);
  return {
    label: `real text, an edit per ${every} lines a side`,
    lines,
    base: base.join(""),
    ours: scatter(base, "ours", every, lines + every).join(""),
    theirs: scatter(base, "theirs", every, lines + every + 1).join(""),
  };
}

/** Real lines; theirs moves a twentieth of the text from near the start to near the end, ours edits. */
export function realMovedBlock(cases: readonly CorpusCase[], lines: number): Document {
  const base = realLines(cases, lines).slice(0, lines);
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
    label: "real text, a block moved",
    lines,
    base: base.join(""),
    ours: scatter(base, "ours", 200, lines + 2).join(""),
    theirs: theirs.join(""),
  };
}

/** `k` distinct lines repeated in a scrambled order; ours changes every 101st line, theirs adds one every 103rd. */
function alphabet(lines: number, k: number): Document {
  const words = Array.from({ length: lines }, (_, i) => `line ${(i * 7919) % k}\n`);
  return {
    label: `${k}-line alphabet`,
    lines,
    base: words.join(""),
    ours: words.map((w, i) => (i % 101 === 3 ? `line ${(i * 7919 + 1) % k}\n` : w)).join(""),
    theirs: words.flatMap((w, i) => (i % 103 === 5 ? [w, `new ${i}\n`] : [w])).join(""),
  };
}

/** Code-like text: a handful of lines (braces, blank lines, returns) make most of it. */
function codeLike(lines: number): Document {
  const shapes = ["}\n", "\n", "  return x;\n", "    }\n", "  if (a) {\n"];
  const code = Array.from({ length: lines }, (_, i) =>
    i % 6 === 5 ? `  f(${i % 50});\n` : (shapes[i % 5] as string),
  );
  return {
    label: "code-like lines",
    lines,
    base: code.join(""),
    ours: code.map((w, i) => (i % 97 === 3 ? "// ours\n" : w)).join(""),
    theirs: code.map((w, i) => (i % 89 === 5 ? `// theirs ${i}\n` : w)).join(""),
  };
}

/** Highly repetitive inputs of `lines` lines. */
export function repetitive(lines: number): Document[] {
  return [smallAlphabet(lines), alphabet(lines, 2), alphabet(lines, 1000), codeLike(lines)];
}

/** The merges answered without a diff, on a real text of `lines` lines and an edited copy. */
export function trivial(cases: readonly CorpusCase[], lines: number): Document[] {
  const doc = realScattered(cases, lines, 100);
  // Equal texts that are not the same string, so equality is found by comparing them.
  const copy = (text: string) => Buffer.from(text).toString();
  return [
    {
      label: "three identical texts",
      lines,
      base: doc.base,
      ours: copy(doc.base),
      theirs: copy(doc.base),
    },
    { label: "ours = base", lines, base: doc.base, ours: copy(doc.base), theirs: doc.theirs },
    { label: "theirs = base", lines, base: doc.base, ours: doc.ours, theirs: copy(doc.base) },
    { label: "ours = theirs", lines, base: doc.base, ours: doc.ours, theirs: copy(doc.ours) },
  ];
}
