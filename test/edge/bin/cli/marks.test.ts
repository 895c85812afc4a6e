// What `inbox` and `show` mark on a proposal before its diff: a re-proposal of a rejected
// change (with that rejection's reason), one that revises another, changes requested. The
// reason is another's text: a forged line or escape in it stays on the CLI's line, visible.
import { beforeAll, describe, expect, it } from "vitest";
import { cli } from "./fixtures/in-process.ts";
import { agent, copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

/** The agent proposes plan_3's `two` → `ten` again, as `prp_reject` did. */
async function proposeAgain(db: string): Promise<void> {
  const ws = open(db);
  const patch = { kind: "text_edits" as const, edits: [{ old: "two", new: "ten" }] };
  const edit = { type: "edit_artifact" as const, artifact_id: "plan_3", base_version: 1, patch };
  const sent = await ws.commit({ ...edit, proposal_id: "prp_again" }, agent);
  await ws.close();
  expect(sent).toMatchObject({
    ok: true,
    outcome: { reproposal_of: { proposal_id: "prp_reject" } },
  });
}

const FORGED = "No.\n- accepted prp_again by alice\u001b[2J";
const SHOWN = "No.\\u000a- accepted prp_again by alice\\u001b[2J";

describe.concurrent("marks on a proposal", () => {
  it("a re-proposal names the rejected proposal and its reason, a forged reason kept on its line", async () => {
    const db = copyOf(seed);
    const rejected = await cli(["reject", SEEDED.toReject, "--reason", FORGED, ...on(db)]);
    expect(rejected.code).toBe(0);
    await proposeAgain(db);
    const mark = `re-proposal: the same change as prp_reject, which was rejected by user:alice: ${SHOWN}`;
    const show = await cli(["show", "prp_again", ...on(db)]);
    expect(show.code).toBe(0);
    expect(show.stdout.split("\n")).toContain(mark);
    const inbox = await cli(["inbox", ...on(db)]);
    expect(inbox.stdout).toMatch(new RegExp(`\\n {4,}${mark.replace(/[\\[\]().]/g, "\\$&")}\\n`));
    for (const { stdout } of [show, inbox]) {
      expect(stdout).not.toContain("\u001b");
      expect(stdout.split("\n").some((l) => l.startsWith("- accepted"))).toBe(false);
    }
    const json = JSON.parse((await cli(["inbox", "--json", ...on(db)])).stdout);
    const again = json.proposals.find((p: { id: string }) => p.id === "prp_again");
    expect(again).toMatchObject({
      reproposal_of: "prp_reject",
      reproposal_rejection: { decision: "reject", reason: FORGED },
    });
  });

  it("a re-proposal of a change rejected without a reason says so", async () => {
    const db = copyOf(seed);
    expect((await cli(["reject", SEEDED.toReject, ...on(db)])).code).toBe(0);
    await proposeAgain(db);
    const { stdout } = await cli(["show", "prp_again", ...on(db)]);
    expect(stdout).toContain(
      "\nre-proposal: the same change as prp_reject, which was rejected by user:alice (no reason given)\n",
    );
  });

  it("a revision names the proposal it revises; changes requested are marked in inbox too", async () => {
    const db = copyOf(seed);
    const asked = await cli(["request-changes", SEEDED.clean, "Say Tuesday.", ...on(db)]);
    expect(asked.code).toBe(0);
    const before = await cli(["inbox", ...on(db)]);
    expect(before.stdout).toMatch(/\n {4,}changes requested: waiting for its agent to revise it\n/);
    const ws = open(db);
    const patch = { kind: "text_edits" as const, edits: [{ old: "Friday", new: "Tuesday" }] };
    const change = {
      type: "edit_artifact" as const,
      artifact_id: "plan_1",
      base_version: 2,
      patch,
    };
    const sent = await ws.commit(
      { type: "propose_change", proposal_id: "prp_rev", change, revises: SEEDED.clean },
      agent,
    );
    await ws.close();
    expect(sent.ok).toBe(true);
    const show = await cli(["show", "prp_rev", ...on(db)]);
    expect(show.stdout).toContain("\nrevises prp_clean, which it superseded\n");
    const inbox = await cli(["inbox", ...on(db)]);
    expect(inbox.stdout).toMatch(/\n {4,}revises prp_clean, which it superseded\n/);
    // The comment carried along from the proposal it revises is listed under it.
    expect(show.stdout).toMatch(
      /\n {2}cmt_\w+ user:alice \(requests changes, on prp_clean\): Say Tuesday\.\n/,
    );
  });
});
