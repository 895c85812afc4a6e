// The Myers merge must stay fast on long documents: 50,000 lines with edits scattered all over.
import { describe, expect, it } from "vitest";
import { mergeText } from "../../../src/diffs/merge/merge-text.ts";

const LINES = Array.from({ length: 50_000 }, (_, i) => `line ${i}: ${"x".repeat(i % 40)}\n`);

function edited(every: number, offset: number, tag: string): string {
  return LINES.map((line, i) => (i % every === offset ? `${tag} ${i}\n` : line)).join("");
}

/** The best of a few runs, after a warm-up, so a busy machine does not make it flaky. */
function bestTime(run: () => void): number {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe("mergeText (Myers) on 50,000 lines", () => {
  it("merges about a thousand scattered edits per side well under a second", () => {
    const base = LINES.join("");
    const ours = edited(97, 7, "ours");
    const theirs = edited(89, 11, "theirs");
    let conflicts = -1;
    const ms = bestTime(() => {
      const result = mergeText(base, ours, theirs, { algorithm: "myers" });
      conflicts = result.kind === "clean" ? 0 : result.conflicts.length;
    });
    expect(conflicts).toBeGreaterThan(0);
    expect(ms).toBeLessThan(1000);
  });

  it("handles a small alphabet of very frequent lines", () => {
    const words = LINES.map((_, i) => `w${(i * 7919) % 13}\n`);
    const base = words.join("");
    const ours = words.map((w, i) => (i % 101 === 3 ? "w5\n" : w)).join("");
    const theirs = words.map((w, i) => (i % 103 === 5 ? "new\n" : w)).join("");
    expect(bestTime(() => mergeText(base, ours, theirs, { algorithm: "myers" }))).toBeLessThan(
      1000,
    );
  });
});
