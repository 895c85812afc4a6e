import type { AccessWidening, Action } from "../model/access.ts";
import type { Actor } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import type { DecideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import { forbidden } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { State } from "../model/state.ts";

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

/**
 * Who may send one command or fact type (docs/spec.md section 9), as its row in the table of
 * its kind says: the actor classes that may, what the action is called in a refusal, and the
 * thread an item of the type acts in, for the actions an agent may take in its own thread
 * (`null` for none, `undefined` when what it names does not exist: the rules then say
 * `not_found`).
 */
export interface AccessRule<I> {
  readonly may: readonly ActorClass[];
  readonly what: string;
  readonly actsIn: (item: I, state: State, actor: Actor) => string | null | undefined;
  /** The original's own words for refusing it, where it had them (`null`: the table's). */
  readonly words?: (item: I, state: State, actor: Actor) => string | null;
  /**
   * What an agent's own thread does not cover for it: the words of a refusal, or `null`.
   * Asked of agents and external agents only, after the table allowed them.
   */
  readonly bounds?: (item: I, context: DecideContext, actor: AgentLike) => string | null;
  /** A widened agent may send it in its own thread too: its rule keeps it from its own. */
  readonly widenedInOwnThread?: true;
}

/** An agent of a thread or from outside: who a row's `bounds` are asked of. */
type AgentLike = Extract<Actor, { kind: "agent" | "external_agent" }>;

/**
 * People and the system: whatever answers for a person (proposals, deferred requests,
 * decisions, offers, modes and grants, ending threads, side conversations). Agents propose,
 * people decide; another thread's agent may do nothing in a thread, so no group has it.
 */
export const PEOPLE = ["person", "system"] as const;
/** Artifact writes, proposals and messages: agents too, under the write policies. */
export const WRITERS = ["person", "system", "own_agent", "external_agent"] as const;
/** A thread's runs: its own agent and the system, not a person. */
export const RUNS = ["system", "own_agent"] as const;
/** People and the thread's own agent (offers, launches, its own decisions, app events). */
export const WITH_OWN_AGENT = ["person", "system", "own_agent"] as const;
/** People and the automated judges. */
export const JUDGES = ["person", "system", "evaluator"] as const;

const ARTICLE: Readonly<Record<Actor["kind"], string>> = {
  user: "a person",
  agent: "an agent",
  external_agent: "an external agent",
  system: "the system",
  evaluator: "an evaluator",
};

/** Which group of the table an actor is in for this item (an agent: by the row's `actsIn`). */
function classOf<I>(actor: Actor, rule: AccessRule<I>, item: I, state: State): ActorClass {
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
      const acted = rule.actsIn(item, state, actor);
      return acted === undefined || acted === null || acted === actor.thread_id
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

// The words of a refusal; where the original refused the same thing, its words (the row's).
function refusalMessage<I>(
  rule: AccessRule<I>,
  item: I,
  state: State,
  actor: Actor,
  actorClass: ActorClass,
): string {
  if (actorClass === "evaluator") return "an evaluator can only give feedback";
  const own = rule.words?.(item, state, actor);
  if (own !== undefined && own !== null) return own;
  // Only where its own thread would do: otherwise no thread would, and the words say so.
  const ownWouldDo = rule.may.includes("own_agent");
  if (actorClass === "other_agent" && actor.kind === "agent" && ownWouldDo) {
    return `an agent acts only in its own thread, ${actor.thread_id}; it may not ${rule.what} in another`;
  }
  return `${ARTICLE[actor.kind]} may not ${rule.what}`;
}

/**
 * Whether the actor may send this command or fact, by its row (and the host's widening),
 * before any rule decides: `forbidden` naming the action and the actor's kind, or `ok`. An
 * agent acts only in its own thread and runs, whatever thread or side id it names; what its
 * own thread does not cover is the row's `bounds`.
 */
export function mayAct<I extends Command | Fact>(
  context: DecideContext,
  state: State,
  item: I,
  rule: AccessRule<I>,
): Result<null> {
  const { actor } = context;
  const action: Action = item.type;
  if (actor.kind === "agent" && actor.side_id !== undefined && actor.side_id !== context.side?.id) {
    return refusal(actor, action, "only a side conversation writes as one");
  }
  const actorClass = classOf(actor, rule, item, state);
  if (!rule.may.includes(actorClass)) {
    if (!widened(actor, action, context.access ?? [])) {
      return refusal(actor, action, refusalMessage(rule, item, state, actor, actorClass));
    }
    // Widened to answer for a person, an agent still never answers its own thread's asks
    // (its runs' requests, decisions and offers), unless the row leaves that to its rule.
    if (
      actor.kind === "agent" &&
      rule.widenedInOwnThread !== true &&
      rule.actsIn(item, state, actor) === actor.thread_id
    ) {
      return refusal(actor, action, "a widened agent never answers for its own thread");
    }
  }
  if (rule.bounds === undefined || (actor.kind !== "agent" && actor.kind !== "external_agent")) {
    return ok(null);
  }
  const beyond = rule.bounds(item, context, actor);
  return beyond === null ? ok(null) : refusal(actor, action, beyond);
}

/**
 * Whether `threadId` is one a widening names for an agent: only the host makes such a thread
 * (the launching agent would otherwise write the widened reviewer's first prompt).
 */
export const widenedThread = (
  threadId: string | undefined,
  grants: readonly AccessWidening[],
): boolean =>
  threadId !== undefined &&
  grants.some((grant) => grant.actor.kind === "agent" && grant.actor.thread_id === threadId);
