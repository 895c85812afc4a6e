// Checks the built package under plain Node (no Vitest, no tsx): the fast-json-patch traps
// only show here. Imports the package by its own name, through its exports map.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createRegistry,
  createWorkspace,
  defineArtifactType,
  proposalAcknowledgement,
  randomIds,
} from "agent-workspace";
import { applyPatch, mergeText } from "agent-workspace/merge";
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
  `smoke: the built package works under plain node (original cases: 113 as written, 2 deviating as documented; our cases: all ${oursPassed})`,
);
