// Answering decisions with the real binary: a run's deferred approval is delivered in the
// same write; the same answer again is a repeat; a decision on a host's channel is refused
// before anything is stored unless --host declares that channel, and is then queued.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { recordingIo } from "./fixtures/io.ts";
import { run } from "./fixtures/run.ts";
import { copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

const HOST = "test/edge/bin/cli/fixtures/host.ts";
let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

describe.concurrent("decide", () => {
  it("delivers a run's approval through its deferred channel at once; the same answer again is a repeat", async () => {
    const db = copyOf(seed);
    const first = await run(["decide", SEEDED.deferred, "approve", ...on(db)]);
    expect(first).toEqual({
      code: 0,
      stdout: "delivered: call_approve answered approve, through deferred\n",
      stderr: "",
    });
    const again = await run(["decide", SEEDED.deferred, "approve", ...on(db), "--json"]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({
      ok: true,
      status: "repeat",
      decision_id: SEEDED.deferred,
      option_id: "approve",
    });
    const ws = open(db);
    const answered = (await ws.log()).filter((e) => e.event.type === "decision_answered");
    const runAfter = await ws.run("run_1");
    await ws.close();
    expect(answered.map((e) => e.event)).toMatchObject([{ option_id: "approve", surface: "cli" }]);
    expect(runAfter?.answers).toEqual({ [SEEDED.deferred]: { answer: null, approved: true } });
  });

  it("queues an answer on the host's channel (--host), which the process then delivers", async () => {
    const db = copyOf(seed);
    const delivered = join(mkdtempSync(join(tmpdir(), "aw-delivered-")), "delivery.json");
    const answered = await run(["decide", SEEDED.hooked, "once", ...on(db), "--host", HOST], {
      CLI_TEST_DELIVERED: delivered,
    });
    expect(answered).toEqual({
      code: 0,
      stdout: "queued: dec_hook answered once; delivering through hook\n",
      stderr: "",
    });
    expect(existsSync(delivered)).toBe(true);
    expect(JSON.parse(readFileSync(delivered, "utf8"))).toMatchObject({
      scope: { kind: "thread", id: "thr_2" },
      decision_id: SEEDED.hooked,
      option_id: "once",
      label: "Once",
    });
  });
});

describe("decide, refused before anything is stored (in process)", () => {
  it("a channel this process cannot reach is a usage error (exit 2), and the decision stays pending", async () => {
    const db = copyOf(seed);
    const io = recordingIo();
    expect(await runCli(["decide", SEEDED.hooked, "once", ...on(db)], io)).toBe(2);
    expect(io.written.stderr).toContain(
      'decision dec_hook is delivered through channel "hook", which this process cannot reach: pass --host <module>',
    );
    expect(io.written.stderr).toContain("run `agent-workspace decide --help` for usage");
    const ws = open(db);
    const pending = await ws.decisions();
    await ws.close();
    expect(pending.map((d) => d.decision.id)).toContain(SEEDED.hooked);
  });

  it("an id pending in two scopes needs --scope to say which", async () => {
    const db = copyOf(seed);
    const ws = open(db);
    const thread = { kind: "thread", id: "thr_1" } as const;
    const ask = {
      type: "request_decision",
      scope: thread,
      decision_id: SEEDED.hooked,
      prompt: "Same id?",
    } as const;
    expect((await ws.commit(ask, { kind: "agent", thread_id: "thr_1" })).ok).toBe(true);
    await ws.close();
    const both = recordingIo();
    expect(await runCli(["decide", SEEDED.hooked, "once", ...on(db)], both)).toBe(2);
    expect(both.written.stderr).toContain(
      "decision dec_hook is in more than one scope (thread:thr_1, thread:thr_2): pass --scope <one of them>",
    );
    const one = recordingIo();
    const scoped = ["decide", SEEDED.hooked, "once", "--scope", "thread:thr_2", "--host", HOST];
    expect(await runCli([...scoped, ...on(db)], one)).toBe(0);
    expect(one.written.stdout).toBe("queued: dec_hook answered once; delivering through hook\n");
  });

  it("an unknown decision or option is refused (exit 1), its type named", async () => {
    const db = copyOf(seed);
    const unknown = recordingIo();
    expect(await runCli(["decide", "dec_nope", "once", ...on(db)], unknown)).toBe(1);
    expect(unknown.written.stderr).toBe(
      "refused (not_found): no decision dec_nope is pending in workspace default, nor was one ever\n",
    );
    const option = recordingIo();
    expect(await runCli(["decide", SEEDED.deferred, "maybe", ...on(db), "--json"], option)).toBe(1);
    expect(JSON.parse(option.written.stdout).rejection).toMatchObject({
      type: "validation_failed",
      errors: [{ type: "unknown_option", loc: ["option_id"] }],
    });
  });
});
