// Undoing a version with the real binary: `history` lists an artifact's versions newest first
// (who, which proposal, revert marks, what changed), `revert` writes a new version undoing one,
// or refuses a conflict with its markers (exit 1), writing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { cli as run } from "./fixtures/in-process.ts";
import { run as spawned } from "./fixtures/run.ts";
import { alice, copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

async function plan1(db: string) {
  const ws = open(db);
  try {
    const artifact = await ws.artifact("plan_1");
    return {
      version: artifact?.version,
      text: artifact?.data.text,
      revisions: await ws.revisions("plan_1"),
    };
  } finally {
    await ws.close();
  }
}

describe.concurrent("history and revert", () => {
  it("history lists versions newest first, with the proposal and its author, and how to revert", async () => {
    const db = copyOf(seed);
    expect((await run(["accept", SEEDED.clean, ...on(db)])).code).toBe(0);
    const ran = await run(["history", "plan_1", ...on(db)]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: "" });
    expect(ran.stdout).toBe(
      [
        "history of plan_1 (plan): 3 versions, newest first",
        "  v3  user:alice  via proposal prp_clean of agent:thr_1",
        "      text: +1 -1 lines",
        "  v2  user:alice",
        "      text: +1 -1 lines",
        "  v1  user:alice",
        "      created",
        "undo one with: agent-workspace revert plan_1 <version>",
        "",
      ].join("\n"),
    );
    const json = JSON.parse((await run(["history", "plan_1", "--json", ...on(db)])).stdout);
    expect(json.revisions.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);
    expect(json.revisions[0]).toMatchObject({ proposal_id: "prp_clean", reverted_by: null });
  });

  it("revert writes a new version undoing one, as the person; history marks both", async () => {
    const db = copyOf(seed);
    const ran = await spawned([
      "revert",
      "plan_1",
      "v2",
      "--reason",
      "Keep it to the team.",
      ...on(db),
    ]);
    expect(ran).toEqual({
      code: 0,
      stdout: "reverted v2 of plan_1: plan_1 is at v3\n",
      stderr: "",
    });
    const after = await plan1(db);
    expect(after.text).toBe("Ship on Friday.\n\nKeep the scope small.\n\nInvite the team.\n");
    expect(after.revisions.at(-1)).toMatchObject({
      version: 3,
      reverts: 2,
      actor: { kind: "user", id: "alice" },
    });
    const ws = open(db);
    const events = (await ws.log()).map((envelope) => envelope.event);
    await ws.close();
    expect(events.at(-1)).toMatchObject({
      type: "artifact_changed",
      reverts: 2,
      reverted: { reason: "Keep it to the team.", surface: "cli" },
    });
    const history = await run(["history", "plan_1", ...on(db)]);
    expect(history.stdout).toContain("\n  v3  user:alice  reverts v2\n");
    expect(history.stdout).toContain("\n  v2  user:alice  reverted by v3\n");
  });

  it("a revert that conflicts is refused (exit 1) with its markers; nothing is written", async () => {
    const db = copyOf(seed);
    const ws = open(db);
    const patch = { kind: "text_edits" as const, edits: [{ old: "everyone", new: "all of us" }] };
    const edit = { type: "edit_artifact" as const, artifact_id: "plan_1", base_version: 2, patch };
    expect((await ws.commit(edit, alice)).ok).toBe(true);
    await ws.close();
    const ran = await run(["revert", "plan_1", "2", ...on(db)]);
    expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 1, stdout: "" });
    expect(ran.stderr).toMatch(/^refused \(conflict\): reverting version 2 of artifact plan_1/);
    expect(ran.stderr).toContain("\n  <<<<<<< current\n  Invite all of us.\n");
    expect(ran.stderr).toContain("see agent-workspace history plan_1");
    expect((await plan1(db)).version).toBe(3);
  });

  it("refuses version 1 (exit 1), a version that is not a number (exit 2), an unknown artifact (exit 1)", async () => {
    const db = copyOf(seed);
    const first = await run(["revert", "plan_1", "1", ...on(db)]);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(
      /^refused \(invalid_state\): version 1 of artifact plan_1 created it/,
    );
    const word = await run(["revert", "plan_1", "latest", ...on(db)]);
    expect(word.code).toBe(2);
    expect(word.stderr).toContain("version latest: expected a version number from history");
    // Only the creation: nothing to revert, so no hint to.
    const created = await run(["history", "plan_3", ...on(db)]);
    expect(created.stdout).toBe(
      "history of plan_3 (plan): 1 version, newest first\n  v1  user:alice\n      created\n",
    );
    const missing = await run(["history", "plan_9", ...on(db)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^refused \(not_found\): artifact plan_9 not found/);
    expect((await plan1(db)).version).toBe(2);
  });
});
