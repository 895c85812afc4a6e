// The page is the client's side only: its code imports the protocol's client, preact and htm,
// and nothing else but types; its bundle holds no zod and no Node module, loads nothing from
// elsewhere, and stays small.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildPage } from "../../../scripts/build-page.mjs";

const PAGE = join(import.meta.dirname, "..", "..", "..", "src", "edge", "page");

// Every import and re-export of a file, with whether it is for types only.
const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;
const RUNTIME_PACKAGES = new Set(["preact", "preact/hooks", "htm/preact"]);

/** The runtime imports of `file` that the page may not have. */
function forbidden(file: string, text: string): string[] {
  const found: string[] = [];
  for (const [, , typeOnly, spec = ""] of text.matchAll(IMPORT)) {
    if (typeOnly !== undefined) continue;
    if (spec.startsWith("./") && !spec.includes("/", 2)) continue;
    if (spec.startsWith("../client/")) continue;
    if (RUNTIME_PACKAGES.has(spec)) continue;
    found.push(`${file} imports ${spec}`);
  }
  return found;
}

describe("the review page's code and bundle", () => {
  it("imports at run time only the page itself, the client, preact and htm (anything else for types only)", () => {
    const files = readdirSync(PAGE).filter((name) => name.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(8);
    const found = files.flatMap((name) => forbidden(name, readFileSync(join(PAGE, name), "utf8")));
    expect(found).toEqual([]);
    expect(
      forbidden("x.ts", 'import { z } from "zod";\nimport type { A } from "../../model/a.ts";'),
    ).toEqual(["x.ts imports zod"]);
  });

  it("bundles without zod or a Node module, under 25 kB gzipped, and loads nothing from elsewhere", async () => {
    const { files, problems } = await buildPage();
    expect(problems).toEqual([]);
    expect(files.map((file) => file.name).sort()).toEqual([
      "index.html",
      "review.css",
      "review.js",
    ]);
    const js = files.find((file) => file.name === "review.js")?.contents ?? new Uint8Array();
    const gzipped = gzipSync(js, { level: 9 });
    expect(gzipped.length).toBeLessThan(25 * 1024);
    const text = new TextDecoder().decode(js);
    // Nothing left to import at run time: no `import{…}from"…"`, no `import(…)`.
    expect(text).not.toMatch(/\bimport\s*[{*(]|\bimport\s+\w+\s+from\b/);
    const html = new TextDecoder().decode(
      files.find((file) => file.name === "index.html")?.contents,
    );
    expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url)).toEqual([
      "data:,",
      "assets/review.css",
      "assets/review.js",
    ]);
  });
});
