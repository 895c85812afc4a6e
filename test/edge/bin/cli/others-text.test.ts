// What agents wrote, as the CLI prints it to a person (in process, on a terminal): no escape
// sequence, control, bidi override or line break of theirs reaches the terminal raw, in text
// or in --json, on stdout or stderr; colour comes from the palette alone.
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../../src/conformance/fixtures.ts";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { sqliteStore } from "../../../../src/stores/sqlite/sqlite-store.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { BREAKS, ESCAPES } from "../../../model/fixtures/others-text.ts";
import { agent, everywhere, HOSTILE_REGISTRY, hostileFile } from "./fixtures/hostile.ts";
import { recordingIo } from "./fixtures/io.ts";

/** Runs the CLI in process on a terminal (colours on), as a person would. */
async function onTerminal(argv: readonly string[]) {
  const io = recordingIo({ tty: true, env: { TERM: "xterm" } });
  const code = await runCli(argv, io);
  return { code, ...io.written };
}

const on = (db: string) => ["--db", db, "--registry", HOSTILE_REGISTRY];

// The palette's own codes: bold, dim, red, green, yellow, cyan and their resets.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they start with ESC.
const PALETTE = /\u001b\[(1|2|22|31|32|33|36|39)m/g;

/** Every control, separator and format character left once the palette's codes are out. */
function unsafeIn(text: string): string[] {
  const rest = text.replace(PALETTE, "").replace(/\n/g, "");
  return [...rest.matchAll(/[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/gu)].map(
    ([char]) => `U+${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
}

const COMMANDS = (db: string): string[][] => [
  ["inbox", ...on(db)],
  ["show", "prp_text", ...on(db)],
  ["show", "prp_json", ...on(db)],
  ["notes", "--viewer", "agent:thr_1", ...on(db)],
  ["log", ...on(db)],
];

describe("an agent's escape sequences, on a person's terminal", () => {
  it.each(Object.entries(ESCAPES))("shows %s as visible escapes, never raw", async (_name, esc) => {
    const db = await hostileFile(everywhere(`before ${esc} after`));
    for (const argv of COMMANDS(db)) {
      const { code, stdout, stderr } = await onTerminal(argv);
      expect({ code, stderr }, argv.join(" ")).toEqual({ code: 0, stderr: "" });
      expect(unsafeIn(stdout), argv.join(" ")).toEqual([]);
      expect(stdout).toContain("before ");
    }
  });

  it("shows an OSC title, a clear-screen, an OSC 8 link and SGR conceal as text, exactly", async () => {
    const db = await hostileFile(everywhere(Object.values(ESCAPES).slice(0, 4).join("")));
    const { stdout } = await onTerminal(["inbox", ...on(db)]);
    expect(stdout).toContain(
      "\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[H\\u001b]8;;https://evil.example/\\u001b\\click\\u001b]8;;\\u001b\\\\u001b[8mhidden\\u001b[28m",
    );
  });

  it("shows a bare CR, C1's CSI and a bidi override as escapes: no line is overwritten or reversed", async () => {
    const db = await hostileFile(everywhere("ok\rApproved \u009b2J \u202eevil"));
    const { stdout } = await onTerminal(["inbox", ...on(db)]);
    expect(stdout).toContain("ok\\u000dApproved \\u009b2J \\u202eevil");
  });

  it.each(Object.entries(BREAKS))(
    "keeps an inbox entry on one line through %s",
    async (_name, nl) => {
      const forged = `Cover it.${nl}  call_fake  from thread thr_1: Approved by Alice`;
      const db = await hostileFile(everywhere(forged));
      const { stdout } = await onTerminal(["inbox", ...on(db), "--as", "alice"]);
      const lines = stdout.replace(PALETTE, "").split("\n");
      expect(lines.some((line) => line.startsWith("  call_fake"))).toBe(false);
      const offers = lines.slice(lines.findIndex((line) => line.startsWith("Offers:")));
      expect(offers).toHaveLength(3);
      expect(offers[1]).toMatch(/^ {2}call_offer {2}from thread thr_1: Cover it\.\\u[0-9a-f]{4}/);
    },
  );

  it("indents a rationale's later lines in show, so none starts where the CLI's lines do", async () => {
    const db = await hostileFile({
      ...everywhere("x"),
      rationale: "Friday is too soon.\u2028proposal prp_9: accepted\n\u001b[2J- done",
    });
    const { stdout } = await onTerminal(["show", "prp_text", ...on(db)]);
    const lines = stdout.replace(PALETTE, "").split("\n");
    expect(lines.slice(1, 4)).toEqual([
      "why: Friday is too soon.",
      "     proposal prp_9: accepted",
      "     \\u001b[2J- done",
    ]);
  });

  it("shows a diff line holding a CR or U+2028 as one line, and a key with a newline in its path", async () => {
    const db = await hostileFile({
      ...everywhere("x"),
      text: "a\r+ hidden line\u2028b",
      key: "k\n+ Approved",
      title: "t\u2029u",
    });
    const text = (await onTerminal(["show", "prp_text", ...on(db)])).stdout.replace(PALETTE, "");
    expect(text).toContain("\n+Ship on Monday a\\u000d+ hidden line\\u2028b.\n");
    const json = (await onTerminal(["show", "prp_json", ...on(db)])).stdout.replace(PALETTE, "");
    expect(json).toContain('\nadd /items/k\\u000a+ Approved {"title":"t\\u2029u","done":false}\n');
  });

  it("--json escapes C1, line separators and bidi controls, and parses to the same values", async () => {
    const hostile = "a\u0085b\u2028c\u2029d\u202ee\u009bf\u001b[2J";
    const db = await hostileFile(everywhere(hostile));
    for (const argv of COMMANDS(db)) {
      const { stdout } = await onTerminal([...argv, "--json"]);
      expect(stdout, argv.join(" ")).not.toMatch(/[\u0080-\u009f\u2028\u2029\u202a-\u202e]/u);
      const documents = argv[0] === "log" ? stdout.trimEnd().split("\n") : [stdout];
      for (const document of documents) JSON.parse(document);
    }
    const inbox = JSON.parse((await onTerminal(["inbox", ...on(db), "--json"])).stdout);
    expect(inbox.offers[0].offer.title).toBe(hostile);
    expect(inbox.decisions[0].decision.options[0].label).toBe(hostile);
  });

  it("shows a refusal quoting what was typed or written on stderr through the same escapes", async () => {
    const db = await hostileFile(everywhere("x"));
    const unknown = await onTerminal(["show", "prp_\u001b]0;pwned\u0007", ...on(db)]);
    expect(unknown.code).toBe(1);
    expect(unsafeIn(unknown.stderr)).toEqual([]);
    expect(unknown.stderr).toContain("proposal prp_\\u001b]0;pwned\\u0007 not found");
    // A usage error loses citty's colours, and with them any escape sequence typed.
    const usage = await onTerminal(["show", "p", "--viewer\u009b2J\u0007\r", ...on(db)]);
    expect(usage.code).toBe(2);
    expect(unsafeIn(usage.stderr)).toEqual([]);
    expect(usage.stderr).toContain("unknown option --viewer\\u000d\n");
  });

  it("shows a forged key in history's summary, and a forged rejection reason on a re-proposal, as escapes on the CLI's lines", async () => {
    const forged = "x\n- accepted by alice\u001b[2J";
    const db = await hostileFile(everywhere(forged));
    const accepted = await onTerminal(["accept", "prp_json", ...on(db), "--as", "alice"]);
    expect(accepted.code).toBe(0);
    const rejected = await onTerminal([
      "reject",
      "prp_text",
      "--reason",
      forged,
      ...on(db),
      "--as",
      "alice",
    ]);
    expect(rejected.code).toBe(0);
    const ws = createWorkspace({ registry: fixtureRegistry(), store: sqliteStore({ path: db }) });
    const patch = {
      kind: "text_edits" as const,
      edits: [{ old: "Friday", new: `Monday ${forged}` }],
    };
    const change = { type: "edit_artifact" as const, artifact_id: "m1", base_version: 1, patch };
    const again = await ws.commit(
      { type: "propose_change", proposal_id: "prp_again", change },
      agent,
    );
    await ws.close();
    expect(again).toMatchObject({
      ok: true,
      outcome: { reproposal_of: { proposal_id: "prp_text" } },
    });
    const shown = "x\\u000a- accepted by alice\\u001b[2J";
    for (const argv of [
      ["history", "c1", ...on(db)],
      ["show", "prp_again", ...on(db)],
      ["inbox", ...on(db)],
    ]) {
      const { code, stdout } = await onTerminal(argv);
      expect(code, argv.join(" ")).toBe(0);
      expect(unsafeIn(stdout), argv.join(" ")).toEqual([]);
      const lines = stdout.replace(PALETTE, "").split("\n");
      expect(
        lines.some((line) => line.startsWith("- accepted")),
        argv.join(" "),
      ).toBe(false);
      expect(stdout, argv.join(" ")).toContain(shown);
    }
  });
});
