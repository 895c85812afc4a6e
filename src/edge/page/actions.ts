import type { CommandInput } from "../../model/command.ts";
import type { PendingDecision } from "../../model/decisions.ts";
import type { Outcome } from "../../model/outcome.ts";
import type { ClientCommitResult } from "../client/api.ts";
import type {
  AcceptChosenRequest,
  AcceptEditedRequest,
  OfferCardEntry,
  PageAnswer,
  PageRefusal,
} from "../serve/review/page-api.ts";
import type { Connection } from "./live.ts";
import { type BatchDone, type CleanBatch, type KeptHunks, partActions } from "./part-answers.ts";
import type { Subject } from "./said.ts";
import { errorText, refusalText } from "./words.ts";

/**
 * How an action went, in words for the person: done (and the card it left in which state),
 * or why not (nothing written).
 */
export type Done =
  | { readonly ok: true; readonly message: string; readonly subject: Subject }
  | { readonly ok: false; readonly message: string; readonly refusal?: PageRefusal };

/** Where the page's answers are recorded as coming from. */
const SURFACE = "page";

/** What the person can do from the page; each resolves (never rejects) with how it went. */
export interface Actions {
  accept(proposalId: string, artifactId: string): Promise<Done>;
  reject(proposalId: string, reason: string): Promise<Done>;
  acceptEdited(proposalId: string, artifactId: string, request: AcceptEditedRequest): Promise<Done>;
  /** Accepts a conflicting proposal with the person's choice for each region. */
  acceptChosen(proposalId: string, artifactId: string, request: AcceptChosenRequest): Promise<Done>;
  decide(pending: PendingDecision, optionId: string): Promise<Done>;
  start(entry: OfferCardEntry): Promise<Done>;
  setAside(entry: OfferCardEntry, status: "dismissed" | "standing"): Promise<Done>;
  /** Reverts one version of an artifact (a conflict is refused with its regions). */
  revert(artifactId: string, version: number, reason: string): Promise<Done>;
  /** Comments on a proposal: on the whole of it, or on one of its hunks. */
  comment(proposalId: string, text: string, hunkId: string | null): Promise<Done>;
  /** Asks for changes to a pending proposal, which stays pending. */
  requestChanges(proposalId: string, text: string): Promise<Done>;
  /** Accepts the kept hunks of an edit proposal as one version (all kept: a plain accept). */
  acceptHunks(proposalId: string, artifactId: string, choice: KeptHunks): Promise<Done>;
  /** Accepts a thread's clean proposals in one command, and says what became of each. */
  acceptAllClean(batch: CleanBatch): Promise<BatchDone>;
}

const landed = (outcome: Outcome, artifactId: string, how = ""): string =>
  outcome.type === "resolved" && outcome.version !== null
    ? `Accepted${how}: ${artifactId} is now at version ${outcome.version}.`
    : `Accepted${how}.`;

const gone = (key: string): Subject => ({ key, state: "gone" });
const offer = (entry: { thread_id: string; offer_id: string }, state: string): Subject => ({
  key: `offer:${entry.thread_id}/${entry.offer_id}`,
  state,
});

/** Runs an action about `subject`, turning refusals and failures into words. */
async function attempt<T extends { readonly ok: boolean }>(
  subject: Subject,
  run: () => Promise<T>,
  said: (done: Extract<T, { ok: true }>) => string,
): Promise<Done> {
  try {
    const result = await run();
    if (result.ok) {
      return { ok: true, message: said(result as Extract<T, { ok: true }>), subject };
    }
    const { rejection } = result as unknown as Extract<PageAnswer<object>, { ok: false }>;
    return { ok: false, message: refusalText(rejection), refusal: rejection };
  } catch (error) {
    return { ok: false, message: `Not done: ${errorText(error)}` };
  }
}

/** What every action runs through: the connection, its commit, and the refresh after it. */
interface Acting {
  readonly connection: Connection;
  commit(command: CommandInput): Promise<ClientCommitResult>;
  /** Refreshes the inbox once `done` is. */
  refreshed(done: Promise<Done>): Promise<Done>;
}

/** The person's answers to proposals. */
function proposalActions({
  connection,
  commit,
  refreshed,
}: Acting): Pick<Actions, "accept" | "reject" | "acceptEdited" | "acceptChosen"> {
  const respond = { type: "respond_to_proposal", surface: SURFACE } as const;
  return {
    accept: (proposal_id, artifactId) =>
      refreshed(
        attempt(
          gone(`proposal:${proposal_id}`),
          () => commit({ ...respond, proposal_id, decision: "accept" }),
          ({ outcome }) => landed(outcome, artifactId),
        ),
      ),
    reject: (proposal_id, reason) =>
      refreshed(
        attempt(
          gone(`proposal:${proposal_id}`),
          () =>
            commit({ ...respond, proposal_id, decision: "reject", reason: reason.trim() || null }),
          () => `Rejected ${proposal_id}.`,
        ),
      ),
    acceptEdited: (proposalId, artifactId, request) =>
      refreshed(
        attempt(
          gone(`proposal:${proposalId}`),
          () => connection.review.acceptEdited(proposalId, request),
          ({ outcome }) => landed(outcome, artifactId, " with your changes"),
        ),
      ),
    acceptChosen: (proposalId, artifactId, request) =>
      refreshed(
        attempt(
          gone(`proposal:${proposalId}`),
          () => connection.review.acceptChosen(proposalId, request),
          ({ outcome }) => landed(outcome, artifactId, " with your choices"),
        ),
      ),
  };
}

/** The person's answers to decisions and offers. */
function choiceActions({
  connection,
  commit,
  refreshed,
}: Acting): Pick<Actions, "decide" | "start" | "setAside"> {
  return {
    decide: ({ scope, decision }, option_id) =>
      refreshed(
        attempt(
          gone(`decision:${scope.kind}:${scope.id}:${decision.id}`),
          () =>
            commit({
              type: "answer_decision",
              scope,
              decision_id: decision.id,
              option_id,
              surface: SURFACE,
            }),
          () => {
            const label = decision.options.find((o) => o.id === option_id)?.label ?? option_id;
            return `Answered “${decision.prompt}”: ${label}.`;
          },
        ),
      ),
    start: (entry) =>
      refreshed(
        attempt(
          offer(entry, "started"),
          () => connection.review.start({ thread_id: entry.thread_id, offer_id: entry.offer_id }),
          (started) =>
            `Started “${entry.card.title}” as ${started.thread_id} (${started.checkout.mode} checkout).`,
        ),
      ),
    setAside: ({ thread_id, offer_id, card }, status) =>
      refreshed(
        attempt(
          offer({ thread_id, offer_id }, status),
          () =>
            commit({
              type: "answer_offer",
              thread_id,
              offer_id,
              answer: { status },
              surface: "page",
            }),
          () =>
            status === "dismissed" ? `Set aside “${card.title}”.` : `Brought back “${card.title}”.`,
        ),
      ),
  };
}

/** The person's reverts and words on proposals. */
function talkActions({
  commit,
  refreshed,
}: Acting): Pick<Actions, "revert" | "comment" | "requestChanges"> {
  // A comment leaves its card pending: the status line stays until the card goes.
  const pending = (proposalId: string): Subject => ({
    key: `proposal:${proposalId}`,
    state: "pending",
  });
  return {
    revert: (artifact_id, version, reason) =>
      refreshed(
        attempt(
          gone(`artifact:${artifact_id}`),
          () =>
            commit({
              type: "revert_revision",
              artifact_id,
              version,
              reason: reason.trim() || null,
              surface: SURFACE,
            }),
          ({ outcome }) =>
            outcome.type === "applied"
              ? `Reverted version ${version} of ${artifact_id}: it is now at version ${outcome.version}.`
              : `Reverted version ${version} of ${artifact_id}.`,
        ),
      ),
    comment: (proposal_id, text, hunk_id) =>
      refreshed(
        attempt(
          pending(proposal_id),
          () =>
            commit({ type: "comment_on_proposal", proposal_id, text, hunk_id, surface: SURFACE }),
          () => `Commented on ${proposal_id}.`,
        ),
      ),
    requestChanges: (proposal_id, text) =>
      refreshed(
        attempt(
          pending(proposal_id),
          () => commit({ type: "request_changes", proposal_id, text, surface: SURFACE }),
          () => `Asked for changes to ${proposal_id}; it stays pending.`,
        ),
      ),
  };
}

/** The page's actions over its connection; each refreshes the inbox once it is done. */
export function actionsOf(connection: Connection): Actions {
  const acting: Acting = {
    connection,
    commit: (command) => connection.client.commit(command),
    refreshed: async (done) => {
      const result = await done;
      connection.refresh();
      return result;
    },
  };
  const part = partActions({
    commit: acting.commit,
    refresh: connection.refresh,
    surface: SURFACE,
  });
  return {
    ...proposalActions(acting),
    ...choiceActions(acting),
    ...talkActions(acting),
    ...part,
  };
}
