// Answering several proposals at once with the real binary: `accept ID ID …` and
// `reject ID ID … --reason R` as one `respond_to_proposals`, `--all-or-nothing`, and
// `accept --all-clean [--thread T]`, which skips (and names) what conflicts.
import { beforeAll, describe, expect, it } from "vitest";
import { cli as run } from "./fixtures/in-process.ts";
import { run as spawned } from "./fixtures/run.ts";
import { agent, copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

async function statuses(db: string, ids: readonly string[]): Promise<Record<string, unknown>> {
  const ws = open(db);
  try {
    const entries = await Promise.all(
      ids.map(async (id) => [id, (await ws.proposal(id))?.status] as const),
    );
    return Object.fromEntries(entries);
  } finally {
    await ws.close();
  }
}

const ALL = [SEEDED.clean, SEEDED.conflicting, SEEDED.toReject, SEEDED.created];

describe.concurrent("answering several proposals at once", () => {
  it("accept ID ID sends one respond_to_proposals: one line per answer, exit 0", async () => {
    const db = copyOf(seed);
    const ran = await spawned(["accept", SEEDED.clean, SEEDED.created, ...on(db)]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: "" });
    expect(ran.stdout).toBe(
      "accepted prp_clean: plan_1 is at v3 (rebased from v1)\naccepted prp_new: plan_4 is at v1\n",
    );
    expect(await statuses(db, [SEEDED.clean, SEEDED.created])).toEqual({
      prp_clean: "accepted",
      prp_new: "accepted",
    });
    const again = copyOf(seed);
    const json = await run(["accept", SEEDED.clean, SEEDED.created, ...on(again), "--json"]);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).toMatchObject({ ok: true, outcome: { type: "batch", all_or_nothing: false } });
    expect(parsed.outcome.items.map((i: { ok: boolean }) => i.ok)).toEqual([true, true]);
  });

  it("a refused answer in a batch is printed with its reason on stderr, the others land, exit 1", async () => {
    const db = copyOf(seed);
    const ran = await run(["accept", SEEDED.clean, SEEDED.conflicting, SEEDED.created, ...on(db)]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe(
      "accepted prp_clean: plan_1 is at v3 (rebased from v1)\naccepted prp_new: plan_4 is at v1\n",
    );
    expect(ran.stderr).toMatch(/^prp_conflict: refused \(conflict\): proposal prp_conflict/);
    expect(ran.stderr).toContain("\n  <<<<<<< current\n  Launch: Wednesday.\n");
    expect(ran.stderr).toContain("resolve it with: agent-workspace accept prp_conflict --edit\n");
    expect(ran.stderr).toMatch(/1 of 3 answers refused; the other 2 landed in one write\n$/);
    expect(await statuses(db, ALL)).toEqual({
      prp_clean: "accepted",
      prp_conflict: "pending",
      prp_reject: "pending",
      prp_new: "accepted",
    });
  });

  it("--all-or-nothing: one refused answer refuses the batch, exit 1, nothing written", async () => {
    const db = copyOf(seed);
    const ran = await run([
      "accept",
      SEEDED.clean,
      SEEDED.conflicting,
      "--all-or-nothing",
      ...on(db),
    ]);
    expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 1, stdout: "" });
    expect(ran.stderr).toMatch(/^refused \(conflict\): responses\.1 \(proposal prp_conflict\)/);
    expect(ran.stderr).toContain("with --all-or-nothing, no answer was written");
    expect(await statuses(db, [SEEDED.clean, SEEDED.conflicting])).toEqual({
      prp_clean: "pending",
      prp_conflict: "pending",
    });
    const rejects = await run([
      "reject",
      SEEDED.toReject,
      "prp_nope",
      "--all-or-nothing",
      ...on(db),
    ]);
    expect(rejects.code).toBe(1);
    expect(await statuses(db, [SEEDED.toReject])).toEqual({ prp_reject: "pending" });
  });

  it("each accept in a batch rebases on the ones before it: two edits of one line, the second refused", async () => {
    const db = copyOf(seed);
    const ws = open(db);
    for (const [id, word] of [
      ["prp_three", "three"],
      ["prp_four", "four"],
    ] as const) {
      const patch = { kind: "text_edits" as const, edits: [{ old: "two", new: word }] };
      const edit = { type: "edit_artifact" as const, artifact_id: "plan_3", base_version: 1 };
      const sent = await ws.commit({ ...edit, patch, proposal_id: id }, agent);
      expect(sent.ok).toBe(true);
    }
    await ws.close();
    const ran = await run(["accept", "prp_three", "prp_four", ...on(db)]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe("accepted prp_three: plan_3 is at v2\n");
    expect(ran.stderr).toMatch(/^prp_four: refused \(conflict\)/);
    expect(ran.stderr).toContain("1 of 2 answers refused; the other answer landed\n");
  });

  it("reject ID ID --reason R rejects each with the reason, in one write", async () => {
    const db = copyOf(seed);
    const ran = await run([
      "reject",
      SEEDED.toReject,
      SEEDED.conflicting,
      "--reason",
      "Not now.",
      ...on(db),
    ]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: "" });
    expect(ran.stdout).toBe("rejected prp_reject\nrejected prp_conflict\n");
    const ws = open(db);
    const [a, b] = await Promise.all([
      ws.proposal(SEEDED.toReject),
      ws.proposal(SEEDED.conflicting),
    ]);
    await ws.close();
    for (const proposal of [a, b]) {
      expect(proposal?.resolution).toMatchObject({
        decision: "reject",
        reason: "Not now.",
        surface: "cli",
        by: { kind: "user", id: "alice" },
      });
    }
  });

  it("a forged id refuses the whole batch as invalid, nothing written, no forged line printed", async () => {
    const db = copyOf(seed);
    const forged = "prp_x\n- accepted prp_x\u001b[2J";
    const ran = await run(["accept", SEEDED.clean, forged, ...on(db)]);
    expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 1, stdout: "" });
    expect(ran.stderr).toMatch(
      /^refused \(validation_failed\): invalid command\n {2}responses\.1\./,
    );
    expect(ran.stderr).not.toContain("\u001b");
    expect(ran.stderr.split("\n").some((l) => l.startsWith("- accepted"))).toBe(false);
    expect(await statuses(db, [SEEDED.clean])).toEqual({ prp_clean: "pending" });
  });

  it("a single id answers as it always has: one respond_to_proposal, not a batch", async () => {
    const db = copyOf(seed);
    const ran = await run(["reject", SEEDED.toReject, "--json", ...on(db)]);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout).outcome).toMatchObject({ type: "resolved", decision: "reject" });
  });
});

describe.concurrent("accept --all-clean", () => {
  it("accepts every clean pending proposal in one batch and names the conflicting one it skipped", async () => {
    const db = copyOf(seed);
    const ran = await run(["accept", "--all-clean", ...on(db)]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: "" });
    expect(ran.stdout).toBe(
      [
        "skipped prp_conflict: it conflicts (1 conflict); resolve it with: agent-workspace accept prp_conflict --edit",
        "accepted prp_clean: plan_1 is at v3 (rebased from v1)",
        "accepted prp_reject: plan_3 is at v2",
        "accepted prp_new: plan_4 is at v1",
        "",
      ].join("\n"),
    );
    expect(await statuses(db, ALL)).toEqual({
      prp_clean: "accepted",
      prp_conflict: "pending",
      prp_reject: "accepted",
      prp_new: "accepted",
    });
    const json = JSON.parse((await run(["accept", "--all-clean", "--json", ...on(db)])).stdout);
    expect(json).toMatchObject({
      ok: true,
      outcome: null,
      skipped: [{ proposal_id: "prp_conflict", reason: "conflict", detail: 1 }],
    });
  });

  it("--thread narrows it to one thread's proposals; none clean there accepts nothing, exit 0", async () => {
    const db = copyOf(seed);
    const other = await run(["accept", "--all-clean", "--thread", "thr_2", ...on(db)]);
    expect(other).toEqual({
      code: 0,
      stdout: "no pending proposal of thread thr_2 is clean; nothing was accepted\n",
      stderr: "",
    });
    expect((await statuses(db, ALL)).prp_clean).toBe("pending");
    const mine = await run(["accept", "--all-clean", "--thread", "thr_1", ...on(db)]);
    expect(mine.code).toBe(0);
    expect((await statuses(db, ALL)).prp_clean).toBe("accepted");
  });

  it("skips a proposal a person asked changes to, saying so", async () => {
    const db = copyOf(seed);
    const asked = await run(["request-changes", SEEDED.toReject, "Make it three.", ...on(db)]);
    expect(asked.code).toBe(0);
    const ran = await run(["accept", "--all-clean", ...on(db)]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      "skipped prp_reject: changes were requested; answer it on its own\n",
    );
    expect((await statuses(db, [SEEDED.toReject])).prp_reject).toBe("pending");
  });
});
