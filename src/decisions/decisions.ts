import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import {
  type AnswerDecision,
  APPROVAL_OPTIONS,
  DEFERRED_CHANNEL,
  type Decision,
  type DecisionOption,
  isBuiltInChannel,
  isDue,
  type RequestDecision,
  type RetireDecision,
} from "../model/decisions.ts";
import { jsonEqual } from "../model/json.ts";
import {
  forbidden,
  invalidState,
  notFound,
  staleDecision,
  unknownDecision,
  validationFailed,
} from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { State } from "../model/state.ts";
import { decideAnswerDeferred } from "../runs/answer.ts";
import type { DecisionEvent } from "../scopes/evolve.ts";
import {
  evolveOwner,
  isOpen,
  ownerOf,
  type ScopeOwner,
  scopeFields,
  slotOf,
} from "../scopes/scope.ts";
import { mayReportLost, maySupersede } from "./asker.ts";

function written(owner: ScopeOwner, events: DecisionEvent[]): CommitResult {
  const next = evolveOwner(owner, events);
  return commitResult(RECORDED, {
    events,
    ...(next.kind === "thread" ? { threads: [next.thread] } : { runs: [next.run] }),
  });
}

// The options a request offers, before its channel is weighed. A run's built-in channel only
// answers one of its pending deferred requests, with options that mean something to it: an
// approval's are `approve` and `deny`, always both, in the library's words (the asker's labels
// could make "Approve" read "No").
function requestedOptions(
  owner: ScopeOwner,
  command: RequestDecision,
): Result<DecisionOption[] | null> {
  if (command.channel !== DEFERRED_CHANNEL) return ok(command.options);
  if (owner.kind !== "run") {
    return refuse(invalidState(`the ${DEFERRED_CHANNEL} channel answers runs, not threads`));
  }
  const request = owner.run.pending.find((r) => r.tool_call_id === command.decision_id);
  if (request === undefined) return refuse(notFound("deferred request", command.decision_id));
  if (request.kind !== "approval" || command.options === null) return ok(command.options);
  if (command.options.some((o) => o.id !== "approve" && o.id !== "deny")) {
    return refuse(invalidState("an approval's options are approve and deny"));
  }
  return ok(APPROVAL_OPTIONS.map((option) => ({ ...option })));
}

// The same request again: what the asker sent, whenever it arrived and whoever repeats it.
function sameRequest(pending: Decision, decision: Decision): boolean {
  const unstamped = { received_at: null, asked_by: null };
  return jsonEqual({ ...pending, ...unstamped }, { ...decision, ...unstamped });
}

/**
 * Makes a decision pending in its scope, recording who asked, superseding the pending one
 * (recorded, not dropped). It gets options only when the request has them and its channel is
 * proven (declared by the host, or built in: a run's `deferred`, any scope's `notes`);
 * otherwise it is read-only. An approval's options are the library's ({@link APPROVAL_OPTIONS}).
 * Only the scope's agent or the system may ask; an ended scope takes none; an agent supersedes
 * only a decision it asked (`forbidden` naming the pending one).
 */
export function decideRequestDecision(
  context: DecideContext,
  state: State,
  command: RequestDecision,
): Result<CommitResult> {
  const found = ownerOf(state, command.scope);
  if (!found.ok) return found;
  const owner = found.value;
  const fields = scopeFields(owner);
  if (!isOpen(owner)) {
    return refuse(invalidState(`${command.scope.kind} ${command.scope.id} has ended`));
  }
  const slot = slotOf(owner);
  const ended = slot.closed[command.decision_id];
  if (ended !== undefined) {
    return refuse(invalidState(`decision ${command.decision_id} already ended (${ended.reason})`));
  }
  const options = requestedOptions(owner, command);
  if (!options.ok) return options;
  const proven =
    command.channel !== null &&
    (isBuiltInChannel(command.channel) || (context.channels ?? []).includes(command.channel));
  const actionable = proven && options.value !== null;
  const decision: Decision = {
    id: command.decision_id,
    prompt: command.prompt,
    options: actionable ? (options.value ?? []) : [],
    received_at: context.now ?? null,
    channel: actionable ? command.channel : null,
    expires_at: command.expires_at,
    asked_by: context.actor,
  };
  const pending = slot.pending;
  if (pending?.id === command.decision_id) {
    if (sameRequest(pending, decision)) return ok(commitResult(RECORDED));
    return refuse(invalidState(`decision ${command.decision_id} is already pending`));
  }
  // One that expired before it arrived would only block the scope until someone retired it.
  if (isDue(decision, context.now)) {
    return refuse(invalidState(`decision ${decision.id} expired at ${decision.expires_at}`));
  }
  const events: DecisionEvent[] = [];
  if (pending !== null) {
    const mine = maySupersede(context.actor, pending, fields.scope);
    if (!mine.ok) return mine;
    events.push({
      type: "decision_superseded",
      ...fields,
      decision_id: pending.id,
      superseded_by: decision.id,
    });
  }
  events.push({ type: "decision_requested", ...fields, decision });
  return ok(written(owner, events));
}

/** The decision `decision_id` names, pending in the scope; or why it cannot be answered now. */
function pendingDecision(owner: ScopeOwner, decisionId: string): Result<Decision | "answered"> {
  const slot = slotOf(owner);
  const ref = {
    scope: scopeFields(owner).scope,
    decision_id: decisionId,
    current_id: slot.pending?.id ?? null,
  };
  if (slot.pending?.id === decisionId) return ok(slot.pending);
  const ended = slot.closed[decisionId];
  if (ended === undefined) return refuse(unknownDecision(ref));
  if (ended.reason === "answered") return ok("answered");
  return refuse(staleDecision({ ...ref, reason: ended.reason }));
}

/**
 * A person picks an option: validates scope, decision and option, consumes the id and, for a
 * run's built-in channel, answers the deferred request in the same write. Other channels are
 * delivered by the host after this is stored, so two surfaces can never both deliver. A
 * repeat answer to a consumed id is a no-op; a superseded or retired id is `stale_decision`
 * and an id the scope never had is `unknown_decision`, both naming the pending one.
 */
export function decideAnswerDecision(
  context: DecideContext,
  state: State,
  command: AnswerDecision,
): Result<CommitResult> {
  const found = ownerOf(state, command.scope);
  if (!found.ok) return found;
  const owner = found.value;
  const decided = pendingDecision(owner, command.decision_id);
  if (!decided.ok) return decided;
  const decision = decided.value;
  if (decision === "answered") return ok(commitResult(RECORDED));
  if (isDue(decision, context.now)) {
    const { scope } = scopeFields(owner);
    return refuse(
      staleDecision({ scope, decision_id: decision.id, current_id: null, reason: "expired" }),
    );
  }
  if (decision.channel === null) {
    return refuse(forbidden(`decision ${decision.id} is read-only: answer where the agent runs`));
  }
  const option = decision.options.find((o) => o.id === command.option_id);
  if (option === undefined) {
    return refuse(
      validationFailed("invalid command", [
        {
          type: "unknown_option",
          loc: ["option_id"],
          msg: `option_id must be one of ${decision.options.map((o) => o.id).join(", ")}`,
          input: command.option_id,
        },
      ]),
    );
  }
  const answered: DecisionEvent = {
    type: "decision_answered",
    ...scopeFields(owner),
    decision_id: decision.id,
    option_id: option.id,
    label: option.label,
    channel: decision.channel,
    surface: command.surface,
  };
  if (decision.channel !== DEFERRED_CHANNEL || owner.kind !== "run") {
    return ok(written(owner, [answered]));
  }
  const request = owner.run.pending.find((r) => r.tool_call_id === decision.id);
  const approval = request?.kind === "approval";
  const deferred = decideAnswerDeferred(
    { actor: context.actor, now: context.now ?? null },
    state,
    {
      type: "answer_deferred",
      run_id: owner.run.id,
      tool_call_id: decision.id,
      answer: approval ? null : option.id,
      approved: approval ? option.id === "approve" : null,
      surface: command.surface,
    },
    true,
  );
  if (!deferred.ok) return deferred;
  const run = deferred.value.runs[0] ?? owner.run;
  const result = written({ kind: "run", run }, [answered]);
  return ok({ ...result, events: [...deferred.value.events, ...result.events] });
}

/**
 * Retires a pending decision without an answer: the person acted elsewhere, the transport
 * was lost, or (by the clock) it expired. Retiring one already gone is a no-op. An agent
 * reports lost only a decision it asked (`forbidden`); expiry is anyone's to record.
 */
export function decideRetireDecision(
  context: DecideContext,
  state: State,
  command: RetireDecision,
): Result<CommitResult> {
  const found = ownerOf(state, command.scope);
  if (!found.ok) return found;
  const owner = found.value;
  const decided = pendingDecision(owner, command.decision_id);
  if (!decided.ok) {
    return decided.rejection.type === "stale_decision" ? ok(commitResult(RECORDED)) : decided;
  }
  const decision = decided.value;
  if (decision === "answered") return ok(commitResult(RECORDED));
  if (command.reason === "expired" && !isDue(decision, context.now)) {
    return refuse(invalidState(`decision ${decision.id} has not expired`));
  }
  if (command.reason !== "expired") {
    const mine = mayReportLost(context.actor, decision);
    if (!mine.ok) return mine;
  }
  return ok(
    written(owner, [
      {
        type: "decision_retired",
        ...scopeFields(owner),
        decision_id: decision.id,
        reason: command.reason,
      },
    ]),
  );
}
