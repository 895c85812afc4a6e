// Comments and requests for changes with the real binary: `comment`, `request-changes`, and
// `show` listing the comments and marks, an agent's escapes and forged lines made visible.
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./fixtures/run.ts";
import { agent, copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

describe.concurrent("commenting from the CLI", () => {
  it("comment and request-changes record the person's words; show lists them", async () => {
    const db = copyOf(seed);
    const commented = await run(["comment", SEEDED.toReject, "Why ten?", ...on(db)]);
    expect(commented).toMatchObject({ code: 0, stderr: "" });
    expect(commented.stdout).toMatch(/^commented on prp_reject \(comment cmt_[0-9a-f]{16}\)\n$/);
    const requested = await run(["request-changes", SEEDED.toReject, "Make it three.", ...on(db)]);
    expect(requested.stdout).toMatch(
      /^changes requested on prp_reject \(comment cmt_[0-9a-f]{16}\); it stays pending\n$/,
    );
    const ws = open(db);
    const proposal = await ws.proposal(SEEDED.toReject);
    const said = (await ws.log({ after: (await ws.head()) - 2 })).map((entry) => entry.event);
    await ws.close();
    // Both are recorded as written at the CLI.
    expect(said).toMatchObject([
      { type: "proposal_commented", kind: "comment", surface: "cli" },
      { type: "proposal_commented", kind: "request_changes", surface: "cli" },
    ]);
    expect(proposal).toMatchObject({
      status: "pending",
      changes_requested: true,
      comments: [
        { kind: "comment", text: "Why ten?", by: { kind: "user", id: "alice" } },
        { kind: "request_changes", text: "Make it three." },
      ],
    });
    const { stdout } = await run(["show", SEEDED.toReject, ...on(db)]);
    expect(stdout).toContain("changes requested: waiting for its agent to revise it\n");
    const [first, second] = proposal?.comments ?? [];
    expect(stdout).toContain(
      `  ${first?.id} user:alice: Why ten?\n  ${second?.id} user:alice (requests changes): Make it three.\n`,
    );
  });

  it("show makes an agent's escapes and forged lines in a comment visible", async () => {
    const db = copyOf(seed);
    const ws = open(db);
    const text = "ok\n\u001b[2J- accepted by alice\u2028done";
    const sent = await ws.commit(
      { type: "comment_on_proposal", proposal_id: SEEDED.toReject, text },
      agent,
    );
    await ws.close();
    expect(sent.ok).toBe(true);
    const { stdout } = await run(["show", SEEDED.toReject, ...on(db)]);
    expect(stdout).not.toContain("\u001b");
    expect(stdout).toMatch(
      / {2}cmt_\w+ agent:thr_1: ok\n {6}\\u001b\[2J- accepted by alice\n {6}done\n/,
    );
    expect(stdout.split("\n").some((l) => l.startsWith("- accepted"))).toBe(false);
  });

  it("a comment on a hunk the proposal does not have is refused, nothing written", async () => {
    const db = copyOf(seed);
    const { code, stderr } = await run([
      "comment",
      SEEDED.toReject,
      "Here?",
      "--hunk",
      "hk_nope",
      ...on(db),
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain("not_found");
    const ws = open(db);
    expect((await ws.proposal(SEEDED.toReject))?.comments).toEqual([]);
    await ws.close();
  });
});
