// `node scripts/build-page.mjs [outdir]`: bundles the review page (src/edge/page) for the browser
// into dist/page (or outdir): index.html, review.js (preact, htm and the client, minified)
// and review.css. `agent-workspace serve` from the published package serves these files;
// run from the sources, it calls `buildPage` itself (with `write: false`) on the fly.
// Fails when zod or a Node module got into the bundle: the page is the client's side only.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PAGE = join(ROOT, "src", "edge", "page");

/** What was bundled in: zod or Node modules, each named. */
function problemsOf(metafile) {
  const problems = [];
  for (const [path, { imports }] of Object.entries(metafile.inputs)) {
    if (/(^|\/)node_modules\/zod\//.test(path)) problems.push(`zod is in the bundle (${path})`);
    for (const { path: imported } of imports) {
      if (imported.startsWith("node:")) problems.push(`${path} imports ${imported}`);
    }
  }
  return problems;
}

/**
 * Bundles the page. Answers its files (`name`, `contents` as bytes) and the problems found;
 * with `outdir`, also writes them there.
 *
 * @param {{ outdir?: string, minify?: boolean }} [options]
 * @returns {Promise<{ files: { name: string, contents: Uint8Array }[], problems: string[] }>}
 */
export async function buildPage({ outdir, minify = true } = {}) {
  const result = await build({
    entryPoints: { review: join(PAGE, "main.ts"), "review-style": join(PAGE, "review.css") },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    sourcemap: minify ? false : "inline",
    legalComments: "none",
    outdir: "/page",
    write: false,
    metafile: true,
    // Kept out, to be named below rather than fail the build.
    external: ["node:*"],
    logLevel: "silent",
  });
  const named = result.outputFiles.map((file) => ({
    name: file.path.endsWith(".css") ? "review.css" : "review.js",
    contents: file.contents,
  }));
  const html = await readFile(join(PAGE, "index.html"));
  const files = [{ name: "index.html", contents: new Uint8Array(html) }, ...named];
  if (outdir !== undefined) {
    await mkdir(outdir, { recursive: true });
    for (const file of files) await writeFile(join(outdir, file.name), file.contents);
  }
  return { files, problems: problemsOf(result.metafile) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outdir = process.argv[2] ?? join(ROOT, "dist", "page");
  const { files, problems } = await buildPage({ outdir });
  const sizes = files.map((file) => `${file.name} ${file.contents.length} bytes`).join(", ");
  console.log(`build-page: ${outdir}: ${sizes}`);
  for (const problem of problems) console.error(`build-page: ${problem}`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
