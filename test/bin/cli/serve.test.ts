// `agent-workspace serve`: its help and usage errors, the real binary serving until SIGINT,
// and where the page's files come from — bundled on the fly from the sources, or the
// prebuilt folder `npm run build` writes (dist/page), as the published package serves it.
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildPage } from "../../../scripts/build-page.mjs";
import { isCliError } from "../../../src/bin/cli/exit.ts";
import { runCli } from "../../../src/bin/cli/main.ts";
import { builtAssets, pageAssets, sourceAssets } from "../../../src/bin/cli/serve-assets.ts";
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
      page: `${join(ROOT, "src", "page")} (bundled on the fly)`,
    });
    const info = await (await fetch(`${served.url}review/info`)).json();
    expect(info).toEqual({ workspace: "default", person: "alice", channels: [], can_start: false });
    const script = await fetch(`${served.url}assets/review.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await script.text()).length).toBeGreaterThan(10_000);
    const { code, stderr } = await served.stop();
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });
});

describe("the page's files", () => {
  it("come from the sources, bundled on the fly, when serve runs from them (as here)", async () => {
    expect(pageAssets().from).toContain("bundled on the fly");
    const assets = sourceAssets(ROOT);
    const [js, css, html, other] = await Promise.all(
      ["review.js", "review.css", "index.html", "secrets.txt"].map((name) => assets.get(name)),
    );
    expect(js?.length).toBeGreaterThan(10_000);
    expect(new TextDecoder().decode(css ?? new Uint8Array())).toContain("--accent");
    expect(new TextDecoder().decode(html ?? new Uint8Array())).toContain('src="assets/review.js"');
    expect(other).toBeNull();
  });

  it("come from the folder the build writes, in the published package; a missing one is a failure", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "aw-page-dist-")), "page");
    expect((await buildPage({ outdir: dir })).problems).toEqual([]);
    const assets = builtAssets(dir);
    expect(assets.from).toBe(dir);
    expect((await assets.get("review.js"))?.length).toBeGreaterThan(10_000);
    expect(await assets.get("../package.json")).toBeNull();
    const missing = (() => {
      try {
        builtAssets(join(dir, "nowhere"));
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(isCliError(missing) && missing.code === "failed").toBe(true);
    expect(String((missing as Error).message)).toContain("run npm run build");
  });
});
