// Resolving a conflict by choice with the real binary (ADR 0054): `show` lists the regions by
// name and version, `resolve` lands the choices as the person's changes, and a stale version,
// an unknown region or an unknown word is refused with nothing written.
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./fixtures/run.ts";
import { copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

async function plan2(db: string) {
  const ws = open(db);
  try {
    const artifact = await ws.artifact("plan_2");
    const proposal = await ws.proposal(SEEDED.conflicting);
    return { artifact, proposal };
  } finally {
    await ws.close();
  }
}

describe.concurrent("resolve", () => {
  it("show lists the regions by name at the version now", async () => {
    const db = copyOf(seed);
    const shown = await run(["show", SEEDED.conflicting, "--db", db, "--registry", REGISTRY]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(
      "agent-workspace resolve prp_conflict --at 2 --take <region>=<choice>",
    );
    expect(shown.stdout).toContain(
      "regions at v2:\n  /text#1: text region; take current, proposed, both, both-reversed, edit\n",
    );
    const json = await run([
      "show",
      SEEDED.conflicting,
      "--json",
      "--db",
      db,
      "--registry",
      REGISTRY,
    ]);
    expect(JSON.parse(json.stdout).regions).toMatchObject([
      { name: "/text#1", hunk: 0, reason: "text" },
    ]);
  });

  it("lands both sides in the order chosen, as alice's changes from surface cli", async () => {
    const db = copyOf(seed);
    const done = await run([
      "resolve",
      SEEDED.conflicting,
      "--at",
      "2",
      "--take",
      "/text#1=both-reversed",
      ...on(db),
    ]);
    expect({ code: done.code, stderr: done.stderr }).toEqual({ code: 0, stderr: "" });
    expect(done.stdout).toBe(
      "accepted prp_conflict: plan_2 is at v3 (rebased from v1; with your changes)\n",
    );
    const { artifact, proposal } = await plan2(db);
    expect(artifact?.data.text).toBe("Launch: Tuesday.\nLaunch: Wednesday.\nBudget: 10.\n");
    expect(proposal?.resolution).toMatchObject({
      base_version: 2,
      surface: "cli",
      by: { id: "alice" },
    });
  });

  it("--all chooses for every region not named", async () => {
    const db = copyOf(seed);
    const done = await run([
      "resolve",
      SEEDED.conflicting,
      "--at",
      "2",
      "--all",
      "proposed",
      ...on(db),
    ]);
    expect(done.code).toBe(0);
    expect((await plan2(db)).artifact?.data.text).toBe("Launch: Tuesday.\nBudget: 10.\n");
  });

  it("refuses a stale version, an unknown region, an unchosen one; usage for a bad word; nothing written", async () => {
    const db = copyOf(seed);
    const stale = await run([
      "resolve",
      SEEDED.conflicting,
      "--at",
      "1",
      "--all",
      "current",
      ...on(db),
    ]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(
      /^refused \(version_conflict\): the choices were made at v1, the artifact is at v2 now/,
    );
    const unknown = await run([
      "resolve",
      SEEDED.conflicting,
      "--at",
      "2",
      "--take",
      "/text#2=both",
      "--all",
      "current",
      ...on(db),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^refused \(unknown_region\): no conflict region is named \/text#2/,
    );
    const unchosen = await run(["resolve", SEEDED.conflicting, "--at", "2", ...on(db)]);
    expect(unchosen.stderr).toMatch(/^refused \(unchosen_region\): region \/text#1 has no choice/);
    const word = await run([
      "resolve",
      SEEDED.conflicting,
      "--at",
      "2",
      "--take",
      "/text#1=mine",
      ...on(db),
    ]);
    expect(word.code).toBe(2);
    expect(word.stderr).toContain("take current, proposed, both or both-reversed (not mine)");
    const { artifact, proposal } = await plan2(db);
    expect(artifact?.version).toBe(2);
    expect(proposal?.status).toBe("pending");
  });
});
