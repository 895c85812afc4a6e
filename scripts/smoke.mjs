// Checks the built package under plain Node (no Vitest, no tsx): the fast-json-patch traps
// only show here. Imports the package by its own name, through its exports map; runs the
// built bins (dist/bin/cli.mjs, dist/bin/mcp.mjs) as a user's shell would, and the review
// page as `serve` sends it from dist/page.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  createRegistry,
  createWorkspace,
  defineArtifactType,
  proposalAcknowledgement,
  randomIds,
} from "agent-workspace";
import { applyPatch, mergeText } from "agent-workspace/merge";
import { reviewHandler } from "agent-workspace/review";
import { replay } from "agent-workspace/rules";
import { CommandSchema } from "agent-workspace/schemas";
import { sqliteStore } from "agent-workspace/sqlite";
import {
  fixtureRegistry,
  formatReport,
  runCaseFiles,
  storeSuite,
  withFaults,
} from "agent-workspace/testing";
import { z } from "zod";

const list = defineArtifactType({
  kind: "list",
  schema: z.strictObject({ items: z.array(z.string()).default([]) }),
  writePolicy: "propose",
});
const ws = createWorkspace({ registry: createRegistry({ artifactTypes: [list] }) });
const person = { kind: "user", id: "p" };
const agent = { kind: "agent", thread_id: "t", run_id: "r" };
await ws.commit({ type: "create_thread", thread_id: "t" }, person);
await ws.commit(
  { type: "create_artifact", artifact_id: "l", kind: "list", data: { items: ["a"] } },
  person,
);
const edited = await ws.commit(
  {
    type: "edit_artifact",
    artifact_id: "l",
    base_version: 1,
    patch: { kind: "json_patch", ops: [{ op: "add", path: "/items/-", value: "b" }] },
  },
  agent,
);
assert.equal(edited.outcome.type, "proposed");
assert.match(proposalAcknowledgement(edited.outcome), /not applied/);
const accepted = await ws.commit(
  {
    type: "respond_to_proposal",
    proposal_id: edited.outcome.proposal_id,
    decision: "accept",
    changes: { kind: "json_patch", ops: [{ op: "add", path: "/items/-", value: "c" }] },
  },
  person,
);
assert.equal(accepted.outcome.type, "resolved");
// JSON Patch on frozen (immer) data must apply, not silently do nothing.
assert.deepEqual((await ws.artifact("l")).data, { items: ["a", "b", "c"] });
assert.deepEqual(replay(await ws.log()).artifacts.get("l"), await ws.artifact("l"));

// The other tiers load on their own: the wire schemas, the merge engine and its patches.
assert.equal(CommandSchema.safeParse({ type: "create_thread", thread_id: "t" }).success, true);
assert.equal(mergeText("a\nb\nc\n", "A\nb\nc\n", "a\nb\nC\n").text, "A\nb\nC\n");
const patched = applyPatch(
  { text: "x" },
  { kind: "text_edits", field: "text", edits: [{ old: "x", new: "y" }] },
);
assert.deepEqual(patched, { ok: true, value: { text: "y" } });

// The SQLite adapter, built, under plain node: a round trip survives reopening the file.
const dir = mkdtempSync(join(tmpdir(), "aw-smoke-"));
try {
  const path = join(dir, "smoke.sqlite");
  const first = sqliteStore({ path });
  const onFile = createWorkspace({
    registry: createRegistry({ artifactTypes: [list] }),
    store: first,
  });
  await onFile.commit(
    { type: "create_artifact", artifact_id: "l", kind: "list", data: { items: ["x"] } },
    person,
  );
  await first.close();
  const again = sqliteStore({ path });
  const reread = createWorkspace({
    registry: createRegistry({ artifactTypes: [list] }),
    store: again,
  });
  assert.deepEqual((await reread.artifact("l")).data, { items: ["x"] });
  await again.close();

  // The fault registry is one module shared by the testing and adapter bundles: a store
  // opened with the built `withFaults` options fails at the row, and writes nothing.
  const create = { type: "create_artifact", artifact_id: "f", kind: "list", data: {} };
  const onStore = (store) =>
    createWorkspace({ registry: createRegistry({ artifactTypes: [list] }), store, id: "faults" });
  const failing = sqliteStore(withFaults({ path }, { failAtRow: 2 }));
  await assert.rejects(onStore(failing).commit(create, person), /injected fault at row 2/);
  await failing.close();
  const unharmed = sqliteStore({ path });
  assert.equal(await unharmed.head("faults"), 0);
  assert.equal((await onStore(unharmed).commit(create, person)).outcome.type, "applied");
  await unharmed.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The main entry must stay loadable where there is no child_process (a review UI in a
// browser): the git adapter lives in its own subpath.
// Likewise `agent-workspace/testing` loads without Vitest (an optional peer): only calling
// `storeSuite` loads it, from a chunk of its own.
const neverLoads = (entry, pattern) => {
  const loaded = new Set();
  const visit = (url) => {
    if (loaded.has(url.href)) return;
    loaded.add(url.href);
    const code = readFileSync(fileURLToPath(url), "utf8");
    assert.doesNotMatch(code, pattern, `${url.pathname} loads ${pattern}`);
    for (const [, spec] of code.matchAll(/from\s*"(\.[^"]+)"/g)) visit(new URL(spec, url));
  };
  visit(new URL(import.meta.resolve(entry)));
};
neverLoads("agent-workspace", /child_process/);
neverLoads("agent-workspace/testing", /from\s*"vitest"/);
assert.equal(typeof storeSuite, "function");
const checkout = await import("agent-workspace/checkout");
assert.equal(typeof checkout.gitCheckout, "function");
assert.equal(typeof checkout.directoryCheckout, "function");

// The PostgreSQL adapter loads (its tests use a real server; see AGENT_WORKSPACE_PG_URL).
const postgres = await import("agent-workspace/postgres");
assert.equal(typeof postgres.postgresStore, "function");

// The tools and the framework adapters load under plain node (ESM/CJS traps hide from Vitest),
// and the main entry never loads a framework.
const tools = await import("agent-workspace/tools");
assert.equal(typeof tools.workspaceTools, "function");
const adapters = {
  "agent-workspace/mcp": "createMcpServer",
  "agent-workspace/ai": "aiTools",
  "agent-workspace/openai-agents": "openAiAgentsTools",
  "agent-workspace/langgraph": "langGraphTools",
};
for (const [entry, name] of Object.entries(adapters)) {
  assert.equal(typeof (await import(entry))[name], "function", `${entry} exports ${name}`);
}
neverLoads("agent-workspace", /@modelcontextprotocol|from\s*"ai"|@openai\/agents|@langchain/);

// The bins as published: plain node on dist/bin, a registry module in plain JavaScript (the
// built bins load no TypeScript), a real SQLite file.
const run = promisify(execFile);
const bin = (name) => fileURLToPath(new URL(`../dist/bin/${name}.mjs`, import.meta.url));
const page = fileURLToPath(new URL("../dist/page", import.meta.url));

/** Starts `serve` from dist on a free port and answers its address once it prints it. */
function serveFromDist(args) {
  const child = spawn(process.execPath, [bin("cli"), "serve", "--port", "0", "--json", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (err += chunk));
  const ended = new Promise((resolve) => child.on("close", (code) => resolve({ code, err })));
  const listening = new Promise((resolve, reject) => {
    child.stdout.on("data", () => {
      if (out.includes("\n")) resolve(JSON.parse(out));
    });
    void ended.then(({ code }) => reject(new Error(`serve ended (${code}): ${err}`)));
  });
  const stop = () => {
    child.kill("SIGINT");
    return ended;
  };
  return { listening, stop };
}

async function checkBins(folder) {
  const registryFile = join(folder, "registry.mjs");
  writeFileSync(
    registryFile,
    `import { createRegistry, defineArtifactType } from ${JSON.stringify(import.meta.resolve("agent-workspace"))};
import { z } from ${JSON.stringify(import.meta.resolve("zod"))};
const plan = defineArtifactType({ kind: "plan", schema: z.strictObject({ text: z.string() }), writePolicy: "propose" });
export default createRegistry({ artifactTypes: [plan] });
`,
  );
  const { default: binRegistry } = await import(pathToFileURL(registryFile).href);
  const db = join(folder, "bins.sqlite");
  const seeded = sqliteStore({ path: db });
  const ws = createWorkspace({ registry: binRegistry, store: seeded });
  await ws.commit({ type: "create_thread", thread_id: "thr_1" }, person);
  const plan = {
    type: "create_artifact",
    artifact_id: "plan",
    kind: "plan",
    data: { text: "Friday\n" },
  };
  await ws.commit(plan, person);
  const edit = {
    type: "edit_artifact",
    artifact_id: "plan",
    base_version: 1,
    patch: { kind: "text_edits", edits: [{ old: "Friday", new: "Monday" }] },
  };
  const proposed = await ws.commit(edit, { kind: "agent", thread_id: "thr_1", run_id: "run_1" });
  assert.equal(proposed.outcome.type, "proposed");
  const head = await ws.head();
  await seeded.close();
  const on = ["--db", db, "--registry", registryFile];

  const help = await run(process.execPath, [bin("cli"), "--help"]);
  assert.match(help.stdout, /USAGE agent-workspace inbox\|show\|accept/);
  const inbox = JSON.parse(
    (await run(process.execPath, [bin("cli"), "inbox", ...on, "--as", "alice", "--json"])).stdout,
  );
  assert.deepEqual(
    inbox.proposals.map((p) => [p.id, p.artifact_id, p.mergeable]),
    [[proposed.outcome.proposal_id, "plan", true]],
  );

  const served = serveFromDist([...on, "--as", "alice"]);
  const { url: keyed, page: from } = await served.listening;
  assert.equal(from, page);
  // The printed address carries the run's key; without it the server answers 401.
  const url = new URL(keyed);
  const key = url.searchParams.get("key");
  url.search = "";
  assert.equal((await fetch(url)).status, 401);
  const landing = await fetch(keyed, { redirect: "manual" });
  assert.equal(landing.status, 303);
  assert.match(landing.headers.get("set-cookie") ?? "", /HttpOnly; SameSite=Strict/);
  const withKey = (address) => fetch(address, { headers: { authorization: `Bearer ${key}` } });
  // The page lives under the run's secret path (`/s/<secret>/`): nothing is served elsewhere.
  assert.match(url.pathname, /^\/s\/[\w-]+\/$/);
  assert.equal((await withKey(new URL("/api/head", url))).status, 404);
  const html = await withKey(url);
  assert.equal(html.headers.get("content-type"), "text/html; charset=utf-8");
  assert.match(await html.text(), /<script type="module" src="assets\/review\.js">/);
  const script = await withKey(new URL("assets/review.js", url));
  assert.equal(script.headers.get("content-type"), "text/javascript; charset=utf-8");
  const code = await script.text();
  assert.ok(code.length > 10_000 && !/\bimport\s*[{*(]/.test(code), "review.js is one script");
  assert.equal((await withKey(new URL("assets/review.css", url))).status, 200);
  assert.deepEqual(await (await withKey(new URL("review/info", url))).json(), {
    workspace: "default",
    person: "alice",
    channels: [],
    can_start: false,
  });
  assert.deepEqual(await (await withKey(new URL("api/head", url))).json(), { head_seq: head });
  assert.deepEqual(await served.stop(), { code: 0, err: "" });

  // The MCP bin answers tools/list over stdio.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin("mcp"), ...on, "--thread", "thr_1"],
    stderr: "pipe",
  });
  const client = new Client({ name: "smoke", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  assert.deepEqual(
    ["read_artifact", "edit_plan", "ask_person"].filter(
      (name) => !tools.some((t) => t.name === name),
    ),
    [],
  );
  await client.close();

  // The review handler from its entry finds the page the build wrote.
  const review = reviewHandler(createWorkspace({ registry: binRegistry }), {
    authenticate: () => person,
    basePath: "/review",
    // A host reached under a public name lists it; only loopback names are answered otherwise.
    allowedHosts: ["host.example"],
  });
  const mounted = await review(new Request("http://host.example/review/assets/review.js"));
  assert.equal(await mounted.text(), code);
  review.close();
  return tools.length;
}

const binsDir = mkdtempSync(join(tmpdir(), "aw-smoke-bins-"));
let toolCount = 0;
try {
  toolCount = await checkBins(binsDir);
} finally {
  rmSync(binsDir, { recursive: true, force: true });
}

const original = fileURLToPath(new URL("../conformance/artifactr", import.meta.url));
const ours = fileURLToPath(new URL("../conformance/cases", import.meta.url));
const registry = fixtureRegistry();
const originalReport = formatReport(runCaseFiles([original], { registry, newId: randomIds }));
// Two of the original's cases deviate on purpose (conformance/DEVIATIONS.md).
assert.match(originalReport, /^113 passed, 2 failed$/m, originalReport);
assert.equal(originalReport.match(/^FAIL /gm)?.length, 2, originalReport);
const oursReport = formatReport(runCaseFiles([ours], { registry }));
const oursPassed = /^(\d+) passed, 0 failed$/m.exec(oursReport)?.[1];
assert.ok(oursPassed !== undefined, oursReport);
console.log(
  `smoke: the built package works under plain node (original cases: 113 as written, 2 deviating as documented; our cases: all ${oursPassed}); ` +
    `dist/bin/cli.mjs answers --help and inbox --json and serves the page from dist/page; dist/bin/mcp.mjs lists ${toolCount} tools`,
);
