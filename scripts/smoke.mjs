// Checks the built package under plain Node (no Vitest, no tsx): the fast-json-patch traps
// only show here. Imports the package by its own name, through its exports map.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  createRegistry,
  createWorkspace,
  defineArtifactType,
  proposalAcknowledgement,
  randomIds,
  replay,
} from "agent-workspace";
import { fixtureRegistry, formatReport, runCaseFiles } from "agent-workspace/testing";
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

const cases = fileURLToPath(new URL("../conformance/artifactr", import.meta.url));
const results = runCaseFiles([cases], { registry: fixtureRegistry(), newId: randomIds });
const report = formatReport(results);
assert.match(report, /^115 passed, 0 failed$/m, report);
console.log("smoke: the built package works under plain node");
console.log(`conformance: ${report.trim().split("\n").at(-1)}`);
