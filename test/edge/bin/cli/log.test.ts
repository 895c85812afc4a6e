// The log with the real binary: --follow prints, as JSON Lines, the envelopes appended by
// another process (this one) until interrupted, then exits 0.
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { recordingIo } from "./fixtures/io.ts";
import { finished, start } from "./fixtures/run.ts";
import { alice, copyOf, open, REGISTRY, seedFile } from "./fixtures/seed.ts";

let seed = "";
beforeAll(async () => {
  seed = await seedFile();
});

/** Resolves once `lines` holds a line that `match` accepts; rejects if the run ends first. */
function waitFor(
  lines: () => string[],
  match: (line: string) => boolean,
  ended: Promise<unknown>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = setInterval(() => {
      const found = lines().find(match);
      if (found !== undefined) {
        clearInterval(check);
        resolve(found);
      }
    }, 20);
    ended.then((ran) => {
      clearInterval(check);
      reject(new Error(`the run ended first: ${JSON.stringify(ran)}`));
    });
  });
}

describe("log", () => {
  it("--follow prints what another process appends, as JSON Lines, until interrupted", async () => {
    const db = copyOf(seed);
    const ws = open(db);
    const head = await ws.head();
    const child = start(["log", "--follow", "--json", "--db", db, "--after", String(head - 1)]);
    const ran = finished(child);
    let out = "";
    child.stdout?.on("data", (chunk: string) => (out += chunk));
    const lines = () => out.split("\n").filter((line) => line !== "");
    await waitFor(lines, (line) => JSON.parse(line).seq === head, ran);

    const posted = await ws.commit(
      { type: "post_message", thread_id: "thr_1", content: "Ship it.", kind: "message" },
      alice,
    );
    expect(posted.ok).toBe(true);
    const appended = JSON.parse(
      await waitFor(lines, (line) => JSON.parse(line).seq === head + 1, ran),
    );
    expect(appended).toMatchObject({
      actor: { kind: "user", id: "alice" },
      event: { type: "message_posted", content: "Ship it." },
    });
    await ws.close();

    child.kill("SIGINT");
    const { code, stderr } = await ran;
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(lines().map((line) => JSON.parse(line).seq)).toEqual([head, head + 1]);
  });

  it("prints one envelope a line: position, time, who, the event and its fields (in process)", async () => {
    const io = recordingIo();
    const args = ["log", "--db", copyOf(seed), "--registry", REGISTRY, "--limit", "2"];
    expect(await runCli(args, io)).toBe(0);
    const lines = io.written.stdout.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^#1 \d{4}-\d\d-\d\dT[\d:.]+Z user:alice thread_created thread_id="thr_1" title="Release"$/,
    );
    expect(lines[1]).toMatch(/^#2 .* user:alice thread_created thread_id="thr_2" title="Deploys"$/);
  });
});
