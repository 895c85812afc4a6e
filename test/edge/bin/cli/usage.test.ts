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
  ["history"],
  ["revert"],
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

  it("documents answering several proposals: accept's --all-clean, --thread, --all-or-nothing; reject's", async () => {
    const accept = (await cli(["accept", "--help"])).stdout;
    expect(accept).toContain("USAGE agent-workspace accept [OPTIONS] [PROPOSAL] --as=<person>");
    expect(accept).toMatch(
      /\n +PROPOSAL +The proposal's id; several are answered in order, in one write\n/,
    );
    expect(accept).toMatch(/\n +--all-clean +Accept every pending proposal whose preview is clean/);
    expect(accept).toMatch(
      /\n +--thread=<id> +With --all-clean: only the proposals of this thread\n/,
    );
    expect(accept).toMatch(
      /\n +--all-or-nothing +With several proposals: if any answer is refused/,
    );
    const reject = (await cli(["reject", "--help"])).stdout;
    expect(reject).toMatch(/\n +--all-or-nothing +With several proposals/);
    expect(reject).toContain(
      "  1  refused: the rejection is printed, its type named; nothing was written\n     (answering several proposals at once: any answer refused; the others landed,\n",
    );
    const revert = (await cli(["revert", "--help"])).stdout;
    expect(revert).toContain(
      "USAGE agent-workspace revert [OPTIONS] <ARTIFACT> <VERSION> --as=<person>",
    );
    expect(revert).toMatch(
      /\n +--reason=<text> +Why \(the author of the change reads it in their notes\)\n/,
    );
    const history = (await cli(["history", "--help"])).stdout;
    expect(history).toContain("USAGE agent-workspace history [OPTIONS] <ARTIFACT>");
  });

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
    [["accept", "--as", "alice"], "give a proposal's id (or several), or --all-clean"],
    [["accept", "a", "b", "a", "--as", "alice"], "proposal a is named twice"],
    [["reject", "a", "a", "--as", "alice"], "proposal a is named twice"],
    [
      ["accept", ...Array.from({ length: 101 }, (_, i) => `p${i}`), "--as", "alice"],
      "at most 100 proposals are answered at once (101 given)",
    ],
    [["accept", "a", "b", "--edit", "--as", "alice"], "--edit and --hunks answer one proposal"],
    [["accept", "--all-clean", "--hunks", "h1", "--as", "alice"], "--edit and --hunks answer one"],
    [
      ["accept", "a", "--all-clean", "--as", "alice"],
      "choose proposal ids or --all-clean, not both",
    ],
    [["accept", "a", "--thread", "thr_1", "--as", "alice"], "--thread narrows --all-clean only"],
    [["accept", "--all-clean", "--thread", "", "--as", "alice"], "--thread needs a value"],
    [["revert", "plan_1", "--as", "alice"], "Missing required positional argument: VERSION"],
    [["revert", "plan_1", "0", "--as", "alice"], "version 0: expected a version number"],
    [["revert", "plan_1", "2", "3", "--as", "alice"], "unexpected argument 3"],
    [["revert", "plan_1", "2"], "Missing required argument: --as"],
    [["history", "plan_1", "plan_2"], "unexpected argument plan_2"],
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
