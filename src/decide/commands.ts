import {
  JUDGES,
  mayAct,
  PEOPLE,
  RUNS,
  WITH_OWN_AGENT,
  WRITERS,
  widenedThread,
} from "../access/who-may.ts";
import { decideRevertRevision, revertNeeds } from "../artifacts/revert.ts";
import {
  decideAnswerDecision,
  decideRequestDecision,
  decideRetireDecision,
} from "../decisions/decisions.ts";
import { decideGiveFeedback } from "../feedback/give.ts";
import { decideLaunchThread } from "../launch/launch.ts";
import { type Actor, authorKey, isAgent } from "../model/actors.ts";
import { contextThread } from "../model/context.ts";
import type { Scope } from "../model/decisions.ts";
import type { Registry } from "../model/registry.ts";
import { proposalIn, runIn, type State } from "../model/state.ts";
import { decideAnswerOffer, decideReleaseOffer } from "../offers/answer-offer.ts";
import { decideMakeOffer } from "../offers/make-offer.ts";
import { respondToProposals } from "../proposals/batch.ts";
import { decideCommentOnProposal, decideRequestChanges } from "../proposals/comments.ts";
import { decideExpireProposal } from "../proposals/expire.ts";
import { decideRespondToProposal } from "../proposals/respond.ts";
import { decideAnswerDeferred } from "../runs/answer.ts";
import { decideCloseSide, decideOpenSide } from "../sides/sides.ts";
import {
  decideCloseThread,
  decideCreateThread,
  decideGrantPermission,
  decidePostMessage,
  decideSaveDraft,
  decideSetFocus,
  decideSetThreadMode,
} from "../threads/threads.ts";
import type { CommandOf, CommandRows, Row } from "./row.ts";
import { changeNeeds, proposalNeeds, scopeNeeds, targetNeeds, type Wanted } from "./wanted.ts";
import { decideChangeArtifact, decideCreateArtifact, decideProposeChange } from "./writes.ts";

type CommandType = keyof CommandOf;

// The thread an item acts in, for the rows' `actsIn`.
const named = (item: { readonly thread_id: string }): string => item.thread_id;
const writtenIn = (item: { readonly thread_id: string | null }, _: State, actor: Actor) =>
  contextThread(item.thread_id, actor);
const proposalThread = (item: { readonly proposal_id: string }, state: State) =>
  proposalIn(state, item.proposal_id)?.thread_id;
const scopeThread = ({ scope }: { readonly scope: Scope }, state: State) =>
  scope.kind === "thread" ? scope.id : runIn(state, scope.id)?.thread_id;

// What the rows' `needs` load, where several rows load the same.
const threadNeeds = (want: Wanted, item: { readonly thread_id: string }): void => {
  want.threads.push(item.thread_id);
};
const writeNeeds = (
  want: Wanted,
  command: CommandOf["create_artifact" | "edit_artifact" | "archive_artifact"],
  actor: Actor,
  state: State,
  registry: Registry,
): void => {
  // Only an agent's write may become a proposal (`mustPropose`): a person's or the system's
  // needs its artifact and thread alone, not what a proposal touches, nor whether the
  // proposal id it would take is free.
  if (isAgent(actor)) {
    changeNeeds(want, command, actor, state, registry);
    want.proposals.push(command.proposal_id);
  } else {
    want.artifacts.push(command.artifact_id);
    want.threads.push(writtenIn(command, state, actor));
  }
};
const answerNeeds = (
  want: Wanted,
  command: { readonly proposal_id: string },
  _: Actor,
  state: State,
) => proposalNeeds(want, command.proposal_id, state);
// The runs of an ending thread with a pending decision: those decisions end with it.
const closeNeeds = (want: Wanted, command: { readonly thread_id: string }): void => {
  want.threads.push(command.thread_id);
  want.deciding.push(command.thread_id);
};

// An agent or an external agent retires its own decision only for its own reasons, never
// claiming the person acted.
const ownReasons = (command: CommandOf["retire_decision"]): string | null =>
  command.reason === "user_input"
    ? "an agent may not retire a decision as the person's input"
    : null;

/**
 * Every command type's row: who may send it, what it needs loaded, the rule that decides it.
 * Adding a command is adding its row here (and its rule in its concept's folder).
 */
export const COMMANDS: CommandRows = {
  create_artifact: {
    access: { may: WRITERS, what: "create an artifact", actsIn: writtenIn },
    needs: writeNeeds,
    decide: decideCreateArtifact,
  },
  edit_artifact: {
    access: { may: WRITERS, what: "edit an artifact", actsIn: writtenIn },
    needs: writeNeeds,
    decide: decideChangeArtifact,
  },
  archive_artifact: {
    access: { may: WRITERS, what: "archive an artifact", actsIn: writtenIn },
    needs: writeNeeds,
    decide: decideChangeArtifact,
  },
  propose_change: {
    access: {
      may: WRITERS,
      what: "propose a change",
      actsIn: (command, state, actor) => writtenIn(command.change, state, actor),
    },
    needs: (want, command, actor, state, registry) => {
      changeNeeds(want, command.change, actor, state, registry);
      want.proposals.push(command.proposal_id, command.revises);
    },
    decide: decideProposeChange,
  },
  post_message: {
    access: { may: WRITERS, what: "post a message", actsIn: named },
    needs: (want, command) => {
      want.threads.push(command.thread_id);
      want.messages.push(command.message_id);
    },
    decide: decidePostMessage,
  },
  respond_to_proposal: {
    access: {
      may: PEOPLE,
      what: "answer a proposal",
      actsIn: proposalThread,
      words: (command, state, actor) => {
        const proposal = proposalIn(state, command.proposal_id);
        return proposal !== null && authorKey(proposal.proposed_by) === authorKey(actor)
          ? "a proposal must be resolved by someone other than its author"
          : null;
      },
      // Its rule refuses the author, whoever widened them.
      widenedInOwnThread: true,
    },
    needs: answerNeeds,
    decide: decideRespondToProposal,
  },
  comment_on_proposal: {
    // The proposing agent comments in its own thread (its rule: on its own proposals there).
    access: { may: WITH_OWN_AGENT, what: "comment on a proposal", actsIn: proposalThread },
    needs: answerNeeds,
    decide: decideCommentOnProposal,
  },
  request_changes: {
    access: {
      may: PEOPLE,
      what: "request changes to a proposal",
      actsIn: proposalThread,
      widenedInOwnThread: true,
    },
    needs: answerNeeds,
    decide: decideRequestChanges,
  },
  respond_to_proposals: {
    access: {
      may: PEOPLE,
      what: "answer proposals",
      // Each answer is checked again by the row of `respond_to_proposal`, in its own thread.
      actsIn: () => null,
      widenedInOwnThread: true,
    },
    needs: (want, command, actor, state, registry) => {
      const one = commandRow("respond_to_proposal");
      for (const response of command.responses) {
        one.needs(want, { type: "respond_to_proposal", ...response }, actor, state, registry);
      }
    },
    decide: (context, state, command) => respondToProposals(answerOne)(context, state, command),
  },
  revert_revision: {
    access: { may: PEOPLE, what: "revert a revision", actsIn: () => null },
    needs: (want, command, _, state) => {
      const { revisions, proposals } = revertNeeds(state, command);
      want.artifacts.push(command.artifact_id);
      want.revisions.push(...revisions);
      want.proposals.push(...proposals);
    },
    decide: decideRevertRevision,
  },
  expire_proposal: {
    access: { may: PEOPLE, what: "expire a proposal", actsIn: proposalThread },
    needs: answerNeeds,
    decide: decideExpireProposal,
  },
  create_thread: {
    access: { may: PEOPLE, what: "create a thread", actsIn: named },
    needs: (want, command) => {
      want.threads.push(command.thread_id, command.proposed_by?.thread_id);
    },
    decide: (_, state, command) => decideCreateThread(state, command),
  },
  set_focus: {
    access: { may: PEOPLE, what: "set a thread's focus", actsIn: named },
    needs: (want, command) => {
      want.threads.push(command.thread_id);
      want.artifacts.push(...command.artifact_ids);
    },
    decide: (_, state, command) => decideSetFocus(state, command),
  },
  set_thread_mode: {
    access: { may: PEOPLE, what: "change a thread's mode", actsIn: named },
    needs: threadNeeds,
    decide: (_, state, command) => decideSetThreadMode(state, command),
  },
  answer_deferred: {
    access: {
      may: PEOPLE,
      what: "answer a deferred request",
      actsIn: (command, state) => runIn(state, command.run_id)?.thread_id,
    },
    needs: (want, command) => {
      want.runs.push(command.run_id);
    },
    decide: (context, state, command) =>
      decideAnswerDeferred({ actor: context.actor, now: context.now ?? null }, state, command),
  },
  give_feedback: {
    access: { may: JUDGES, what: "give feedback", actsIn: () => null },
    needs: (want, command) => targetNeeds(want, command.target),
    decide: decideGiveFeedback,
  },
  save_draft: {
    access: { may: PEOPLE, what: "save a draft", actsIn: named },
    needs: threadNeeds,
    decide: (_, state, command) => decideSaveDraft(state, command),
  },
  end_thread: {
    access: { may: PEOPLE, what: "end a thread", actsIn: named },
    needs: closeNeeds,
    decide: (_, state, command) => decideCloseThread(state, command),
  },
  delete_thread: {
    access: { may: PEOPLE, what: "delete a thread", actsIn: named },
    needs: closeNeeds,
    decide: (_, state, command) => decideCloseThread(state, command),
  },
  grant_permission: {
    access: { may: PEOPLE, what: "grant a permission", actsIn: named },
    needs: threadNeeds,
    decide: (_, state, command) => decideGrantPermission(state, command),
  },
  make_offer: {
    access: { may: WITH_OWN_AGENT, what: "offer a thread", actsIn: named },
    needs: threadNeeds,
    decide: (_, state, command) => decideMakeOffer(state, command),
  },
  answer_offer: {
    access: { may: PEOPLE, what: "answer an offer", actsIn: named },
    needs: (want, command) => {
      want.threads.push(command.thread_id);
      if (command.answer.status === "started") want.threads.push(command.answer.thread_id);
    },
    decide: decideAnswerOffer,
  },
  release_offer: {
    access: { may: PEOPLE, what: "release an offer", actsIn: named },
    needs: threadNeeds,
    decide: (_, state, command) => decideReleaseOffer(state, command),
  },
  launch_thread: {
    access: {
      may: WITH_OWN_AGENT,
      what: "launch a thread",
      actsIn: (command) => command.source_thread_id,
      // Only the host makes a thread a widening names.
      bounds: (command, context) =>
        widenedThread(command.thread_id, context.access ?? [])
          ? `thread ${command.thread_id} is a widened agent's; only the host makes it`
          : null,
    },
    needs: (want, command) => {
      want.threads.push(command.source_thread_id, command.thread_id);
      want.messages.push(command.message_id);
    },
    decide: decideLaunchThread,
  },
  request_decision: {
    access: { may: RUNS, what: "ask for a decision", actsIn: scopeThread },
    needs: (want, command) => scopeNeeds(want, command.scope),
    decide: decideRequestDecision,
  },
  answer_decision: {
    access: { may: PEOPLE, what: "answer a decision", actsIn: scopeThread },
    needs: (want, command) => scopeNeeds(want, command.scope),
    decide: decideAnswerDecision,
  },
  retire_decision: {
    access: {
      may: WITH_OWN_AGENT,
      what: "retire a decision",
      actsIn: scopeThread,
      bounds: ownReasons,
    },
    needs: (want, command) => scopeNeeds(want, command.scope),
    decide: decideRetireDecision,
  },
  open_side: {
    access: { may: PEOPLE, what: "open a side conversation", actsIn: named },
    needs: threadNeeds,
    decide: decideOpenSide,
  },
  close_side: {
    access: { may: PEOPLE, what: "close a side conversation", actsIn: named },
    needs: threadNeeds,
    decide: (_, state, command) => decideCloseSide(state, command),
  },
};

// One answer of a batch, as `respond_to_proposal` decides it: its row's access, then its rule.
function answerOne(
  context: Parameters<typeof decideRespondToProposal>[0],
  state: State,
  answer: CommandOf["respond_to_proposal"],
) {
  const row = commandRow("respond_to_proposal");
  const allowed = mayAct(context, state, answer, row.access);
  return allowed.ok ? row.decide(context, state, answer) : allowed;
}

/** The row of a command type, typed for that type's command. */
export function commandRow<K extends CommandType>(type: K): Row<CommandOf[K]> {
  return COMMANDS[type];
}
