// The Myers merge on long documents: 50,000 lines with edits scattered all over, and a small
// alphabet of very frequent lines, past the 32,768 lines where git changes its cost limit. Its
// speed is measured by `npm run bench` (section (c), against git merge-file and the histogram
// merge on these same documents), never here; this checks what it gives: git's answer.
import { describe, expect, it } from "vitest";
import { smallAlphabet, syntheticScattered } from "../../bench/documents.ts";
import { compareWithGit } from "../../bench/git-harness.ts";
import { mergeText } from "../../src/merge/merge-text.ts";

/** Generous: the merges take well under a second; this only bounds a busy machine. */
const TIMEOUT = 60_000;

describe("mergeText (Myers) on 50,000 lines", () => {
  const scattered = syntheticScattered(50_000);
  const alphabet = smallAlphabet(50_000);

  it("finds the conflicts among about a thousand scattered edits per side", () => {
    const result = mergeText(scattered.base, scattered.ours, scattered.theirs, {
      algorithm: "myers",
    });
    expect(result.kind).toBe("conflict");
  });

  it("agrees with git merge-file on both documents", { timeout: TIMEOUT }, async () => {
    const differences = await compareWithGit([scattered, alphabet]);
    // Each report starts with the whole case: show only what differs (conflicts or text).
    expect(differences.map((d) => d.split("\n")[1])).toEqual([]);
  });
});
