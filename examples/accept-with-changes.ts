import { createRegistry, createWorkspace, defineArtifactType, orThrow } from "agent-workspace";
import { z } from "zod";

const note = defineArtifactType({
  kind: "note",
  schema: z.strictObject({ text: z.string() }),
  writePolicy: "propose",
});
const ws = createWorkspace({ registry: createRegistry({ artifactTypes: [note] }) });
const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const agent = { kind: "agent", thread_id: "thr_1", run_id: "run_1" } as const;
await ws.commit({ type: "create_thread", thread_id: "thr_1" }, alice);
const text = "Launch on Friday.\nInvite the team.\n";
await ws.commit(
  { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text } },
  alice,
);
const cursor = await ws.head(); // the agent has heard of everything up to here

async function propose(old: string, replacement: string, base_version: number): Promise<string> {
  const patch = { kind: "text_edits" as const, edits: [{ old, new: replacement }] };
  const edit = { type: "edit_artifact" as const, artifact_id: "n1", base_version, patch };
  const { outcome } = orThrow(await ws.commit(edit, agent));
  if (outcome.type !== "proposed") throw new Error("expected a proposal");
  return outcome.proposal_id;
}

// 1. Accept with changes: a patch on the proposal's result, layered on what the agent proposed.
const first = await propose("Friday", "Monday", 1);
await ws.commit(
  {
    type: "respond_to_proposal",
    proposal_id: first,
    decision: "accept",
    changes: { kind: "text_edits", edits: [{ old: "the team", new: "the whole team" }] },
  },
  alice,
);
console.log((await ws.artifact("n1"))?.data.text); // "Launch on Monday.\nInvite the whole team.\n"

// 2. With `base_version`, the changes are a patch on the current version instead: how a person
// resolves a conflict. Here Alice changed the same words while the proposal waited.
const second = await propose("Monday", "Tuesday", 2);
await ws.commit(
  {
    type: "edit_artifact",
    artifact_id: "n1",
    base_version: 2,
    patch: { kind: "text_edits", edits: [{ old: "Monday", new: "Wednesday" }] },
  },
  alice,
);
const plain = await ws.commit(
  { type: "respond_to_proposal", proposal_id: second, decision: "accept" },
  alice,
);
console.log(plain.ok ? plain.outcome : plain.rejection.type); // "conflict": nothing changed
await ws.commit(
  {
    type: "respond_to_proposal",
    proposal_id: second,
    decision: "accept",
    base_version: 3,
    changes: { kind: "text_edits", edits: [{ old: "Wednesday", new: "Thursday" }] },
  },
  alice,
);
console.log((await ws.artifact("n1"))?.data.text); // "Launch on Thursday.\nInvite the whole team.\n"

// The agent hears what landed, with what the person changed as a diff from its proposal.
console.log((await ws.notes({ viewer: agent, after: cursor })).text);
