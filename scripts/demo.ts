// The library's main job, end to end: an agent and people sharing a note and a checklist, in a
// workspace kept in a SQLite file. Run with `npm run demo [-- file]`; run it again and it
// first reads the history the earlier run left in the file.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import {
  type ActorInput,
  type CommandInput,
  createRegistry,
  createWorkspace,
  defineArtifactType,
  type Envelope,
  proposalAcknowledgement,
  sequentialIds,
  type WriteResult,
} from "../src/entries/index.ts";
import { sqliteStore } from "../src/entries/sqlite.ts";
import { offerDemo } from "./demo-offer.ts";

const note = defineArtifactType({
  kind: "note",
  schema: z.strictObject({ title: z.string().default(""), text: z.string().default("") }),
  writePolicy: "direct",
});
const checklist = defineArtifactType({
  kind: "checklist",
  schema: z.strictObject({
    title: z.string().default(""),
    items: z.record(
      z.string(),
      z.strictObject({ title: z.string(), done: z.boolean().default(false) }),
    ),
  }),
  writePolicy: "propose",
});

const file = process.argv[2] ?? join(tmpdir(), "agent-workspace-demo.sqlite");
const store = sqliteStore({ path: file });
const registry = createRegistry({ artifactTypes: [note, checklist] });
console.log(`Workspace file: ${file}`);

// A second run finds the first one's workspace and reads its history, then works in a new one.
const earlier = createWorkspace({ registry, store, id: "demo" });
const earlierHead = await earlier.head();
if (earlierHead > 0) {
  console.log(`\n== History an earlier run left in this file: ${earlierHead} events`);
  for (const artifact of await earlier.artifacts()) {
    console.log(
      `   ${artifact.id} v${artifact.version}, last changed by ${artifact.updated_by.kind}`,
    );
  }
  const proposals = await earlier.proposals();
  const counts = proposals.map((p) => p.status).join(", ");
  console.log(`   ${proposals.length} proposals: ${counts}`);
}
const ws = createWorkspace({
  registry,
  store,
  id: earlierHead > 0 ? `demo-${Date.now().toString(36)}` : "demo",
  newId: sequentialIds(),
});
const alice: ActorInput = { kind: "user", id: "alice", name: "Alice" };
const bob: ActorInput = { kind: "user", id: "bob", name: "Bob" };
const agent: ActorInput = { kind: "agent", thread_id: "thr_launch", run_id: "run_1" };

const step = (title: string) => console.log(`\n== ${title}`);
const indent = (text: string, by = "     ") => text.replace(/^/gm, by);

async function run(label: string, command: CommandInput, actor: ActorInput): Promise<WriteResult> {
  const result = await ws.commit(command, actor);
  console.log(`   ${label} -> ${JSON.stringify(result.ok ? result.outcome : result.rejection)}`);
  return result;
}
function proposalOf(result: WriteResult): string {
  if (!result.ok || result.outcome.type !== "proposed") throw new Error("expected a proposal");
  return result.outcome.proposal_id;
}
async function show(id: string): Promise<void> {
  const artifact = await ws.artifact(id);
  const data = artifact?.data ?? {};
  const body =
    typeof data.text === "string" ? `\n${indent(data.text.trimEnd())}` : ` ${JSON.stringify(data)}`;
  console.log(`   ${id} v${artifact?.version}:${body}`);
}
const text = (old: string, replacement: string) => ({
  kind: "text_edits" as const,
  edits: [{ old, new: replacement }],
});
const version = async (id: string) => (await ws.artifact(id))?.version ?? 0;

step("Alice starts a thread and creates a note and a checklist (checklists: propose policy)");
await run(
  "create_thread",
  { type: "create_thread", thread_id: "thr_launch", title: "Launch" },
  alice,
);
await run(
  "create note",
  {
    type: "create_artifact",
    artifact_id: "plan",
    kind: "note",
    data: {
      title: "Plan",
      text: "Launch plan\nShip v1 on Friday.\nOwner: Alice\nTests: pending.\n",
    },
  },
  alice,
);
await run(
  "create checklist",
  {
    type: "create_artifact",
    artifact_id: "todo",
    kind: "checklist",
    data: {
      title: "Launch",
      items: { docs: { title: "Write docs" }, tests: { title: "Run tests" } },
    },
  },
  alice,
);
await ws.record({ type: "run_started", run_id: "run_1", thread_id: "thr_launch" }, agent);
const { cursor } = await ws.notes({ viewer: agent });

step("The agent edits the note: notes are direct, so it applies");
await run(
  "edit note",
  { type: "edit_artifact", artifact_id: "plan", base_version: 1, patch: text("Friday", "Monday") },
  agent,
);
await show("plan");

step("The agent checks an item on the checklist: it becomes a proposal");
const checkDocs = proposalOf(
  await run(
    "edit checklist",
    {
      type: "edit_artifact",
      artifact_id: "todo",
      base_version: 1,
      patch: {
        kind: "json_patch",
        ops: [{ op: "replace", path: "/items/docs/done", value: true }],
      },
    },
    agent,
  ),
);
console.log(
  `   what the host hands back to the model:\n${indent(`"${proposalAcknowledgement({ type: "proposed", seq: null, proposal_id: checkDocs })}"`)}`,
);

step("Alice accepts it with a change of her own (she checks the tests too)");
await run(
  "accept with changes",
  {
    type: "respond_to_proposal",
    proposal_id: checkDocs,
    decision: "accept",
    surface: "review-ui",
    changes: {
      kind: "json_patch",
      ops: [{ op: "replace", path: "/items/tests/done", value: true }],
    },
  },
  alice,
);
await show("todo");

step("Suggest mode: the agent's next note edit becomes a proposal, and Alice rejects it");
await run(
  "set_thread_mode",
  { type: "set_thread_mode", thread_id: "thr_launch", mode: "suggest" },
  alice,
);
const tuesday = proposalOf(
  await run(
    "edit note",
    {
      type: "edit_artifact",
      artifact_id: "plan",
      base_version: 2,
      patch: text("Monday", "Tuesday"),
      summary: "moved the launch to Tuesday",
    },
    agent,
  ),
);
await run(
  "reject",
  {
    type: "respond_to_proposal",
    proposal_id: tuesday,
    decision: "reject",
    reason: "Monday stays: the release notes say Monday",
  },
  alice,
);

step("A rebased accept: the agent proposes a line, Alice changes another line meanwhile");
const tests = proposalOf(
  await run(
    "propose",
    {
      type: "edit_artifact",
      artifact_id: "plan",
      base_version: 2,
      patch: text("pending", "running"),
    },
    agent,
  ),
);
await run(
  "Alice edits the title line",
  {
    type: "edit_artifact",
    artifact_id: "plan",
    base_version: 2,
    patch: text("Launch plan", "Launch plan (v1)"),
  },
  alice,
);
await run(
  "accept (merged onto v3)",
  { type: "respond_to_proposal", proposal_id: tests, decision: "accept" },
  alice,
);
await show("plan");

step("A conflict, resolved: the agent and Bob change the same line");
const wednesday = proposalOf(
  await run(
    "propose",
    {
      type: "edit_artifact",
      artifact_id: "plan",
      base_version: await version("plan"),
      patch: text("Monday", "Wednesday"),
    },
    agent,
  ),
);
await run(
  "Bob edits the same line",
  {
    type: "edit_artifact",
    artifact_id: "plan",
    base_version: await version("plan"),
    patch: text("Monday", "Thursday"),
  },
  bob,
);
const preview = await ws.previewProposal(wednesday);
if (preview.ok) {
  const [conflict] = preview.value.conflicts;
  console.log(
    `   preview: ${preview.value.behind} version(s) behind, mergeable: ${preview.value.mergeable}`,
  );
  if (conflict?.reason === "text") console.log(indent(conflict.merged.trimEnd()));
}
await run(
  "accept as-is",
  { type: "respond_to_proposal", proposal_id: wednesday, decision: "accept" },
  alice,
);
await run(
  "accept with a resolution on v5",
  {
    type: "respond_to_proposal",
    proposal_id: wednesday,
    decision: "accept",
    base_version: await version("plan"),
    changes: text("Thursday", "Wednesday (Bob agrees)"),
    surface: "review-ui",
  },
  alice,
);
await show("plan");

step("What the agent reads at the start of its next turn (its change notes)");
console.log(indent((await ws.notes({ viewer: agent, after: cursor })).text, "   "));

step("The run pauses on an approval: a blocking decision, answered once from two surfaces");
await ws.record(
  {
    type: "run_paused",
    run_id: "run_1",
    thread_id: "thr_launch",
    requests: [
      {
        tool_call_id: "call_1",
        tool_name: "send_announcement",
        kind: "approval",
        args: { channel: "#launch" },
      },
    ],
  },
  agent,
);
// The run's own answer channel (its deferred requests) is always proven: the decision gets
// buttons. The agent is not blocked on anything else meanwhile.
await run(
  "decision",
  {
    type: "request_decision",
    scope: { kind: "run", id: "run_1" },
    decision_id: "call_1",
    prompt: "Post the launch announcement to #launch?",
    options: [
      { id: "approve", label: "Post it" },
      { id: "deny", label: "Don't" },
    ],
    channel: "deferred",
  },
  agent,
);
const pending = (await ws.run("run_1"))?.decision.pending;
console.log(
  `   pending: "${pending?.prompt}" [${pending?.options.map((o) => o.label).join(" | ")}]`,
);
for (const surface of ["review page", "chat"]) {
  const answer = {
    scope: { kind: "run", id: "run_1" },
    decision_id: "call_1",
    option_id: "approve",
    surface,
  } as const;
  const answered = await ws.answerDecision(answer, alice);
  console.log(`   Alice clicks "Post it" in the ${surface} -> ${JSON.stringify(answered)}`);
}
const answeredRun = await ws.run("run_1");
console.log(
  `   run_1 approvals: ${JSON.stringify(answeredRun?.answers)}; decision pending: ${answeredRun?.decision.pending === null ? "none" : "yes"}`,
);
await ws.record(
  { type: "run_started", run_id: "run_1", thread_id: "thr_launch", trigger: "resume" },
  agent,
);

await offerDemo(ws, { agent, person: alice, step });

await ws.record(
  { type: "run_ended", run_id: "run_1", thread_id: "thr_launch", status: "completed" },
  agent,
);
console.log(`\n   run_1 is ${(await ws.run("run_1"))?.status}`);

step("The log: every change, by anyone, in order");
const who = (e: Envelope) =>
  e.actor.kind === "user" ? (e.actor.name ?? e.actor.id) : e.actor.kind;
const about = (e: Envelope) => ("summary" in e.event ? `  (${String(e.event.summary)})` : "");
for (const e of await ws.log())
  console.log(`   ${String(e.seq).padStart(2)}  ${who(e).padEnd(6)} ${e.event.type}${about(e)}`);
await store.close();
