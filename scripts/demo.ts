// The library's main job, end to end on the in-memory workspace: an agent and a person
// sharing a note and a checklist. Run with `npm run demo`.
import { z } from "zod";
import {
  type ActorInput,
  createRegistry,
  createWorkspace,
  defineArtifactType,
  type Envelope,
  proposalAcknowledgement,
  sequentialIds,
  type WriteResult,
} from "../src/index.ts";

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

const ws = createWorkspace({
  registry: createRegistry({ artifactTypes: [note, checklist] }),
  id: "demo",
  newId: sequentialIds(),
});
const alice: ActorInput = { kind: "user", id: "alice", name: "Alice" };
const agent: ActorInput = { kind: "agent", thread_id: "thr_launch", run_id: "run_1" };

function step(title: string): void {
  console.log(`\n== ${title}`);
}
function show(label: string, result: WriteResult): WriteResult {
  if (!result.ok) throw new Error(`${label}: ${JSON.stringify(result.rejection)}`);
  console.log(`   ${label} -> ${JSON.stringify(result.outcome)}`);
  return result;
}
async function text(id: string): Promise<string> {
  const artifact = await ws.artifact(id);
  return `${id} v${artifact?.version}: ${JSON.stringify(artifact?.data)}`;
}

step("Alice starts a thread and creates a note and a checklist (propose policy)");
show(
  "create_thread",
  await ws.commit({ type: "create_thread", thread_id: "thr_launch", title: "Launch" }, alice),
);
show(
  "create note",
  await ws.commit(
    {
      type: "create_artifact",
      artifact_id: "plan",
      kind: "note",
      data: { title: "Plan", text: "Ship v1 on Friday." },
    },
    alice,
  ),
);
show(
  "create checklist",
  await ws.commit(
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
  ),
);

step("The agent's run starts and edits the note: notes are direct, so it applies");
show(
  "run_started",
  await ws.record({ type: "run_started", run_id: "run_1", thread_id: "thr_launch" }, agent),
);
show(
  "edit note",
  await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "plan",
      base_version: 1,
      patch: { kind: "text_edits", edits: [{ old: "Friday", new: "Monday" }] },
    },
    agent,
  ),
);
console.log(`   ${await text("plan")}`);

step("The agent checks an item on the checklist: checklists are propose-only");
const proposed = show(
  "edit checklist",
  await ws.commit(
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
if (proposed.outcome?.type !== "proposed") throw new Error("expected a proposal");
const checkDocs = proposed.outcome.proposal_id;
console.log(
  `   what the host hands back to the model:\n     "${proposalAcknowledgement(proposed.outcome)}"`,
);
console.log(`   ${await text("todo")}  (unchanged)`);

step("Alice accepts it, with a change of her own (she also checks the tests)");
show(
  "respond accept+changes",
  await ws.commit(
    {
      type: "respond_to_proposal",
      proposal_id: checkDocs,
      decision: "accept",
      changes: {
        kind: "json_patch",
        ops: [{ op: "replace", path: "/items/tests/done", value: true }],
      },
    },
    alice,
  ),
);
console.log(`   ${await text("todo")}`);

step("Alice switches the thread to suggest mode; the agent's next note edit becomes a proposal");
show(
  "set_thread_mode",
  await ws.commit({ type: "set_thread_mode", thread_id: "thr_launch", mode: "suggest" }, alice),
);
const suggestion = show(
  "edit note",
  await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "plan",
      base_version: 2,
      patch: { kind: "text_edits", edits: [{ old: "Monday", new: "Tuesday" }] },
      summary: "moved the launch to Tuesday",
    },
    agent,
  ),
);
if (suggestion.outcome?.type !== "proposed") throw new Error("expected a proposal");
show(
  "respond reject",
  await ws.commit(
    {
      type: "respond_to_proposal",
      proposal_id: suggestion.outcome.proposal_id,
      decision: "reject",
      reason: "Monday stays: the release notes say Monday",
    },
    alice,
  ),
);
console.log(`   ${await text("plan")}`);

step("The run pauses on a deferred approval; Alice answers it later; the run resumes and ends");
show(
  "run_paused",
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
  ),
);
console.log(
  `   run_1 is ${(await ws.run("run_1"))?.status}, waiting on call_1 (send_announcement)`,
);
show(
  "answer_deferred",
  await ws.commit(
    { type: "answer_deferred", run_id: "run_1", tool_call_id: "call_1", approved: true },
    alice,
  ),
);
show(
  "run_started (resume)",
  await ws.record(
    { type: "run_started", run_id: "run_1", thread_id: "thr_launch", trigger: "resume" },
    agent,
  ),
);
show(
  "run_ended",
  await ws.record(
    { type: "run_ended", run_id: "run_1", thread_id: "thr_launch", status: "completed" },
    agent,
  ),
);

step("The log: every change, by anyone, in order");
const who = (e: Envelope) =>
  e.actor.kind === "user" ? (e.actor.name ?? e.actor.id) : e.actor.kind;
for (const e of await ws.log())
  console.log(`   ${String(e.seq).padStart(2)}  ${who(e).padEnd(6)} ${e.event.type}`);
