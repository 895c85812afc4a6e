// Answering thread offers, by the real binary: started through the ports of a --host module
// (without one, a usage error, in process); dismissed and brought back.
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { recordingIo } from "./fixtures/io.ts";
import { run } from "./fixtures/run.ts";
import { copyOf, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

const on = (db: string) => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

async function answerOf(db: string, offerId: string) {
  const ws = open(db);
  try {
    return (await ws.thread("thr_1"))?.offers[offerId];
  } finally {
    await ws.close();
  }
}

describe("offers", () => {
  it("offer start runs startOffer through the --host module's ports", async () => {
    const db = copyOf(seed);
    const host = "test/edge/bin/cli/fixtures/host.ts";
    const { code, stdout, stderr } = await run([
      "offer",
      "start",
      "thr_1",
      SEEDED.offer,
      ...on(db),
      "--host",
      host,
    ]);
    expect(code).toBe(0);
    const [, thread = "", message = ""] =
      /^started (thr_\w+) \(isolated checkout at \/trees\/\1\); prompt (msg_\w+) sent and dispatched\n$/.exec(
        stdout,
      ) ?? [];
    expect(thread).not.toBe("");
    expect(stderr).toBe(`dispatched ${thread} ${message}\n`);
    expect(await answerOf(db, SEEDED.offer)).toMatchObject({
      status: "started",
      thread_id: thread,
      checkout: "isolated",
    });
  });

  it("offer start without --host, or with a module lacking ports, is a usage error (exit 2)", async () => {
    const db = copyOf(seed);
    const without = recordingIo();
    expect(await runCli(["offer", "start", "thr_1", SEEDED.offer, ...on(db)], without)).toBe(2);
    expect(without.written.stderr).toBe(
      "agent-workspace: offer start needs --host <module>: a module whose default export gives the host's ports\nrun `agent-workspace offer start --help` for usage\n",
    );
    const lacking = recordingIo();
    const registryAsHost = ["--host", REGISTRY];
    expect(
      await runCli(
        ["offer", "start", "thr_1", SEEDED.offer, ...on(db), ...registryAsHost],
        lacking,
      ),
    ).toBe(2);
    expect(lacking.written.stderr).toContain(
      `--host ${REGISTRY}: its default export lacks checkout, confirmSharedCheckout, dispatch (functions)`,
    );
    expect(await answerOf(db, SEEDED.offer)).toBeUndefined();
  });

  it("offer dismiss, then restore, run as the real binary: the answer is last write wins; an unknown offer is refused", async () => {
    const db = copyOf(seed);
    const [dismissed, unknown] = await Promise.all([
      run(["offer", "dismiss", "thr_1", SEEDED.otherOffer, ...on(db)]),
      run(["offer", "dismiss", "thr_1", "call_nope", ...on(db)]),
    ]);
    expect(dismissed).toEqual({
      code: 0,
      stdout: "dismissed offer call_other of thread thr_1\n",
      stderr: "",
    });
    expect(await answerOf(db, SEEDED.otherOffer)).toMatchObject({ status: "dismissed" });
    expect(unknown).toEqual({
      code: 1,
      stdout: "",
      stderr: "refused (not_found): offer call_nope of thread thr_1 not found\n",
    });
    const restored = await run([
      "offer",
      "restore",
      "thr_1",
      SEEDED.otherOffer,
      ...on(db),
      "--json",
    ]);
    expect(restored.code).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ ok: true });
    expect(await answerOf(db, SEEDED.otherOffer)).toMatchObject({ status: "standing" });
  });
});
