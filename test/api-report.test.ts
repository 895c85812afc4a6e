// The API report (api/*.api.md) says what the package's entries export, as the sources say
// it now: a change to the public surface shows here as a diff, to update with `npm run api`
// and review with the change.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createTwoFilesPatch } from "diff";
import { describe, expect, it } from "vitest";
import { committedApiReports, packageEntries, renderApiReports } from "../scripts/api-report.ts";

/** A unified diff per report that differs, missing or extra; empty when they all agree. */
function differences(
  committed: ReadonlyMap<string, string>,
  current: ReadonlyMap<string, string>,
): string[] {
  const names = [...new Set([...committed.keys(), ...current.keys()])].sort();
  return names.flatMap((name) => {
    const [before = "", after = ""] = [committed.get(name), current.get(name)];
    if (before === after) return [];
    return [
      createTwoFilesPatch(`api/${name}`, `api/${name}`, before, after, "committed", "sources"),
    ];
  });
}

describe("the API report", () => {
  it("has a report for every entry of the package, and only those", () => {
    const sources = readdirSync(join(import.meta.dirname, "..", "src", "entries"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.replace(/\.ts$/, ""));
    const entries = packageEntries().map((e) => e.name);
    expect(entries.length).toBeGreaterThan(10);
    expect([...entries].sort()).toEqual(sources.sort());
    expect([...committedApiReports().keys()].sort()).toEqual(
      entries.map((name) => `${name}.api.md`).sort(),
    );
  });

  it("is what the sources export now (`npm run api` updates it)", { timeout: 180_000 }, () => {
    const found = differences(committedApiReports(), renderApiReports());
    if (found.length > 0) {
      expect.fail(
        `The public surface differs from api/. If the change is meant, run \`npm run api\` and ` +
          `commit the reports with it.\n\n${found.join("\n")}`,
      );
    }
  });

  it("tells a changed, a missing and an extra report apart, line by line", () => {
    const committed = new Map([
      ["a.api.md", "one\ntwo\n"],
      ["b.api.md", "gone\n"],
    ]);
    const current = new Map([
      ["a.api.md", "one\nthree\n"],
      ["c.api.md", "new\n"],
    ]);
    const [a = "", b = "", c = ""] = differences(committed, current);
    expect(differences(committed, committed)).toEqual([]);
    expect(a).toContain("--- api/a.api.md\tcommitted\n+++ api/a.api.md\tsources\n");
    expect(a).toContain("-two\n+three\n");
    expect(b).toContain("-gone\n");
    expect(c).toContain("+new\n");
  });
});
