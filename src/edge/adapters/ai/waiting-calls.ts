import { z } from "zod";
import type { DecisionOption } from "../../../model/decisions.ts";
import { isJsonObject, type JsonObject, type JsonValue } from "../../../model/json.ts";
import type { AiPausableResult, AiWaitingCall } from "./api.ts";
import { ASK_PERSON } from "./tools.ts";

const ToolCallPartSchema = z.object({
  type: z.literal("tool-call"),
  toolCallId: z.string(),
  toolName: z.string(),
  input: z.unknown(),
  invalid: z.boolean().optional(),
  providerExecuted: z.boolean().optional(),
});

const ApprovalPartSchema = z.object({
  type: z.literal("tool-approval-request"),
  approvalId: z.string(),
  toolCall: z.object({ toolCallId: z.string() }),
  reason: z.string().optional(),
  isAutomatic: z.boolean().optional(),
});

const AnsweredPartSchema = z.object({
  type: z.enum(["tool-result", "tool-error"]),
  toolCallId: z.string(),
});

/** An `ask_person` call's arguments, as our parse let them through. */
const QuestionSchema = z.object({
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string() })).nullish(),
});

/** What a result's parts say of its tool calls: the approvals asked, and the calls answered. */
interface Answers {
  readonly approvals: ReadonlyMap<string, z.infer<typeof ApprovalPartSchema>>;
  readonly answered: ReadonlySet<string>;
}

function answersOf(content: AiPausableResult["content"]): Answers {
  const approvals = new Map<string, z.infer<typeof ApprovalPartSchema>>();
  const answered = new Set<string>();
  for (const part of content) {
    const approval = ApprovalPartSchema.safeParse(part);
    if (approval.success) approvals.set(approval.data.toolCall.toolCallId, approval.data);
    const done = AnsweredPartSchema.safeParse(part);
    if (done.success) answered.add(done.data.toolCallId);
  }
  return { approvals, answered };
}

/** The call a part makes that waits on a person, or `null`. */
function waitingOf(part: unknown, { approvals, answered }: Answers): AiWaitingCall | null {
  const parsed = ToolCallPartSchema.safeParse(part);
  if (!parsed.success || parsed.data.invalid === true) return null;
  const { toolCallId, toolName, input, providerExecuted } = parsed.data;
  const approval = approvals.get(toolCallId);
  if (approval !== undefined) {
    if (approval.isAutomatic === true || answered.has(toolCallId)) return null;
    const reason = approval.reason === undefined ? {} : { reason: approval.reason };
    return { kind: "approval", id: approval.approvalId, toolName, input, ...reason };
  }
  if (toolName !== ASK_PERSON || answered.has(toolCallId) || providerExecuted === true) {
    return null;
  }
  return { kind: "question", id: toolCallId, toolName, input };
}

/**
 * The calls of a result that wait on a person, in the order the model made them: each one a
 * person must approve (not the automatic ones), and each `ask_person` call left without a
 * result (no approval asked of it).
 */
export function waitingCalls(result: AiPausableResult): AiWaitingCall[] {
  const answers = answersOf(result.content);
  return result.content.flatMap((part) => waitingOf(part, answers) ?? []);
}

/** A question's words and options (none: the person answers in their own words). */
export function questionOf(input: unknown): {
  readonly prompt: string;
  readonly options: DecisionOption[] | null;
} {
  const parsed = QuestionSchema.safeParse(input);
  if (!parsed.success) return { prompt: JSON.stringify(input), options: null };
  return { prompt: parsed.data.prompt, options: parsed.data.options ?? null };
}

/** What the person reads about an approval, by default. */
export function describeApproval(call: AiWaitingCall): string {
  const why = call.reason === undefined ? "" : ` (${call.reason})`;
  return `The agent asks to call ${call.toolName}${why} with ${JSON.stringify(call.input)}. Approve or deny it.`;
}

/**
 * The call's arguments as a deferred request's `args` (a JSON object). The SDK parsed them
 * from the model's JSON; the workspace's parse of the request checks them again.
 */
export function requestArgs(input: unknown): JsonObject {
  return isJsonObject(input) ? input : { input: (input ?? null) as JsonValue };
}
