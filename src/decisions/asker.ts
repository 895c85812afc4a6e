import { refusal } from "../access/who-may.ts";
import { type Actor, isAgent, participantKey } from "../model/actors.ts";
import type { Decision, Scope } from "../model/decisions.ts";
import { ok, type Result } from "../model/result.ts";

// Who asked a decision, in a refusal's words.
function askerWords(asker: Actor | null): string {
  if (asker === null) return "an asker its record does not name";
  switch (asker.kind) {
    case "user":
      return "a person";
    case "system":
      return "the system";
    case "agent":
      return asker.side_id === undefined
        ? `thread ${asker.thread_id}'s agent`
        : `side conversation ${asker.side_id} of thread ${asker.thread_id}`;
    case "external_agent":
      return `external agent ${asker.client_id}`;
    case "evaluator":
      return "an evaluator";
  }
}

// An agent's own decision: one it asked as the same participant (any of its thread's runs).
// A decision whose asker is unknown is nobody's to retire but the system's and people's.
function askedBy(decision: Decision, actor: Actor): boolean {
  return decision.asked_by !== null && participantKey(decision.asked_by) === participantKey(actor);
}

/**
 * Whether `actor` may supersede the scope's pending decision with a newer one: the system and
 * people always; an agent only one it asked itself, so it never retires what the host or
 * another participant put in front of the person. `forbidden` names the pending decision and
 * who asked it.
 */
export function maySupersede(actor: Actor, pending: Decision, scope: Scope): Result<null> {
  if (!isAgent(actor) || askedBy(pending, actor)) return ok(null);
  const where = `${scope.kind} ${scope.id}`;
  return refusal(
    actor,
    "request_decision",
    `decision ${pending.id}, pending in ${where}, was asked by ${askerWords(pending.asked_by)}; an agent supersedes only its own`,
  );
}

/**
 * Whether `actor` may report a pending decision's answer transport lost: the system and people
 * always; an agent only for a decision it asked (expiry, which the clock decides, is anyone's).
 */
export function mayReportLost(actor: Actor, decision: Decision): Result<null> {
  if (!isAgent(actor) || askedBy(decision, actor)) return ok(null);
  return refusal(
    actor,
    "retire_decision",
    `decision ${decision.id} was asked by ${askerWords(decision.asked_by)}; an agent retires only its own`,
  );
}
