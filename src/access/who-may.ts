import type { AccessWidening, Action } from "../model/access.ts";
import { type Actor, authorKey } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import { contextThread, type DecideContext } from "../model/context.ts";
import type { Scope } from "../model/decisions.ts";
import type { Fact } from "../model/event.ts";
import { forbidden } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { proposalIn, runIn, type State } from "../model/state.ts";

/**
 * Who an actor is to the thread it acts in: a person, the host itself, the thread's own
 * agent, another thread's agent, an agent from outside, an automated judge.
 */
type ActorClass =
  | "person"
  | "system"
  | "own_agent"
  | "other_agent"
  | "external_agent"
  | "evaluator";

/** One row of the table: who may, and what the action is called in a refusal. */
interface Row {
  readonly may: readonly ActorClass[];
  readonly what: string;
}

const PEOPLE = ["person", "system"] as const;
// Artifact writes, proposals and messages: agents too, under the write policies.
const WRITERS = ["person", "system", "own_agent", "external_agent"] as const;
const RUNS = ["system", "own_agent"] as const;

/**
 * SPEC section 9 as data: for every command and fact, the actors that may send it. Agents
 * propose, people decide: whatever answers for a person (proposals, deferred requests,
 * decisions, offers, modes and grants, ending threads, side conversations) is for people
 * and the system. Another thread's agent may do nothing in a thread, so it has no cell.
 */
export const WHO_MAY = {
  create_artifact: { may: WRITERS, what: "create an artifact" },
  edit_artifact: { may: WRITERS, what: "edit an artifact" },
  archive_artifact: { may: WRITERS, what: "archive an artifact" },
  propose_change: { may: WRITERS, what: "propose a change" },
  post_message: { may: WRITERS, what: "post a message" },
  respond_to_proposal: { may: PEOPLE, what: "answer a proposal" },
  expire_proposal: { may: PEOPLE, what: "expire a proposal" },
  create_thread: { may: PEOPLE, what: "create a thread" },
  set_focus: { may: PEOPLE, what: "set a thread's focus" },
  set_thread_mode: { may: PEOPLE, what: "change a thread's mode" },
  answer_deferred: { may: PEOPLE, what: "answer a deferred request" },
  give_feedback: { may: ["person", "system", "evaluator"], what: "give feedback" },
  save_draft: { may: PEOPLE, what: "save a draft" },
  end_thread: { may: PEOPLE, what: "end a thread" },
  delete_thread: { may: PEOPLE, what: "delete a thread" },
  grant_permission: { may: PEOPLE, what: "grant a permission" },
  make_offer: { may: ["person", "system", "own_agent"], what: "offer a thread" },
  answer_offer: { may: PEOPLE, what: "answer an offer" },
  release_offer: { may: PEOPLE, what: "release an offer" },
  launch_thread: { may: ["person", "system", "own_agent"], what: "launch a thread" },
  request_decision: { may: RUNS, what: "ask for a decision" },
  answer_decision: { may: PEOPLE, what: "answer a decision" },
  retire_decision: { may: ["person", "system", "own_agent"], what: "retire a decision" },
  open_side: { may: PEOPLE, what: "open a side conversation" },
  close_side: { may: PEOPLE, what: "close a side conversation" },
  run_started: { may: RUNS, what: "record a run" },
  tool_called: { may: RUNS, what: "record a run" },
  tool_returned: { may: RUNS, what: "record a run" },
  run_paused: { may: RUNS, what: "record a run" },
  run_ended: { may: RUNS, what: "record a run" },
  app_event: { may: ["person", "system", "own_agent"], what: "record an application event" },
} as const satisfies Record<Action, Row>;

const ARTICLE: Readonly<Record<Actor["kind"], string>> = {
  user: "a person",
  agent: "an agent",
  external_agent: "an external agent",
  system: "the system",
  evaluator: "an evaluator",
};

const runThread = (state: State, runId: string): string | undefined =>
  runIn(state, runId)?.thread_id;

const scopeThread = (state: State, scope: Scope): string | undefined =>
  scope.kind === "thread" ? scope.id : runThread(state, scope.id);

/**
 * The thread an item acts in, for the actions an agent may take in its own thread; `null`
 * for none, `undefined` when what it names does not exist (the rules then say `not_found`).
 */
function threadActedIn(
  item: Command | Fact,
  state: State,
  actor: Actor,
): string | null | undefined {
  switch (item.type) {
    case "create_artifact":
    case "edit_artifact":
    case "archive_artifact":
      return contextThread(item.thread_id, actor);
    case "propose_change":
      return contextThread(item.change.thread_id, actor);
    case "post_message":
    case "set_focus":
    case "set_thread_mode":
    case "save_draft":
    case "end_thread":
    case "delete_thread":
    case "grant_permission":
    case "make_offer":
    case "answer_offer":
    case "release_offer":
    case "open_side":
    case "close_side":
    case "create_thread":
      return item.thread_id;
    case "respond_to_proposal":
    case "expire_proposal":
      return proposalIn(state, item.proposal_id)?.thread_id;
    case "answer_deferred":
      return runThread(state, item.run_id);
    case "give_feedback":
      return null;
    case "launch_thread":
      return item.source_thread_id;
    case "request_decision":
    case "answer_decision":
    case "retire_decision":
      return scopeThread(state, item.scope);
    case "run_started":
    case "tool_called":
    case "tool_returned":
    case "run_paused":
    case "run_ended":
    case "app_event":
      return item.thread_id;
  }
}

/** Which row of the table an actor is in for this item. */
function classOf(actor: Actor, item: Command | Fact, state: State): ActorClass {
  switch (actor.kind) {
    case "user":
      return "person";
    case "system":
      return "system";
    case "external_agent":
      return "external_agent";
    case "evaluator":
      return "evaluator";
    case "agent": {
      const thread = threadActedIn(item, state, actor);
      return thread === undefined || thread === null || thread === actor.thread_id
        ? "own_agent"
        : "other_agent";
    }
  }
}

function widened(actor: Actor, action: Action, grants: readonly AccessWidening[]): boolean {
  return grants.some(
    (grant) =>
      grant.may.includes(action) &&
      ((grant.actor.kind === "agent" &&
        actor.kind === "agent" &&
        actor.side_id === undefined &&
        grant.actor.thread_id === actor.thread_id) ||
        (grant.actor.kind === "external_agent" &&
          actor.kind === "external_agent" &&
          grant.actor.client_id === actor.client_id) ||
        (grant.actor.kind === "evaluator" &&
          actor.kind === "evaluator" &&
          grant.actor.name === actor.name)),
  );
}

type Forbidden = Extract<ReturnType<typeof forbidden>, { type: "forbidden" }>;

/**
 * A refusal of who may do what: `forbidden` naming the action and the actor's kind, in the
 * given words. The side conversation gate refuses with it too.
 */
export function refusal(actor: Actor, action: Action, message: string): Result<never> {
  const rejection: Forbidden = { ...forbidden(message), action, actor_kind: actor.kind };
  return refuse(rejection);
}

const RUN_FACTS: ReadonlySet<string> = new Set([
  "run_started",
  "tool_called",
  "tool_returned",
  "run_paused",
  "run_ended",
]);

// The words of a refusal; where the original refused the same thing, its words.
function refusalMessage(
  state: State,
  actor: Actor,
  item: Command | Fact,
  actorClass: ActorClass,
): string {
  const row: Row = WHO_MAY[item.type];
  if (actorClass === "evaluator") return "an evaluator can only give feedback";
  if (RUN_FACTS.has(item.type) && "thread_id" in item) {
    return `only thread ${item.thread_id}'s agent or the system may record its runs`;
  }
  if (item.type === "respond_to_proposal") {
    const proposal = proposalIn(state, item.proposal_id);
    if (proposal !== null && authorKey(proposal.proposed_by) === authorKey(actor)) {
      return "a proposal must be resolved by someone other than its author";
    }
  }
  // Only where its own thread would do: otherwise no thread would, and the words say so.
  const ownWouldDo = row.may.includes("own_agent");
  if (actorClass === "other_agent" && actor.kind === "agent" && ownWouldDo) {
    return `an agent acts only in its own thread, ${actor.thread_id}; it may not ${row.what} in another`;
  }
  return `${ARTICLE[actor.kind]} may not ${row.what}`;
}

/**
 * Whether the actor may send this command or fact, by the table (and the host's widening),
 * before any rule decides: `forbidden` naming the action and the actor's kind, or `ok`. An
 * agent acts only in its own thread and runs, whatever thread or side id it names; it
 * retires its own decision only for its own reasons, never claiming the person acted.
 */
export function mayAct(context: DecideContext, state: State, item: Command | Fact): Result<null> {
  const { actor } = context;
  if (actor.kind === "agent" && actor.side_id !== undefined && actor.side_id !== context.side?.id) {
    return refusal(actor, item.type, "only a side conversation writes as one");
  }
  const actorClass = classOf(actor, item, state);
  const row: Row = WHO_MAY[item.type];
  if (!row.may.includes(actorClass)) {
    if (!widened(actor, item.type, context.access ?? [])) {
      return refusal(actor, item.type, refusalMessage(state, actor, item, actorClass));
    }
    // Widened to answer for a person, an agent still never answers its own thread's asks
    // (its runs' requests, decisions and offers; a proposal's rule is its author's, below).
    if (
      actor.kind === "agent" &&
      item.type !== "respond_to_proposal" &&
      threadActedIn(item, state, actor) === actor.thread_id
    ) {
      return refusal(actor, item.type, "a widened agent never answers for its own thread");
    }
  }
  return agentBounds(context, actor, item);
}

// What an agent's own thread does not cover: a run not its own, a person's reason, a thread
// the host widened (only the host makes the thread a widening names).
function agentBounds(context: DecideContext, actor: Actor, item: Command | Fact): Result<null> {
  if (actor.kind !== "agent" && actor.kind !== "external_agent") return ok(null);
  if (item.type === "retire_decision" && item.reason === "user_input") {
    return refusal(actor, item.type, "an agent may not retire a decision as the person's input");
  }
  if (item.type === "app_event" && actor.kind === "agent" && item.run_id !== null) {
    const own = actor.run_id ?? null;
    if (item.run_id !== own) {
      const words = own === null ? "in no run" : `only in its own run, ${own}`;
      return refusal(actor, item.type, `an agent acts ${words}`);
    }
  }
  if (item.type === "launch_thread" && widenedThread(item.thread_id, context.access ?? [])) {
    return refusal(
      actor,
      item.type,
      `thread ${item.thread_id} is a widened agent's; only the host makes it`,
    );
  }
  return ok(null);
}

const widenedThread = (threadId: string | undefined, grants: readonly AccessWidening[]) =>
  threadId !== undefined &&
  grants.some((grant) => grant.actor.kind === "agent" && grant.actor.thread_id === threadId);
