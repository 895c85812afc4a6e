// The store suite checks what a store declares and skips, saying so, what it does not.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const FIXTURES = join(import.meta.dirname, "fixtures");

interface Reported {
  readonly fullName: string;
  readonly status: string;
  readonly failureMessages: readonly string[];
}

// Runs the fixture suites in a Vitest of their own and reads its JSON report.
function report(): Reported[] {
  const vitest = join(ROOT, "node_modules", "vitest", "vitest.mjs");
  const run = spawnSync(
    process.execPath,
    [vitest, "run", "--config", join(FIXTURES, "vitest.config.ts"), "--reporter=json"],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
  );
  const json = run.stdout.slice(run.stdout.indexOf("{"));
  const parsed = JSON.parse(json) as { testResults: { assertionResults: Reported[] }[] };
  return parsed.testResults.flatMap((file) => file.assertionResults);
}

describe("the store suite, by what a store declares", () => {
  const results = report();
  const named = (store: string, test: string) =>
    results.filter((r) => r.fullName.startsWith(`store: ${store} `) && r.fullName.includes(test));

  it("skips what a store does not declare, naming the declaration in the report", () => {
    const skipped = results.filter((r) => r.status !== "passed" && r.fullName.includes("honest"));
    expect(skipped.map((r) => [r.status, r.fullName]).sort()).toEqual([
      [
        "skipped",
        "store: honest an append refuses a taken message id (skipped: the store declares refusesTakenMessageIds: false)",
      ],
      [
        "skipped",
        "store: honest keeps everything when opened again (skipped: the store declares durable: false)",
      ],
      [
        "skipped",
        "store: honest keeps the cursors when opened again (skipped: the store declares durable: false)",
      ],
      [
        "skipped",
        "store: honest keeps the rejections by hunk when opened again (skipped: the store declares durable: false)",
      ],
      [
        "skipped",
        "store: honest keeps what a review wrote when opened again (skipped: the store declares durable: false)",
      ],
      [
        "skipped",
        "store: honest reads by subject when opened again (skipped: the store declares durable: false)",
      ],
      [
        "skipped",
        "store: honest tells watchers of appends made by another process on the same place (skipped: the store declares crossProcess: false)",
      ],
    ]);
    expect(results.filter((r) => r.fullName.includes("honest")).length).toBeGreaterThan(100);
  });

  it("fails a store that declares what its adapter gives no way to check", () => {
    for (const [test, capability] of [
      ["keeps everything when opened again", "durable"],
      ["keeps the cursors when opened again", "durable"],
      ["keeps the rejections by hunk when opened again", "durable"],
      ["keeps what a review wrote when opened again", "durable"],
      ["reads by subject when opened again", "durable"],
      ["appends made by another process", "crossProcess"],
    ] as const) {
      const [result, ...more] = named("claiming", test);
      expect(more).toEqual([]);
      expect(result?.status).toBe("failed");
      expect(result?.failureMessages.join("\n")).toContain(
        `the store declares ${capability}: true, but the adapter gives no reopen to check it`,
      );
    }
    // Everything else it passes: only the unchecked claims fail.
    const failed = results.filter((r) => r.status === "failed");
    expect(failed).toHaveLength(6);
  });
});
