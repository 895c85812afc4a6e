// Usage, in the process (the code the binary runs, without a process per case): --help on
// every command, and exit code 2 for what is not a command, an option or a module.
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { recordingIo } from "./fixtures/io.ts";
import { coloured } from "./fixtures/run.ts";
import { copyOf, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

const COMMANDS = [
  ["inbox"],
  ["show"],
  ["accept"],
  ["reject"],
  ["decide"],
  ["offer"],
  ["offer", "start"],
  ["offer", "dismiss"],
  ["offer", "restore"],
  ["notes"],
  ["log"],
];

let db = "";
beforeAll(async () => {
  db = copyOf(await seedFile());
});

async function cli(args: string[], options: Parameters<typeof recordingIo>[0] = {}) {
  const io = recordingIo(options);
  const code = await runCli(args, io);
  return { code, ...io.written };
}

describe("--help", () => {
  it.each(COMMANDS)(
    "%s %s: usage, options, exit codes; exit 0, uncoloured off a terminal",
    async (...path) => {
      const { code, stdout, stderr } = await cli([...path, "--help"]);
      expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
      expect(stdout).toContain(`USAGE agent-workspace ${path.join(" ")}`);
      expect(stdout).toContain("EXIT CODES\n\n  0  done\n  1  refused:");
      expect(coloured(stdout)).toBe(false);
      if (path[0] !== "offer" || path.length > 1) expect(stdout).toContain("--db=<file>");
    },
  );

  it("lists every command at the top", async () => {
    const { code, stdout } = await cli(["--help"]);
    expect(code).toBe(0);
    for (const [name] of COMMANDS) expect(stdout).toMatch(new RegExp(`\\n +${name} +[A-Z]`));
  });
});

describe("usage errors: exit 2, a message naming what is wrong, nothing on stdout", () => {
  const on = () => ["--db", db, "--registry", REGISTRY];
  it.each([
    [[], "USAGE agent-workspace"],
    [["frobnicate"], "Unknown command frobnicate"],
    [["inbox"], "give the workspace's store: --db <file> (SQLite) or --pg <url> (PostgreSQL)"],
    [["inbox", "--db", "x.db", "--pg", "postgres://x"], "give the workspace's store"],
    [["inbox", "--db", "missing.db"], "--db missing.db: no such file"],
    [["inbox", "--jsno"], "unknown option --jsno"],
    [["show"], "Missing required positional argument: PROPOSAL"],
    [["show", "a", "b"], "unexpected argument b"],
    [["accept", SEEDED.clean], "Missing required argument: --as"],
    [["reject", SEEDED.clean, "--as"], "--as needs a value"],
    [["inbox", "--registry", "nowhere.ts"], "--registry nowhere.ts: no such file"],
    [
      ["inbox", "--registry", "package.json"],
      "--registry package.json: its default export is not a registry",
    ],
    [["notes", "--viewer", "robot:1"], "--viewer robot:1: expected user:<id>, agent:<thread>"],
    [["log", "--after", "-3"], "--after -3: expected a whole number"],
    [["log", "--follow", "--limit", "3"], "--limit cannot be used with --follow"],
  ])("%j", async (args, message) => {
    const [command, ...rest] = args;
    const withStore =
      command !== undefined && command !== "inbox" && COMMANDS.some(([name]) => name === command);
    const { code, stdout, stderr } = await cli(withStore ? [command, ...on(), ...rest] : args);
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    expect(stderr).toContain(message);
  });

  it("--version prints the package's version", async () => {
    const { code, stdout } = await cli(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
