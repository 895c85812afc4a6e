import type { Versioned } from "../../model/artifacts.ts";
import type { PendingDecision } from "../../model/decisions.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Rejection } from "../../model/rejections.ts";
import type { ProposalPreview } from "../../proposals/preview.ts";
import type { WorkspaceClient } from "../client/api.ts";
import type { OfferCardEntry } from "../serve/review/page-api.ts";
import type { ReviewClient } from "./review-client.ts";

/** A pending proposal with what a reviewer reads beside it. */
export interface ProposalItem {
  readonly proposal: Proposal;
  /** The artifact as it is now (`null` for a proposed new one). */
  readonly artifact: Versioned | null;
  /** What accepting it now would do, or why it cannot be previewed. */
  readonly preview: { readonly ok: true; readonly value: ProposalPreview } | PreviewRefused;
  /** The rejected proposal it proposes again, with the reason it was rejected, if it does. */
  readonly repeats: { readonly id: string; readonly reason: string | null } | null;
}

interface PreviewRefused {
  readonly ok: false;
  readonly rejection: Rejection;
}

/** What waits for the person, as read at one moment. */
export interface Inbox {
  readonly proposals: readonly ProposalItem[];
  readonly decisions: readonly PendingDecision[];
  readonly offers: readonly OfferCardEntry[];
}

async function itemOf(client: WorkspaceClient, proposal: Proposal): Promise<ProposalItem> {
  // A proposed new artifact has none to read yet (and a 404 is noise in the console).
  const { change } = proposal;
  const again = proposal.reproposal_of;
  const [artifact, preview, rejected] = await Promise.all([
    change.type === "create_artifact" ? null : client.artifact(change.artifact_id),
    client.previewProposal(proposal.id),
    again === null ? null : client.proposal(again),
  ]);
  const repeats =
    again === null ? null : { id: again, reason: rejected?.resolution?.reason ?? null };
  return { proposal, artifact, preview, repeats };
}

/**
 * Reads the inbox: pending proposals (each previewed against the artifact now), pending
 * decisions, and every offer with its card. Oldest proposals first.
 */
export async function loadInbox(client: WorkspaceClient, review: ReviewClient): Promise<Inbox> {
  const [pending, decisions, offers] = await Promise.all([
    client.proposals({ status: "pending" }),
    client.decisions(),
    review.offers(),
  ]);
  const proposals = await Promise.all(pending.map((proposal) => itemOf(client, proposal)));
  return { proposals, decisions, offers };
}
