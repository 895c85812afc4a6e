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
  it("passes the original's cases", { timeout: 30_000 }, () => {
    const { status, lines } = conformance("conformance/artifactr");
    expect(lines.at(-1)).toBe("115 passed, 0 failed");
    expect(lines).toHaveLength(1);
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
