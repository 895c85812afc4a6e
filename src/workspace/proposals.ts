import { parseCommand } from "../decide/parse.ts";
import type { Actor, ActorInput } from "../model/actors.ts";
import { isDue } from "../model/decisions.ts";
import type { Result } from "../model/result.ts";
import { type ProposalPreview, previewAccept } from "../proposals/preview.ts";
import type { WriteResult } from "./api.ts";
import { loadFor, type WorkspaceCore, write } from "./core.ts";

/** What accepting a proposal would do now: loaded as an accept would be, decided, not written. */
export async function previewProposal(
  core: WorkspaceCore,
  proposalId: string,
): Promise<Result<ProposalPreview>> {
  const probe = { type: "respond_to_proposal", proposal_id: proposalId, decision: "accept" };
  const command = parseCommand(probe, core.newId);
  if (!command.ok) return command;
  const reviewer: Actor = { kind: "system", name: "preview" };
  const state = await loadFor(core, command.value, reviewer);
  const now = core.clock().toISOString();
  return previewAccept(proposalId, state, { actor: reviewer, registry: core.registry, now });
}

/** Expires every pending proposal whose time-to-live ran out by the workspace's clock. */
export async function expireProposals(
  core: WorkspaceCore,
  actor: ActorInput,
): Promise<WriteResult[]> {
  const now = Date.parse(core.clock().toISOString());
  const pending = await core.store.proposals(core.id, { status: "pending" });
  const due = pending.filter((p) => p.expires_at !== null && Date.parse(p.expires_at) <= now);
  const results: WriteResult[] = [];
  for (const proposal of due) {
    const command = parseCommand({ type: "expire_proposal", proposal_id: proposal.id }, core.newId);
    results.push(await write(core, command, actor, {}));
  }
  return results;
}

/**
 * Retires every pending decision past its `expires_at` by the workspace's clock, as `actor`:
 * found through the store's index of pending decisions, each retired with reason `expired`.
 */
export async function expireDecisions(
  core: WorkspaceCore,
  actor: ActorInput,
): Promise<WriteResult[]> {
  const now = core.clock().toISOString();
  const due = (await core.store.decisions(core.id, {})).filter((p) => isDue(p.decision, now));
  const results: WriteResult[] = [];
  for (const { scope, decision } of due) {
    const retire = { type: "retire_decision", scope, decision_id: decision.id, reason: "expired" };
    results.push(await write(core, parseCommand(retire, core.newId), actor, {}));
  }
  return results;
}
