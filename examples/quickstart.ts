import {
  createRegistry,
  createWorkspace,
  defineArtifactType,
  orThrow,
  proposalAcknowledgement,
} from "agent-workspace";
import { z } from "zod";

// An artifact type: a zod schema and a write policy. Agents only propose plan changes.
const plan = defineArtifactType({
  kind: "plan",
  schema: z.strictObject({ text: z.string().default("") }),
  writePolicy: "propose",
});
const ws = createWorkspace({ registry: createRegistry({ artifactTypes: [plan] }) });

const person = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "thr_1", run_id: "run_1" } as const;

await ws.commit({ type: "create_thread", thread_id: "thr_1" }, person);
await ws.commit(
  {
    type: "create_artifact",
    artifact_id: "plan_1",
    kind: "plan",
    data: { text: "Ship on Friday." },
  },
  person,
);

// The agent's edit does not apply: it becomes a proposal, and the model is told so. A write
// answers `{ ok: true, outcome }` or `{ ok: false, rejection }`; `orThrow` throws the latter.
const edit = orThrow(
  await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "plan_1",
      base_version: 1,
      patch: { kind: "text_edits", edits: [{ old: "Friday", new: "Monday" }] },
    },
    agent,
  ),
);
if (edit.outcome.type !== "proposed") throw new Error("expected a proposal");
console.log(proposalAcknowledgement(edit.outcome));

// Later, from any surface: the person accepts it.
const answer = orThrow(
  await ws.commit(
    { type: "respond_to_proposal", proposal_id: edit.outcome.proposal_id, decision: "accept" },
    person,
  ),
);
console.log(answer.outcome); // { type: "resolved", decision: "accept", version: 2, seq: 5, … }
console.log((await ws.artifact("plan_1"))?.data); // { text: "Ship on Monday." }
