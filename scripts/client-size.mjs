// `node scripts/client-size.mjs [entry]`: bundles `agent-workspace/client` (src/client.ts,
// or the entry given) for a browser, as an app's bundler would (esbuild, minified), and
// fails when it is over its budget gzipped or when zod or a Node built-in module got into it.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const BUDGET = 30 * 1024;
const entry = process.argv[2] ?? new URL("../src/client.ts", import.meta.url).pathname;

const result = await build({
  entryPoints: [entry],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  write: false,
  metafile: true,
  // Kept out, to be named below rather than fail the build.
  external: ["node:*"],
  logLevel: "silent",
});
const [output] = result.outputFiles;
const problems = [];
const inputs = Object.keys(result.metafile.inputs);
for (const input of inputs) {
  if (/(^|\/)node_modules\/zod\//.test(input)) problems.push(`zod is in the bundle (${input})`);
}
for (const [path, { imports }] of Object.entries(result.metafile.inputs)) {
  for (const { path: imported } of imports) {
    if (imported.startsWith("node:")) problems.push(`${path} imports ${imported}`);
  }
}
const external = [...output.text.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map(
  (m) => m[1],
);
if (external.length > 0) problems.push(`the bundle still imports ${external.join(", ")}`);
const gzipped = gzipSync(output.contents, { level: 9 }).length;
if (gzipped > BUDGET) problems.push(`${gzipped} bytes gzipped, over the budget of ${BUDGET}`);

const ours = inputs.filter((input) => !input.includes("node_modules")).length;
console.log(
  `${entry.replace(/.*\/src\//, "src/")}: ${output.contents.length} bytes minified, ${gzipped} gzipped ` +
    `(budget ${BUDGET}), ${inputs.length} modules (${ours} of ours)`,
);
for (const problem of problems) console.error(`client-size: ${problem}`);
process.exitCode = problems.length === 0 ? 0 : 1;
