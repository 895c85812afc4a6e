// inbox and show, run as the real binary on a seeded SQLite file: what a person reads, what
// --json prints, and colour only on a terminal.
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { recordingIo } from "./fixtures/io.ts";
import { coloured, run, runOnTerminal } from "./fixtures/run.ts";
import { copyOf, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let db = "";
const on = () => ["--db", db, "--registry", REGISTRY];

beforeAll(async () => {
  db = copyOf(await seedFile());
});

describe.concurrent("reading a workspace", () => {
  it("inbox lists pending proposals (how far behind, clean or conflicting), decisions with their options, standing offers", async () => {
    const { code, stdout, stderr } = await run(["inbox", ...on()]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(coloured(stdout)).toBe(false);
    expect(stdout.split("\n")).toEqual([
      "Proposals: 4 pending",
      "  prp_clean     edit of plan_1 (plan) by agent:thr_1 — 1 version behind, clean",
      "  prp_conflict  edit of plan_2 (plan) by agent:thr_1 — 1 version behind, 1 conflict",
      "  prp_reject    edit of plan_3 (plan) by agent:thr_1 — up to date, clean",
      "  prp_new       new plan_4 (plan) by agent:thr_1 — up to date, clean",
      "Decisions: 2 pending",
      "  dec_hook      in thread thr_2: Deploy now?",
      "                options: once (Once), never (Never)",
      "  call_approve  in run run_1: May I run ls?",
      "                options: approve (Approve), deny (Deny)",
      "Offers: 2 standing",
      "  call_offer  from thread thr_1: Loader tests — Cover the loader with tests.",
      "  call_other  from thread thr_1: Docs — Document the loader.",
      "",
    ]);
  });

  it("inbox --json prints one JSON document and nothing else", async () => {
    const { code, stdout } = await run(["inbox", ...on(), "--json"]);
    expect(code).toBe(0);
    const inbox = JSON.parse(stdout);
    expect(inbox.workspace).toBe("default");
    expect(inbox.proposals).toMatchObject([
      {
        id: SEEDED.clean,
        artifact_id: "plan_1",
        kind: "plan",
        behind: 1,
        mergeable: true,
        conflicts: 0,
      },
      { id: SEEDED.conflicting, behind: 1, mergeable: false, conflicts: 1, blocked: null },
      { id: SEEDED.toReject, behind: 0, mergeable: true },
      { id: SEEDED.created, change: "create_artifact", behind: 0, mergeable: true },
    ]);
    expect(inbox.decisions.map((d: { decision: { id: string } }) => d.decision.id)).toEqual([
      SEEDED.hooked,
      SEEDED.deferred,
    ]);
    expect(inbox.decisions[1]).toMatchObject({
      scope: { kind: "run", id: "run_1" },
      decision: { options: [{ id: "approve" }, { id: "deny" }], channel: "deferred" },
    });
    expect(inbox.offers.map((o: { offer_id: string }) => o.offer_id)).toEqual([
      SEEDED.offer,
      SEEDED.otherOffer,
    ]);
  });

  it("show prints the rebased preview as a unified diff", async () => {
    const { code, stdout } = await run(["show", SEEDED.clean, ...on()]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        "proposal prp_clean: edit of plan_1 (plan) by agent:thr_1, pending",
        "based on v1; plan_1 is at v2 (1 version behind)",
        "clean: accepting it lands this change",
        "",
        "--- current/text",
        "+++ proposed/text",
        "@@ -1,4 +1,4 @@",
        "-Ship on Friday.",
        "+Ship on Monday.",
        " ",
        " Keep the scope small.",
        " ",
        "",
        "hunks (accept some with: agent-workspace accept prp_clean --hunks id,id):",
        "  hk_1dwifix7gnj /text, line 1",
        "    -Ship on Friday.",
        "    +Ship on Monday.",
        "",
      ].join("\n"),
    );
  });

  it("show prints a conflict with its markers, and says how to resolve it", async () => {
    const { code, stdout } = await run(["show", SEEDED.conflicting, ...on()]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      "1 conflict: accepting it as it stands is refused; choose per region with `agent-workspace resolve prp_conflict --at 2 --take <region>=<choice>`, or edit with `agent-workspace accept prp_conflict --edit`",
    );
    // The block is indented under its heading: no line of the agent's text starts at the
    // CLI's own left edge.
    expect(stdout).toContain(
      [
        "conflict at /text (text):",
        "  <<<<<<< current",
        "  Launch: Wednesday.",
        "  ||||||| base",
        "  Launch: Friday.",
        "  =======",
        "  Launch: Tuesday.",
        "  >>>>>>> proposed",
        "  Budget: 10.",
      ].join("\n"),
    );
  });

  it("show --json prints the proposal and its preview: behind, conflicts, the diff", async () => {
    const { code, stdout } = await run(["show", SEEDED.conflicting, ...on(), "--json"]);
    expect(code).toBe(0);
    const shown = JSON.parse(stdout);
    expect(shown.proposal).toMatchObject({ id: SEEDED.conflicting, status: "pending" });
    expect(shown.preview).toMatchObject({ behind: 1, mergeable: false, result: null, diff: null });
    expect(shown.preview.conflicts).toMatchObject([{ path: "/text", reason: "text" }]);
  });

  it("inbox takes --as, as every command does, and ignores it: a script passes the same options everywhere", async () => {
    const [plain, as] = await Promise.all([
      run(["inbox", ...on(), "--json"]),
      run(["inbox", ...on(), "--as", "alice", "--json"]),
    ]);
    expect(as).toEqual({ code: 0, stdout: plain.stdout, stderr: "" });
  });

  it("colours on a terminal", async () => {
    const { code, stdout } = await runOnTerminal(["show", SEEDED.clean, ...on()]);
    expect(code).toBe(0);
    expect(stdout).toContain("\u001b[32m+Ship on Monday.\u001b[39m");
    expect(stdout).toContain("\u001b[31m-Ship on Friday.\u001b[39m");
  });
});

// The same code as the binary, in this process, where only the terminal's presence matters.
describe("colour and refusals, in process", () => {
  const show = async (args: string[], options: Parameters<typeof recordingIo>[0]) => {
    const io = recordingIo(options);
    const code = await runCli(["show", SEEDED.clean, ...on(), ...args], io);
    return { code, ...io.written };
  };

  const inProcess = async (args: string[]) => {
    const io = recordingIo();
    const code = await runCli(args, io);
    return { code, ...io.written };
  };

  it("inbox --limit lists a page of pending proposals and says how to read the next", async () => {
    const first = await inProcess(["inbox", ...on(), "--limit", "2"]);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: "" });
    expect(first.stdout.split("\n").slice(0, 4)).toEqual([
      "Proposals: 2 pending",
      "  prp_clean     edit of plan_1 (plan) by agent:thr_1 — 1 version behind, clean",
      "  prp_conflict  edit of plan_2 (plan) by agent:thr_1 — 1 version behind, 1 conflict",
      "  more: agent-workspace inbox --after prp_conflict --limit 2",
    ]);
    expect(first.stdout).toContain("Decisions: 2 pending");
    const last = await inProcess(["inbox", ...on(), "--after", "prp_conflict", "--limit", "2"]);
    expect(last.code).toBe(0);
    expect(last.stdout.split("\n").slice(0, 4)).toEqual([
      "Proposals: 2 pending",
      "  prp_reject  edit of plan_3 (plan) by agent:thr_1 — up to date, clean",
      "  prp_new     new plan_4 (plan) by agent:thr_1 — up to date, clean",
      "Decisions: 2 pending",
    ]);
    const json = await inProcess(["inbox", ...on(), "--limit", "3", "--json"]);
    const inbox = JSON.parse(json.stdout);
    expect(inbox.proposals.map((p: { id: string }) => p.id)).toEqual([
      SEEDED.clean,
      SEEDED.conflicting,
      SEEDED.toReject,
    ]);
    expect(inbox.proposals_next).toBe(SEEDED.toReject);
    const rest = JSON.parse(
      (await inProcess(["inbox", ...on(), "--after", SEEDED.toReject, "--json"])).stdout,
    );
    expect(rest.proposals.map((p: { id: string }) => p.id)).toEqual([SEEDED.created]);
    expect(rest.proposals_next).toBeNull();
    // Without either option the inbox is every pending proposal, with no cursor.
    expect(JSON.parse((await inProcess(["inbox", ...on(), "--json"])).stdout)).not.toHaveProperty(
      "proposals_next",
    );
    for (const limit of ["0", "1001", "x"]) {
      expect((await inProcess(["inbox", ...on(), "--limit", limit])).code, limit).toBe(2);
    }
  });

  it("every read takes --as and ignores it (exit 0, the same output as without)", async () => {
    const reads = [
      ["show", SEEDED.clean],
      ["notes", "--viewer", "agent:thr_1"],
      ["log", "--limit", "3"],
    ];
    for (const read of reads) {
      const [plain, as] = [recordingIo(), recordingIo()];
      expect(await runCli([...read, ...on()], plain)).toBe(0);
      expect(await runCli([...read, ...on(), "--as", "alice"], as)).toBe(0);
      expect(as.written).toEqual(plain.written);
    }
  });

  it("never colours with NO_COLOR, with --json, or off a terminal", async () => {
    const terminal = await show([], { tty: true });
    expect(coloured(terminal.stdout)).toBe(true);
    for (const quiet of [
      await show([], { tty: true, env: { NO_COLOR: "1" } }),
      await show([], { tty: true, env: { TERM: "dumb" } }),
      await show(["--json"], { tty: true }),
      await show([], { tty: false }),
    ]) {
      expect(quiet.code).toBe(0);
      expect(coloured(quiet.stdout)).toBe(false);
    }
  });

  it("shows a proposed new artifact's text as added lines", async () => {
    const io = recordingIo();
    expect(await runCli(["show", SEEDED.created, ...on()], io)).toBe(0);
    expect(io.written.stdout).toBe(
      [
        "proposal prp_new: new plan_4 (plan) by agent:thr_1, pending",
        "a new artifact",
        "clean: accepting it lands this change",
        "",
        "--- current/text",
        "+++ proposed/text",
        "@@ -1,0 +1,2 @@",
        "+Write the docs.",
        "+Then the tests.",
        "",
      ].join("\n"),
    );
  });

  it("an unknown proposal is refused (exit 1), its type named; with --json, as JSON on stdout", async () => {
    const text = recordingIo();
    expect(await runCli(["show", "prp_nope", ...on()], text)).toBe(1);
    expect(text.written).toEqual({
      stdout: "",
      stderr: "refused (not_found): proposal prp_nope not found\n",
    });
    const json = recordingIo();
    expect(await runCli(["show", "prp_nope", ...on(), "--json"], json)).toBe(1);
    expect(JSON.parse(json.written.stdout)).toEqual({
      ok: false,
      rejection: {
        type: "not_found",
        message: "proposal prp_nope not found",
        entity: "proposal",
        id: "prp_nope",
      },
    });
  });
});
