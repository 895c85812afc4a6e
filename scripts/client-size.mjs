// `node scripts/client-size.mjs [entry]`: the last step of `npm run build`. Measures
// `agent-workspace/client` as built (dist/client.mjs, or the entry given) with every chunk it
// imports, and fails when zod, a Node built-in module or any other package got into them, or
// when they are over the budget gzipped. Two sizes, both under the budget: the files as
// published (gzipped one by one, as a server sends them), and the bundle an app's bundler
// would make of them (esbuild, minified, gzipped).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const BUDGET = 30 * 1024;
const entry = process.argv[2] ?? fileURLToPath(new URL("../dist/client.mjs", import.meta.url));
if (!existsSync(entry)) {
  console.error(`client-size: no ${entry}; run tsdown first (npm run build)`);
  process.exit(2);
}

// Every specifier a built module imports or re-exports, static or dynamic.
const SPECIFIER = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/** The entry and every chunk it reaches, with what each imports from outside them. */
function graphOf(start) {
  const files = new Map();
  const visit = (path) => {
    if (files.has(path)) return;
    const text = readFileSync(path, "utf8");
    const outside = [];
    files.set(path, { text, outside });
    for (const [, spec] of text.matchAll(SPECIFIER)) {
      if (spec.startsWith(".")) visit(fileURLToPath(new URL(spec, `file://${path}`)));
      else outside.push(spec);
    }
  };
  visit(start);
  return files;
}

const problems = [];
const files = graphOf(entry);
const short = (path) => path.replace(/.*\/dist\//, "dist/");
for (const [path, { outside }] of files) {
  for (const spec of outside) {
    const what = /^zod(\/|$)/.test(spec)
      ? "zod"
      : spec.startsWith("node:")
        ? "a Node built-in module"
        : "another package";
    problems.push(`${short(path)} imports ${spec} (${what})`);
  }
}
const published = [...files.values()].reduce(
  (sum, { text }) => sum + gzipSync(text, { level: 9 }).length,
  0,
);

// As an app's bundler ships it (what it imports from outside is named above, and left out).
const result = await build({
  entryPoints: [entry],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  write: false,
  packages: "external",
  external: ["node:*"],
  logLevel: "silent",
});
const [output] = result.outputFiles;
const bundled = gzipSync(output.contents, { level: 9 }).length;

for (const [name, size] of [
  ["as published", published],
  ["bundled", bundled],
]) {
  if (size > BUDGET) problems.push(`${size} bytes gzipped ${name}, over the budget of ${BUDGET}`);
}
console.log(
  `client-size: ${short(entry)} and ${files.size - 1} chunk(s): ${published} bytes gzipped as published, ` +
    `${bundled} bundled and minified (budget ${BUDGET}); no zod, no Node module: ${problems.length === 0 ? "yes" : "NO"}`,
);
for (const problem of problems) console.error(`client-size: ${problem}`);
process.exitCode = problems.length === 0 ? 0 : 1;
