// `agent-workspace serve`: its help and usage errors, and the real binary serving until
// SIGINT (from the sources here; scripts/smoke.mjs runs the built one).
import { createServer } from "node:net";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { REGISTRY, seedFile } from "../../page/fixtures/seed.ts";
import { serve } from "../../page/fixtures/serve.ts";
import { recordingIo } from "./fixtures/io.ts";
import { ROOT } from "./fixtures/run.ts";

let db = "";
beforeAll(async () => {
  db = await seedFile();
});

const on = () => ["--db", db, "--registry", REGISTRY, "--as", "alice"];

/** A port something else listens on, for as long as `use` runs. */
async function takenPort<T>(use: (port: number) => Promise<T>): Promise<T> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  const address = blocker.address();
  try {
    return await use(typeof address === "object" && address !== null ? address.port : 0);
  } finally {
    blocker.close();
  }
}

describe("serve", () => {
  it("--help names its options and the exit codes", async () => {
    const io = recordingIo();
    expect(await runCli(["serve", "--help"], io)).toBe(0);
    for (const option of ["--port", "--as", "--host", "--db", "--registry", "EXIT CODES"]) {
      expect(io.written.stdout).toContain(option);
    }
  });

  it("is a usage error (exit 2) without --as, with a bad port, or a port in use", async () => {
    const without = recordingIo();
    expect(await runCli(["serve", "--db", db, "--registry", REGISTRY], without)).toBe(2);
    const bad = recordingIo();
    expect(await runCli(["serve", ...on(), "--port", "http"], bad)).toBe(2);
    expect(bad.written.stderr).toContain("--port http: expected a whole number");
    const high = recordingIo();
    expect(await runCli(["serve", ...on(), "--port", "70000"], high)).toBe(2);
    const taken = await takenPort(async (port) => {
      const io = recordingIo();
      return { code: await runCli(["serve", ...on(), "--port", String(port)], io), io, port };
    });
    expect(taken.code).toBe(2);
    expect(taken.io.written.stderr).toContain(`--port ${taken.port}: the port is in use`);
  });

  it("serves the page and the protocol until SIGINT, then exits 0; --json says where, as JSON", async () => {
    const served = await serve([...on(), "--json"]);
    expect(JSON.parse(served.stdout())).toEqual({
      url: served.url,
      workspace: "default",
      as: "alice",
      page: `${join(ROOT, "src", "edge", "page")} (bundled on the fly)`,
    });
    // Nothing is served without the run's key, which the printed address carries once, and
    // nothing at all outside the page's own secret path.
    expect(served.page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[\w-]{22}\/$/);
    expect((await fetch(`${served.page}review/info`)).status).toBe(401);
    expect((await fetch(`${served.origin}review/info`, served.authorized)).status).toBe(404);
    const info = await (await fetch(`${served.page}review/info`, served.authorized)).json();
    expect(info).toEqual({ workspace: "default", person: "alice", channels: [], can_start: false });
    const script = await fetch(`${served.page}assets/review.js`, served.authorized);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await script.text()).length).toBeGreaterThan(10_000);
    const { code, stderr } = await served.stop();
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });
});
