// `npm run check:install`: installs the built package the way a host does, next to the host's
// own zod, and checks that the host ends up with one zod and a package that works with it
// (ADR 0016). Run after `npm run build`.
//
// For each zod version (by default the lowest that `dependencies.zod` allows and the one the
// lockfile resolves; or the versions given as arguments) it makes a throwaway project with
// the `npm pack` tarball and that exact zod, then:
//   - `npm ls zod --all --json` and node_modules show exactly one copy of zod, at that version;
//   - under plain node, the package's own bundled conformance cases run through
//     `agent-workspace/testing`: among the original's, exactly the two documented in
//     conformance/DEVIATIONS.md fail; among ours, none;
//   - a propose/accept round trip through `createWorkspace` with an artifact type whose schema
//     is built with the host's zod, and a bad edit refused with the original's error words;
//   - the review page, as `agent-workspace/review` finds it in the installed package, and the
//     installed `agent-workspace` bin answering `--help`.
// Installs prefer the npm cache (`--prefer-offline`) and fetch from the registry what is not
// there. The temporary folder is removed afterwards.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = join(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));

const range = pkg.dependencies.zod;
const floor = /^\^(\d+\.\d+\.\d+)$/.exec(range)?.[1];
if (floor === undefined) {
  console.error(`check-install: dependencies.zod is ${range}, expected a caret range ^x.y.z`);
  process.exit(2);
}
if (!existsSync(join(root, "dist", "index.mjs"))) {
  console.error("check-install: no dist/index.mjs; run `npm run build` first");
  process.exit(2);
}
const locked = lock.packages["node_modules/zod"].version;
const args = process.argv.slice(2);
const versions = [...new Set(args.length > 0 ? args : [floor, locked])];

// The npm that runs this script describes its own project in the environment; the throwaway
// projects are not it.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^npm_(package|lifecycle)_/.test(key) &&
      key !== "npm_config_local_prefix" &&
      key !== "INIT_CWD",
  ),
);
const npm = (cwd, ...npmArgs) =>
  run("npm", npmArgs, { cwd, env, maxBuffer: 64 * 1024 * 1024 }).then(({ stdout }) => stdout);

// What runs inside each project, under plain node, importing the installed package by name.
const HOST_CHECK = `
import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "zod";
import { createRegistry, createWorkspace, defineArtifactType } from "agent-workspace";
import { reviewHandler } from "agent-workspace/review";
import { CommandSchema } from "agent-workspace/schemas";
import { CaseFileSchema, fixtureRegistry, runCaseFiles } from "agent-workspace/testing";
import { workspaceTools } from "agent-workspace/tools";

// One zod at run time too: the package's schemas are instances of the host's zod classes.
assert.ok(CaseFileSchema instanceof z.ZodType, "the package's zod is not the host's zod");

const bundled = join(import.meta.dirname, "node_modules", "agent-workspace", "conformance");
const failures = {};
let total = 0;
for (const folder of ["artifactr", "cases"]) {
  const files = runCaseFiles([join(bundled, folder)], { registry: fixtureRegistry() });
  const results = files.flatMap((file) =>
    file.results.map((r) => ({ ...r, at: file.file.split(/[\\\\/]/).pop() })),
  );
  assert.ok(results.length > 0, "no bundled cases in " + folder);
  total += results.length;
  failures[folder] = results.filter((r) => !r.passed).map((r) => r.at + ": " + r.name);
}
assert.deepEqual(failures.artifactr.sort(), [
  "proposals.json: an accepted edit is rebased onto a newer version",
  "proposals.json: an accepted edit that no longer applies fails",
]);
assert.deepEqual(failures.cases, []);

const todo = defineArtifactType({
  kind: "todo",
  schema: z.strictObject({ items: z.array(z.string().min(1)).default([]) }),
  writePolicy: "propose",
});
const ws = createWorkspace({ registry: createRegistry({ artifactTypes: [todo] }) });
const person = { kind: "user", id: "p" };
const agent = { kind: "agent", thread_id: "t", run_id: "r" };
await ws.commit({ type: "create_thread", thread_id: "t" }, person);
await ws.commit({ type: "create_artifact", artifact_id: "l", kind: "todo", data: {} }, person);
const add = (value) => ({ kind: "json_patch", ops: [{ op: "add", path: "/items/-", value }] });
const proposed = await ws.commit(
  { type: "edit_artifact", artifact_id: "l", base_version: 1, patch: add("write") },
  agent,
);
assert.equal(proposed.outcome.type, "proposed");
const accepted = await ws.commit(
  { type: "respond_to_proposal", proposal_id: proposed.outcome.proposal_id, decision: "accept" },
  person,
);
assert.equal(accepted.outcome.type, "resolved");
assert.deepEqual((await ws.artifact("l")).data, { items: ["write"] });
const bad = await ws.commit(
  { type: "edit_artifact", artifact_id: "l", base_version: 2, patch: add("") },
  person,
);
assert.equal(bad.rejection?.type, "validation_failed");
assert.deepEqual(
  bad.rejection.errors.map(({ type, loc, msg }) => ({ type, loc, msg })),
  [{ type: "string_too_short", loc: ["items", 1], msg: "String should have at least 1 character" }],
);

// JSON Schemas are made with the host's zod: the commands' (JSON values in them as z.json()
// gives them) and the tools' (the registry's schemas in them).
const commands = z.toJSONSchema(CommandSchema, { io: "input" });
const jsonValue = z.toJSONSchema(z.object({ v: z.json() })).properties.v;
assert.ok(JSON.stringify(commands).includes(JSON.stringify(jsonValue).slice(1, -1)));
const tools = workspaceTools(ws, { agent });
assert.ok(tools.some((tool) => JSON.stringify(tool.jsonSchema).includes('"items"')));
for (const tool of tools) assert.equal(tool.jsonSchema.type, "object", tool.name);

// The page the build wrote travels with the package, and the handler finds it there.
const review = reviewHandler(ws, { authenticate: () => person });
const script = await review(new Request("http://localhost/assets/review.js"));
assert.equal(script.status, 200);
assert.ok((await script.text()).length > 10000, "the review page's script is in the package");
review.close();
console.log(
  total + " bundled cases: the 2 documented failures among the original's, none among ours;" +
    " a propose/accept round trip and a refused bad edit with the host's zod schema;" +
    " the commands' and the tools' JSON Schemas;" +
    " the review page served from the installed package",
);
`;

// Every place zod appears in `npm ls --all --json`'s tree (a deduped use appears too).
function zodUses(tree, path = ["host"]) {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, node]) => [
    ...(name === "zod" ? [{ path: [...path, name].join(" > "), version: node.version }] : []),
    ...zodUses(node, [...path, name]),
  ]);
}

async function check(dir, tarball, version) {
  await mkdir(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "host",
      private: true,
      type: "module",
      dependencies: { "agent-workspace": `file:${tarball}`, zod: version },
    }),
  );
  writeFileSync(join(dir, "check.mjs"), HOST_CHECK);
  await npm(
    dir,
    "install",
    "--prefer-offline",
    "--no-audit",
    "--no-fund",
    "--ignore-scripts",
    "--loglevel=error",
  );
  // Every place the tree uses zod (the host's and the package's) names the same version, and
  // node_modules holds it once.
  const uses = zodUses(JSON.parse(await npm(dir, "ls", "zod", "--all", "--json")));
  const copies = JSON.parse(await npm(dir, "query", "#zod")).map((node) => node.location);
  const shown = uses.map((use) => `${use.path}@${use.version}`).join(", ");
  if (uses.some((use) => use.version !== version) || copies.length !== 1) {
    throw new Error(
      `zod ${version}: expected one zod ${version}; npm ls shows ${shown}; ` +
        `installed at ${copies.join(", ")}`,
    );
  }
  const { stdout } = await run(process.execPath, ["check.mjs"], { cwd: dir, env });
  // The bin as npm linked it, run as a shell runs it (its #! line, no node in front).
  const help = await run(join(dir, "node_modules", ".bin", "agent-workspace"), ["--help"], {
    cwd: dir,
    env,
  });
  if (!help.stdout.includes("USAGE agent-workspace")) {
    throw new Error(`zod ${version}: agent-workspace --help printed ${help.stdout}`);
  }
  return [
    `zod ${version}: npm ls --all: ${shown}; one copy, at ${copies[0]}`,
    `  ${stdout.trim()}; the installed bin answers --help`,
  ].join("\n");
}

const started = Date.now();
const tmp = mkdtempSync(join(tmpdir(), "aw-check-install-"));
try {
  const [packed] = JSON.parse(
    await npm(root, "pack", "--json", "--ignore-scripts", "--pack-destination", tmp),
  );
  const tarball = join(tmp, packed.filename);
  console.log(
    `check-install: ${packed.filename} (${packed.entryCount} files), dependencies.zod "${range}" ` +
      `(lowest ${floor}, lockfile ${locked}); hosts with zod ${versions.join(" and ")}`,
  );
  const reports = await Promise.all(
    versions.map((version) => check(join(tmp, `zod-${version}`), tarball, version)),
  );
  for (const report of reports) console.log(report);
  console.log(`check-install: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  // A failed command's message holds its stderr.
  console.error(`check-install failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
