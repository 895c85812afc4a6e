import type { CommandDef } from "citty";
import type { Decision, Scope } from "../../../model/decisions.ts";
import type { DecisionAnswerResult } from "../../../workspace/answer-decision.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { DeliveryResult } from "../../../workspace/deliveries.ts";
import { person } from "./actors.ts";
import { HOST_ARGS, optionValue, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { EXIT, type ExitCode, refused, usage } from "./exit.ts";
import { type Output, printReport } from "./io.ts";
import type { CliHost } from "./modules.ts";
import { SURFACE } from "./respond.ts";
import { line } from "./shown.ts";

/** Where a decision is: pending now (with its options), or already ended in its scope. */
interface Found {
  readonly scope: Scope;
  readonly pending: Decision | null;
}

const has = (closed: Readonly<Record<string, unknown>>, id: string): boolean =>
  Object.hasOwn(closed, id);

const scopeText = (scope: Scope): string => `${scope.kind}:${scope.id}`;

/** The scopes that once had decision `id` (answered, superseded or retired there). */
async function endedIn(workspace: Workspace, id: string): Promise<Found[]> {
  const threads = (await workspace.threads()).filter((t) => has(t.decision.closed, id));
  const runs = (await workspace.runs()).filter((r) => has(r.decision.closed, id));
  return [
    ...threads.map((t): Found => ({ scope: { kind: "thread", id: t.id }, pending: null })),
    ...runs.map((r): Found => ({ scope: { kind: "run", id: r.id }, pending: null })),
  ];
}

/**
 * The decision `id`: among the pending ones first, else the scope that once had it (so the
 * same answer again is recognised as a repeat, a superseded one as stale). `scope`
 * (`thread:<id>` or `run:<id>`) picks one where several scopes use the id.
 *
 * @throws CliError `refused` (`not_found`) when no such scope has it; `usage` when several do.
 */
async function findDecision(workspace: Workspace, id: string, scope?: string): Promise<Found> {
  const pending = (await workspace.decisions())
    .filter((d) => d.decision.id === id)
    .map((d): Found => ({ scope: d.scope, pending: d.decision }));
  const known = pending.length > 0 ? pending : await endedIn(workspace, id);
  const found = known.filter((f) => scope === undefined || scopeText(f.scope) === scope);
  const [only, ...others] = found;
  if (only === undefined) {
    const where = scope === undefined ? `workspace ${workspace.id}` : scope;
    const message = `no decision ${id} is pending in ${where}, nor was one ever`;
    throw refused({ type: "not_found", message, entity: "decision", id });
  }
  if (others.length > 0) {
    const scopes = found.map((f) => scopeText(f.scope)).join(", ");
    throw usage(`decision ${id} is in more than one scope (${scopes}): pass --scope <one of them>`);
  }
  return only;
}

// Answering consumes the id: refuse first if this process could not deliver the answer.
function checkChannel(found: Found, host: CliHost | null): void {
  const channel = found.pending?.channel ?? null;
  if (channel === null || channel === "deferred") return;
  if (host !== null && Object.hasOwn(host.answerChannels, channel)) return;
  throw usage(
    `decision ${found.pending?.id} is delivered through channel "${channel}", which this process cannot reach: pass --host <module> whose default export has answerChannels.${channel}`,
  );
}

/** A delivery's outcome as printed: delivered, or stored but not delivered (exit 3). */
function deliveryReport(delivery: DeliveryResult, id: string, out: Output): ExitCode {
  const via = `through ${delivery.channel}`;
  if (delivery.ok) {
    const json = {
      ok: true,
      status: "delivered",
      decision_id: id,
      option_id: delivery.option_id,
      channel: delivery.channel,
    };
    return printReport(out, {
      json,
      text: [line`${out.paint.green("delivered")}: ${id} answered ${delivery.option_id}, ${via}`],
    });
  }
  const error = delivery.error instanceof Error ? delivery.error.message : String(delivery.error);
  const json = {
    ok: false,
    stage: "deliver",
    decision_id: id,
    option_id: delivery.option_id,
    channel: delivery.channel,
    error,
  };
  const text = [
    line`${out.paint.red("not delivered")}: ${id} answered ${delivery.option_id} (stored; the id is consumed), but ${via} failed: ${error}`,
  ];
  return printReport(out, { exit: EXIT.failed, json, text });
}

/** Whether a promise has settled by the next turn of the event loop, and how. */
function settledNow<T>(promise: Promise<T>): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setImmediate(() => resolve(null)))]);
}

/**
 * Answers without waiting for the agent's turn: stored, then `delivered` when the channel
 * took it at once (a run's deferred channel does, in the same write), else `queued` — the
 * delivery goes on, and the process ends once it has.
 */
async function answer(
  workspace: Workspace,
  found: Found,
  run: { id: string; option: string; as: string; out: Output },
): Promise<ExitCode> {
  const { out, id } = run;
  const decided = { scope: found.scope, decision_id: id, option_id: run.option, surface: SURFACE };
  const result = await workspace.answerDecision(decided, person(run.as), { wait: false });
  if (!result.ok) {
    if (result.stage === "answer") throw refused(result.rejection);
    return deliveryReport(result, id, out);
  }
  switch (result.status) {
    case "delivered":
      return deliveryReport(result, id, out);
    case "repeat": {
      const json = { ok: true, status: "repeat", decision_id: id, option_id: result.option_id };
      const text = [
        line`${id} was already answered (${String(result.option_id)}); nothing was stored or delivered again`,
      ];
      return printReport(out, { json, text });
    }
    case "queued":
      return whenQueued(result, id, out);
  }
}

/** A queued answer: said so at once, then delivered before the process ends (exit 3 if not). */
async function whenQueued(
  queued: Extract<DecisionAnswerResult, { status: "queued" }>,
  id: string,
  out: Output,
): Promise<ExitCode> {
  const now = await settledNow(queued.delivery);
  if (now !== null) return deliveryReport(now, id, out);
  const { option_id, channel } = queued;
  const json = { ok: true, status: "queued", decision_id: id, option_id, channel };
  const text = line`${out.paint.yellow("queued")}: ${id} answered ${option_id}; delivering through ${channel}`;
  printReport(out, { json, text: [text] });
  const later = await queued.delivery;
  if (later.ok) return EXIT.done;
  out.warn([line`not delivered through ${later.channel}: ${String(later.error)}`]);
  return EXIT.failed;
}

/** `decide <decision> <option>`: a person's pick for a pending decision. */
export function decideCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "decide",
    description:
      "Answer a pending decision with one of its options, without waiting for the agent's turn (says whether it was delivered or queued)",
    args: {
      decision: {
        type: "positional",
        description: "The decision's id (see inbox)",
        required: true,
      },
      option: { type: "positional", description: "The option's id", required: true },
      scope: {
        type: "string",
        valueHint: "kind:id",
        description:
          "Where the decision is (thread:<id> or run:<id>), when several scopes use its id",
      },
      ...PERSON_ARGS,
      ...HOST_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out }) {
      const { workspace, host } = session;
      const found = await findDecision(workspace, args.decision, optionValue(args, "scope"));
      checkChannel(found, host);
      return answer(workspace, found, { id: args.decision, option: args.option, as: args.as, out });
    },
  });
}
