// Answering proposals with the real binary: accept (rebased), a conflict refused, accept with
// the person's edit in a scripted $EDITOR (one that leaves markers is refused), reject; and
// what the agent then reads in its notes.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, run } from "./fixtures/run.ts";
import { copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

/** A scripted $EDITOR: what it does to the file, and where it leaves what it was opened on. */
function editor(edit: { write?: string; replace?: [string, string][] }) {
  const offered = join(mkdtempSync(join(tmpdir(), "aw-editor-")), "offered.txt");
  const env = {
    EDITOR: `node ${join(FIXTURES, "editor.mjs")}`,
    CLI_TEST_EDIT: JSON.stringify(edit),
    CLI_TEST_OFFERED: offered,
  };
  return { env, offered: () => readFileSync(offered, "utf8") };
}

async function textOf(db: string, id: string): Promise<unknown> {
  const ws = open(db);
  try {
    return (await ws.artifact(id))?.data.text;
  } finally {
    await ws.close();
  }
}

async function statusOf(db: string, id: string): Promise<unknown> {
  const ws = open(db);
  try {
    return (await ws.proposal(id))?.status;
  } finally {
    await ws.close();
  }
}

describe.concurrent("answering proposals", () => {
  it("accept merges a proposal onto the current version, answered from surface cli", async () => {
    const db = copyOf(seed);
    const { code, stdout, stderr } = await run(["accept", SEEDED.clean, ...on(db)]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toBe("accepted prp_clean: plan_1 is at v3 (rebased from v1)\n");
    expect(await textOf(db, "plan_1")).toBe(
      "Ship on Monday.\n\nKeep the scope small.\n\nInvite everyone.\n",
    );
    const ws = open(db);
    const proposal = await ws.proposal(SEEDED.clean);
    await ws.close();
    expect(proposal?.resolution).toMatchObject({
      decision: "accept",
      by: { kind: "user", id: "alice" },
      surface: "cli",
    });
  });

  it("a conflict is refused (exit 1) with its markers; --edit with markers left is refused too; a resolved edit lands", async () => {
    const db = copyOf(seed);
    const plain = await run(["accept", SEEDED.conflicting, ...on(db)]);
    expect(plain).toMatchObject({ code: 1, stdout: "" });
    expect(plain.stderr).toMatch(/^refused \(conflict\): proposal prp_conflict conflicts/);
    // Indented under its heading, as every conflict block is.
    expect(plain.stderr).toContain("\n  <<<<<<< current\n  Launch: Wednesday.\n");
    expect(plain.stderr).toContain("resolve it with: agent-workspace accept prp_conflict --edit");

    const untouched = editor({ replace: [["Budget: 10.", "Budget: 12."]] });
    const markers = await run(["accept", SEEDED.conflicting, "--edit", ...on(db)], untouched.env);
    expect(markers.code).toBe(1);
    expect(markers.stderr).toMatch(/^refused \(conflict_markers\): .*\(line 1\)/);
    expect(markers.stderr).toMatch(/your text is kept in .*prp_conflict\.txt/);
    expect(untouched.offered()).toBe(
      "<<<<<<< current\nLaunch: Wednesday.\n||||||| base\nLaunch: Friday.\n=======\nLaunch: Tuesday.\n>>>>>>> proposed\nBudget: 10.\n",
    );
    expect(await statusOf(db, SEEDED.conflicting)).toBe("pending");

    const resolved = editor({ write: "Launch: Thursday.\nBudget: 12.\n" });
    const edited = await run(["accept", SEEDED.conflicting, "--edit", ...on(db)], resolved.env);
    expect(edited).toMatchObject({ code: 0, stderr: "" });
    expect(edited.stdout).toBe(
      "accepted prp_conflict: plan_2 is at v3 (rebased from v1; with your changes)\n",
    );
    expect(await textOf(db, "plan_2")).toBe("Launch: Thursday.\nBudget: 12.\n");
  });

  it("accept --edit opens the merged text, and what is saved lands as changes against the current version", async () => {
    const db = copyOf(seed);
    const script = editor({ replace: [["Monday", "Sunday"]] });
    const { code, stdout, stderr } = await run(
      ["accept", SEEDED.clean, "--edit", ...on(db), "--json"],
      script.env,
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(script.offered()).toBe("Ship on Monday.\n\nKeep the scope small.\n\nInvite everyone.\n");
    const written = JSON.parse(stdout);
    expect(written.outcome).toMatchObject({ type: "resolved", decision: "accept", version: 3 });
    const resolution = written.envelopes.at(-1).event;
    expect(resolution).toMatchObject({
      type: "proposal_resolved",
      base_version: 2,
      surface: "cli",
      changes: { kind: "json_patch", ops: [{ op: "replace", path: "/text" }] },
    });
    expect(await textOf(db, "plan_1")).toBe(
      "Ship on Sunday.\n\nKeep the scope small.\n\nInvite everyone.\n",
    );
  });

  it("reject records the reason, and the agent reads it in its notes", async () => {
    const db = copyOf(seed);
    const rejected = await run(["reject", SEEDED.toReject, "--reason", "two is plenty", ...on(db)]);
    expect(rejected).toEqual({ code: 0, stdout: "rejected prp_reject\n", stderr: "" });
    expect(await statusOf(db, SEEDED.toReject)).toBe("rejected");
    const notes = await run([
      "notes",
      "--viewer",
      "agent:thr_1",
      "--db",
      db,
      "--registry",
      REGISTRY,
    ]);
    expect(notes.code).toBe(0);
    expect(notes.stdout).toContain(
      "- alice rejected your proposal prp_reject for plan_3 (do not propose the same change again; change what the reason asks, or leave it): two is plenty\n",
    );
    expect(notes.stdout).toMatch(/\(up to #\d+: next time, --after \d+\)\n$/);
  });
});
