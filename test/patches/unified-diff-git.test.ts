// The unified diff's hunks against `git diff --no-index -U3` on the same two files: on the
// shared merge corpus (each side against its base; skipped where the corpus is absent), on
// random pairs with repeated lines, CRLF and missing final newlines, and on cases where
// git's indent heuristic picks where a group of changes goes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasCorpus, loadCorpus } from "../../bench/corpus.ts";
import { mergeCase } from "../../bench/git-harness.ts";
import { unifiedDiff } from "../../src/patches/unified-diff.ts";

const corpusDir = fileURLToPath(new URL("../../../shared/merge-corpus", import.meta.url));
const TIMEOUT = 120_000;

/**
 * git's hunks for each pair, as our format writes them: from the first `@@` line on, the
 * function context after the second `@@` removed, and both counts always given (git leaves
 * out a count of 1, and numbers an empty side from the line before it).
 */
function gitHunks(pairs: readonly (readonly [string, string])[], encoding: BufferEncoding) {
  const dir = mkdtempSync(join(tmpdir(), "unified-diff-git-"));
  try {
    pairs.forEach(([a, b], i) => {
      writeFileSync(join(dir, `${i}.a`), a, encoding);
      writeFileSync(join(dir, `${i}.b`), b, encoding);
    });
    const diff = "git -c core.quotepath=off diff --no-index -U3 --no-color";
    const script = `for i in $(seq 0 ${pairs.length - 1}); do ${diff} $i.a $i.b > $i.diff; test $? -le 1 || exit 9; done`;
    const env = { PATH: process.env.PATH ?? "", HOME: dir, GIT_CONFIG_NOSYSTEM: "1", LC_ALL: "C" };
    const done = spawnSync("bash", ["-c", script], { cwd: dir, env });
    if (done.status !== 0) throw new Error(`git diff failed: ${done.stderr}`);
    return pairs.map((_, i) => normalise(readFileSync(join(dir, `${i}.diff`), encoding)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function normalise(diff: string): string {
  const at = diff.search(/^@@/m);
  if (at === -1) return "";
  return diff
    .slice(at)
    .replace(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@.*$/gm, (_, a, b = "1", c, d = "1") => {
      const start = (from: string, count: string) => (count === "0" ? Number(from) + 1 : from);
      return `@@ -${start(a, b)},${b} +${start(c, d)},${d} @@`;
    });
}

/** Our hunks: the unified diff without its two header lines. */
function ourHunks(a: string, b: string): string {
  const unified = unifiedDiff("text", ["a", "b"], a, b);
  return unified.split("\n").slice(2).join("\n");
}

/** The pairs whose hunks differ from git's, each shown briefly. */
function differences(
  pairs: readonly (readonly [string, string])[],
  encoding: BufferEncoding = "utf8",
): string[] {
  const expected = gitHunks(pairs, encoding);
  return pairs.flatMap(([a, b], i) => {
    const ours = ourHunks(a, b);
    const git = expected[i] as string;
    if (ours === git) return [];
    const shown = a.length + b.length < 2000 ? JSON.stringify([a, b]) : `pair ${i}`;
    return [`${shown}\n--- git\n${git.slice(0, 1500)}\n--- ours\n${ours.slice(0, 1500)}`];
  });
}

/** Code-like lines: braces, indents and blank lines, where the indent heuristic has choices. */
const codeLine = fc.constantFrom(
  "",
  "{",
  "}",
  "  a();",
  "  b();",
  "    c();",
  "if (x) {",
  "\tfoo",
  "  }",
);

/** A text of code-like lines and the same text with a few runs of lines inserted or removed. */
const codePair = fc
  .tuple(
    fc.array(codeLine, { maxLength: 30 }),
    fc.array(fc.tuple(fc.nat(), fc.nat(4), fc.array(codeLine, { maxLength: 6 })), {
      maxLength: 4,
    }),
  )
  .map(([lines, edits]): readonly [string, string] => {
    const after = [...lines];
    for (const [at, remove, insert] of edits) {
      after.splice(at % (after.length + 1), remove, ...insert);
    }
    const text = (ls: readonly string[]) => ls.map((l) => `${l}\n`).join("");
    return [text(lines), text(after)];
  });

describe("unifiedDiff against git diff --no-index -U3", () => {
  it("agrees on cases with repeated lines and where the indent heuristic chooses", () => {
    const block = (name: string) => `function ${name}() {\n  work();\n}\n\n`;
    const pairs: [string, string][] = [
      ["a\na\na\n", "a\na\na\na\na\n"],
      ["x\na\nb\na\nb\ny\n", "x\na\nb\na\nb\na\nb\ny\n"],
      [block("one") + block("three"), block("one") + block("two") + block("three")],
      [
        "if (x) {\n  a();\n}\n\nif (y) {\n  b();\n}\n",
        "if (x) {\n  a();\n}\n\nif (z) {\n  c();\n}\n\nif (y) {\n  b();\n}\n",
      ],
      ["  }\n}\n", "  }\n  more();\n  }\n}\n"],
      ["\tone\n\n\ttwo\n", "\tone\n\n\tnew\n\n\ttwo\n"],
      ["", "a\nb"],
      ["a\r\nb\r\n", "a\r\nc\r\nb\r\n"],
      ["a\nb", "a\nb\n"],
      ["if (x) {\n{\n  b();\n", "if (x) {\n  a();\n\tfoo\nif (x) {\n{\n  b();\n"],
      ["{\n}\n{\n", "{\n\tfoo\n{\n{\n}\n{\n"],
      ["same\n".repeat(40), `${"same\n".repeat(20)}other\n${"same\n".repeat(21)}`],
    ];
    expect(differences(pairs)).toEqual([]);
  });

  it("agrees on random pairs with repeated lines, CRLF and missing final newlines", {
    timeout: TIMEOUT,
  }, () => {
    const cases = fc.sample(mergeCase, { numRuns: 300, seed: 59 });
    const pairs = cases.flatMap((c) => [[c.base, c.ours] as const, [c.theirs, c.ours] as const]);
    expect(differences(pairs.filter(([a, b]) => a !== b))).toEqual([]);
  });

  it("agrees on random code-like pairs, where groups slide by indent", { timeout: TIMEOUT }, () => {
    const pairs = fc.sample(codePair, { numRuns: 600, seed: 59 });
    expect(differences(pairs.filter(([a, b]) => a !== b))).toEqual([]);
  });

  it.skipIf(!hasCorpus(corpusDir))(
    "agrees on the shared merge corpus",
    { timeout: TIMEOUT },
    () => {
      // Every third case, each side against its base: real files, exact bytes (latin1).
      const cases = loadCorpus(corpusDir).filter((_, i) => i % 3 === 0);
      const pairs = cases
        .flatMap((c) => [[c.base, c.ours] as const, [c.base, c.theirs] as const])
        .filter(([a, b]) => a !== b);
      expect(differences(pairs, "latin1")).toEqual([]);
    },
  );
});
