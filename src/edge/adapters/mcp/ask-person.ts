import type {
  CallToolResult,
  ElicitRequestFormParams,
  ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { ActorInput } from "../../../model/actors.ts";
import type { CommandInput } from "../../../model/command.ts";
import type { Decision, DecisionOption, Scope } from "../../../model/decisions.ts";
import type { Envelope } from "../../../model/envelope.ts";
import { isKnownEvent } from "../../../model/event.ts";
import type { Rejection } from "../../../model/rejections.ts";
import { answered, refused, type ToolKit } from "../../../tools/tool-kit.ts";
import { MCP_ANSWER_CHANNEL, type McpAnswerChannel } from "./answer-channel.ts";
import { type DecisionEnd, type DecisionWatch, watchDecision } from "./decision-end.ts";
import { type Elicited, elicitationRequest, readElicited } from "./elicitation.ts";
import { mcpResult } from "./results.ts";
import { pauseToAsk, resumeAfterAsking, type ServedRun } from "./run-pause.ts";
import { answerText, endText, failedText, refusedText, typedText } from "./texts.ts";

/** The surface an answer given through the MCP client is recorded with. */
export const MCP_SURFACE = "mcp";

/** What asking the person through the client needs. */
export interface ElicitingAsk {
  readonly kit: ToolKit;
  /** The person who answers in the client. */
  readonly person: ActorInput;
  readonly channel: McpAnswerChannel | undefined;
  readonly scope: Scope;
  /** The scope's thread (a run's own thread), where the person's written answer is kept. */
  readonly threadId: string;
  /** Puts the form in front of the person (the server's `elicitInput`). */
  readonly elicit: (form: ElicitRequestFormParams, signal: AbortSignal) => Promise<ElicitResult>;
}

/** The request that puts a question to the person. */
type RequestCommand = Extract<CommandInput, { readonly type: "request_decision" }>;

/** One question being asked: what settling it needs. */
interface Asking {
  readonly ask: ElicitingAsk;
  readonly decisionId: string;
  /** Whether the decision takes a pick (its channel is declared), or is read-only. */
  readonly actionable: boolean;
  readonly watch: DecisionWatch;
}

const result = async (ask: ElicitingAsk, text: string, value: unknown, isError = false) =>
  mcpResult(await answered(ask.kit, text, value), isError);

const refusal = async (ask: ElicitingAsk, rejection: Rejection) =>
  mcpResult(await refused(ask.kit, rejection));

/** Answers with how the decision ended, once the log or the channel says so. */
async function whenEnded(asking: Asking): Promise<CallToolResult> {
  const end: DecisionEnd = await asking.watch.ended;
  const { ask, decisionId } = asking;
  return result(ask, endText(end, ask.scope.kind), { decision_id: decisionId, end });
}

/** Retires the decision: `retired` if this write did, `gone` if it had already ended. */
async function retire(
  asking: Asking,
  actor: ActorInput,
  reason: "user_input" | "transport_lost",
): Promise<"retired" | "gone" | Rejection> {
  const { ask, decisionId } = asking;
  const command: CommandInput = {
    type: "retire_decision",
    scope: ask.scope,
    decision_id: decisionId,
    reason,
  };
  const written = await ask.kit.workspace.commit(command, actor);
  if (!written.ok) return written.rejection;
  const retired = written.envelopes.some((e) => e.event.type === "decision_retired");
  return retired ? "retired" : "gone";
}

/** A pick on a decision that takes one: answered as the person, delivered once. */
async function pick(asking: Asking, option: DecisionOption): Promise<CallToolResult> {
  const { ask, decisionId } = asking;
  const answer = { scope: ask.scope, decision_id: decisionId, option_id: option.id };
  const done = await ask.kit.workspace.answerDecision(
    { ...answer, surface: MCP_SURFACE },
    ask.person,
  );
  if (!done.ok && done.stage === "answer") {
    const gone = ["stale_decision", "unknown_decision"].includes(done.rejection.type);
    if (!gone) return refusal(ask, done.rejection);
  }
  // Delivered here, or another surface won: either way the log or the channel has its end.
  return whenEnded(asking);
}

/** A written answer (or a pick on a read-only decision): recorded as the person's own words. */
async function typed(
  asking: Asking,
  text: string,
  words = typedText(text),
): Promise<CallToolResult> {
  const { ask, decisionId } = asking;
  const retired = await retire(asking, ask.person, "user_input");
  if (retired === "gone") return whenEnded(asking);
  if (retired !== "retired") return refusal(ask, retired);
  const message: CommandInput = {
    type: "post_message",
    thread_id: ask.threadId,
    message_id: `${decisionId}_answer`,
    content: text,
  };
  // The answer is the retirement's reason; the message only keeps the words in the thread.
  await ask.kit.workspace.commit(message, ask.person);
  return result(ask, words, { decision_id: decisionId, answer: text });
}

/** Records what the person did in the client, and answers the model with it. */
async function settle(asking: Asking, elicited: Elicited): Promise<CallToolResult> {
  const { ask, decisionId } = asking;
  switch (elicited.type) {
    case "picked":
      if (asking.actionable) return pick(asking, elicited.option);
      return typed(
        asking,
        elicited.option.label,
        answerText(elicited.option.label, elicited.option.id),
      );
    case "typed":
      return typed(asking, elicited.text);
    case "declined":
    case "cancelled": {
      const retired = await retire(asking, ask.person, "user_input");
      if (retired === "gone") return whenEnded(asking);
      if (retired !== "retired") return refusal(ask, retired);
      return result(ask, refusedText(elicited.type), { decision_id: decisionId, answer: null });
    }
    case "failed": {
      const retired = await retire(asking, ask.kit.agent, "transport_lost");
      if (retired === "gone") return whenEnded(asking);
      if (retired !== "retired") return refusal(ask, retired);
      const value = { decision_id: decisionId, answer: null };
      return result(ask, failedText(elicited.error), value, true);
    }
  }
}

/** The decision a request stored, and the log position after it. */
function requested(envelopes: readonly Envelope[]): { decision?: Decision; after: number } {
  const after = envelopes.at(-1)?.seq ?? 0;
  for (const { event } of envelopes) {
    if (isKnownEvent(event) && event.type === "decision_requested") {
      return { decision: event.decision, after };
    }
  }
  return { after };
}

/** Asks the person in the client and waits for the question's end (see `askByElicitation`). */
async function askAndWait(
  ask: ElicitingAsk,
  request: RequestCommand,
  options: readonly DecisionOption[] | null,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const { decision_id: decisionId, prompt } = request;
  const written = await ask.kit.workspace.commit(request, ask.kit.agent);
  if (!written.ok) return refusal(ask, written.rejection);
  const { decision, after } = requested(written.envelopes);
  const actionable = (decision?.options.length ?? 0) > 0;
  const { workspace } = ask.kit;
  const { scope, channel } = ask;
  const watch = watchDecision({ workspace, channel, scope, decisionId, after });
  const asking: Asking = { ask, decisionId, actionable, watch };
  const abort = new AbortController();
  let open = true;
  try {
    const shown = actionable ? (decision?.options ?? []) : options;
    const both = AbortSignal.any([abort.signal, signal]);
    const elicited = ask.elicit(elicitationRequest(prompt, shown), both).then(
      (reply) => readElicited(reply, shown),
      (error: unknown): Elicited => ({ type: "failed", error }),
    );
    void elicited.finally(() => {
      open = false;
    });
    const first = await Promise.race([elicited, watch.ended.then((end) => ({ end }))]);
    if ("end" in first) return await whenEnded(asking);
    return await settle(asking, first);
  } finally {
    // Ended elsewhere first: the client's form is withdrawn (a cancelled request).
    if (open) abort.abort(new Error("the question ended elsewhere"));
    watch.close();
  }
}

/** The agent's run, when the question is asked in one: it pauses while the person is asked. */
function servedRun(ask: ElicitingAsk): ServedRun | null {
  if (ask.scope.kind !== "run") return null;
  const { workspace, agent } = ask.kit;
  return { workspace, agent, runId: ask.scope.id, threadId: ask.threadId };
}

/**
 * `ask_person` through MCP elicitation: the question becomes the scope's pending decision on
 * the `mcp` channel, and the client puts it in front of the person. The call waits until it
 * ends — the person answers, declines or closes it in the client, someone answers on another
 * surface, a newer question replaces it — and tells the model how it ended. The decision is
 * pending exactly while the call waits. In a run, the run is paused on the question (a
 * deferred request) while the call waits, and resumed once it ended, however it did.
 */
export async function askByElicitation(
  ask: ElicitingAsk,
  args: { readonly prompt: string; readonly options: readonly DecisionOption[] | null },
  context: { readonly decisionId: string; readonly signal: AbortSignal },
): Promise<CallToolResult> {
  const request: RequestCommand = {
    type: "request_decision",
    scope: ask.scope,
    decision_id: context.decisionId,
    prompt: args.prompt,
    options: args.options === null ? null : [...args.options],
    channel: MCP_ANSWER_CHANNEL,
  };
  const run = servedRun(ask);
  if (run === null) return askAndWait(ask, request, args.options, context.signal);
  const unaskable = await pauseToAsk(run, request);
  if (unaskable !== null) return refusal(ask, unaskable);
  try {
    return await askAndWait(ask, request, args.options, context.signal);
  } finally {
    await resumeAfterAsking(run, context.decisionId);
  }
}
