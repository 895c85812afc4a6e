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
const text = "Launch on Friday.\nInvite the team.\nBook a room.\n";
await ws.commit(
  { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text } },
  alice,
);
const cursor = await ws.head();

// The agent proposes two changes in one edit.
const edits = [
  { old: "Friday", new: "Monday" },
  { old: "Book a room.", new: "Book the hall." },
];
const patch = { kind: "text_edits" as const, edits };
const edit = { type: "edit_artifact" as const, artifact_id: "n1", base_version: 1, patch };
const { outcome } = orThrow(await ws.commit(edit, agent));
if (outcome.type !== "proposed") throw new Error("expected a proposal");

// Accept part of it: the preview names each hunk; Alice keeps the first only.
const preview = orThrow(await ws.previewProposal(outcome.proposal_id));
const [monday] = preview.value.hunks;
const partial = { proposal_id: outcome.proposal_id, decision: "accept" as const };
await ws.commit({ type: "respond_to_proposal", ...partial, hunks: [monday?.id ?? ""] }, alice);
console.log((await ws.artifact("n1"))?.data.text); // "Launch on Monday.\nInvite the team.\nBook a room.\n"

// Take it back: a revert is a new version that undoes version 2, merged onto the data now.
const revert = { type: "revert_revision" as const, artifact_id: "n1", version: 2 };
await ws.commit({ ...revert, reason: "Friday was right after all" }, alice);
console.log((await ws.artifact("n1"))?.data.text); // "Launch on Friday.\nInvite the team.\nBook a room.\n"

// The agent hears both: which hunk landed and which did not, then the revert and its reason.
console.log((await ws.notes({ viewer: agent, after: cursor })).text);
