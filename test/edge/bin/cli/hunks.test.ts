// `show` lists a proposal's hunks with their ids, and `accept --hunks` lands only those, with
// the real binary on a SQLite file (ADR 0048).
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./fixtures/run.ts";
import { agent, alice, copyOf, open, REGISTRY, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

// A plan of three lines, and the agent's proposal to change the first and the last.
async function withProposal(): Promise<{ db: string; hunks: string[] }> {
  const db = copyOf(seed);
  const ws = open(db);
  try {
    const text = "Ship on Friday.\nKeep it small.\nInvite the team.\n";
    await ws.commit(
      { type: "create_artifact", artifact_id: "plan_9", kind: "plan", data: { text } },
      alice,
    );
    const value = "Ship on Monday.\nKeep it small.\nInvite everyone.\n";
    const written = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "plan_9",
        base_version: 1,
        patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value }] },
        proposal_id: "prp_h",
      },
      agent,
    );
    if (!written.ok) throw new Error("expected a proposal");
    const preview = await ws.previewProposal("prp_h");
    if (!preview.ok) throw new Error("expected a preview");
    return { db, hunks: preview.value.hunks.map((hunk) => hunk.id) };
  } finally {
    await ws.close();
  }
}

describe.concurrent("hunks in the CLI", () => {
  it("show lists each hunk with its id, where it is, and its lines", async () => {
    const { db, hunks } = await withProposal();
    const [first, second] = hunks;
    const { code, stdout, stderr } = await run(["show", "prp_h", ...on(db)]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toContain(
      [
        "hunks (accept some with: agent-workspace accept prp_h --hunks id,id):",
        `  ${first} /text, line 1`,
        "    -Ship on Friday.",
        "    +Ship on Monday.",
        `  ${second} /text, line 3`,
        "    -Invite the team.",
        "    +Invite everyone.",
        "",
      ].join("\n"),
    );
    const json = await run(["show", "prp_h", "--json", ...on(db)]);
    expect(JSON.parse(json.stdout).preview.hunks.map((h: { id: string }) => h.id)).toEqual(hunks);
  });

  it("accept --hunks lands only those; a stale id is refused; --edit with --hunks is a usage error", async () => {
    const { db, hunks } = await withProposal();
    const [first = ""] = hunks;
    const stale = await run(["accept", "prp_h", "--hunks", "hk_nope", ...on(db)]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(
      /^refused \(stale_hunks\): proposal prp_h has no hunk hk_nope now/,
    );
    const both = await run(["accept", "prp_h", "--hunks", first, "--edit", ...on(db)]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("choose --edit or --hunks, not both");

    const { code, stdout, stderr } = await run([
      "accept",
      "prp_h",
      "--hunks",
      ` ${first} ,`,
      ...on(db),
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toContain("accepted prp_h");
    const ws = open(db);
    try {
      expect((await ws.artifact("plan_9"))?.data.text).toBe(
        "Ship on Monday.\nKeep it small.\nInvite the team.\n",
      );
      const resolution = (await ws.proposal("prp_h"))?.resolution;
      expect(resolution?.hunks?.landed.map((hunk) => hunk.id)).toEqual([first]);
      expect(resolution?.surface).toBe("cli");
    } finally {
      await ws.close();
    }
  });
});
