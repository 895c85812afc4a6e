// Where the review page's files come from: bundled on the fly when the handler runs from the
// sources (as here), or the folder `npm run build` writes (dist/page), as the published
// package serves them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildPage } from "../../../../scripts/build-page.mjs";
import { builtAssets, pageAssets, sourceAssets } from "../../../../src/edge/serve/review/assets.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..");

describe("the page's files", () => {
  it("come from the sources, bundled on the fly, when the handler runs from them (as here)", async () => {
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

  it("come from the folder the build writes, or the one given; a missing one is an error", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "aw-page-dist-")), "page");
    expect((await buildPage({ outdir: dir })).problems).toEqual([]);
    for (const assets of [builtAssets(dir), pageAssets(dir)]) {
      expect(assets.from).toBe(dir);
      expect((await assets.get("review.js"))?.length).toBeGreaterThan(10_000);
      expect(await assets.get("../package.json")).toBeNull();
    }
    expect(() => builtAssets(join(dir, "nowhere"))).toThrow(/lacks index\.html.*run npm run build/);
  });
});
