// The bin's entry, run as a person runs it: help answers 0, no command at all answers 2 (usage).
import { describe, expect, it } from "vitest";
import { coloured, run } from "./cli/fixtures/run.ts";

describe("agent-workspace (src/edge/bin/cli.ts)", () => {
  it("prints its help, uncoloured when piped, with the exit codes (exit 0); with no command, usage (exit 2)", async () => {
    const [help, none] = await Promise.all([run(["--help"]), run([])]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toContain(
      "USAGE agent-workspace inbox|show|accept|resolve|reject|comment|request-changes|decide|offer|notes|log",
    );
    expect(help.stdout).toContain("  2  usage: a bad command, option or module\n");
    expect(coloured(help.stdout)).toBe(false);
    expect(none).toMatchObject({ code: 2, stdout: "" });
    expect(none.stderr).toContain("USAGE agent-workspace");
  });
});
