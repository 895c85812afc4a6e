import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const temp = mkdtempSync(join(tmpdir(), "conformance-cli-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// Spawning Node with tsx is slow, so this file runs the CLI only twice.
function conformance(...args: string[]): { status: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/conformance.ts", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: run.status, lines: `${run.stdout}${run.stderr}`.trimEnd().split("\n") };
}

describe("npm run conformance", () => {
  it("fails exactly the original's cases that DEVIATIONS.md lists", { timeout: 30_000 }, () => {
    const { status, lines } = conformance("conformance/artifactr");
    expect(lines.filter((line) => line.startsWith("FAIL "))).toEqual([
      "FAIL conformance/artifactr/proposals.json: an accepted edit is rebased onto a newer version",
      "FAIL conformance/artifactr/proposals.json: an accepted edit that no longer applies fails",
    ]);
    expect(lines.at(-1)).toBe("113 passed, 2 failed");
    expect(status).toBe(1);
  });

  it("passes our own cases", { timeout: 30_000 }, () => {
    const { status, lines } = conformance("conformance/cases");
    expect(lines.filter((line) => line.startsWith("FAIL "))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    expect(status).toBe(0);
  });

  it("reports a case whose expectation does not hold, and exits 1", { timeout: 30_000 }, () => {
    const threads = JSON.parse(
      readFileSync(join(root, "conformance/artifactr/threads.json"), "utf8"),
    );
    const [first] = threads.cases;
    expect(first.name).toBe("a thread is created");
    first.expect.threads[0].title = "Gamma";
    const file = join(temp, "threads.json");
    writeFileSync(file, JSON.stringify(threads));

    const { status, lines } = conformance(temp);
    expect(lines[0]).toBe(`FAIL ${file}: a thread is created`);
    expect(lines[1]).toBe('  $.threads[0].title: not equal; expected "Gamma", actual "Beta"');
    expect(lines.at(-1)).toBe(`${threads.cases.length - 1} passed, 1 failed`);
    expect(status).toBe(1);
  });
});
