import { z } from "zod";
import type { DecisionOption } from "../../../model/decisions.ts";
import { isJsonObject, type JsonObject } from "../../../model/json.ts";
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

/**
 * The calls of a result that wait on a person, in the order the model made them: each one a
 * person must approve (not the automatic ones), and each `ask_person` call left without a
 * result (no approval asked of it).
 */
export function waitingCalls(result: AiPausableResult): AiWaitingCall[] {
  const approvals = new Map<string, z.infer<typeof ApprovalPartSchema>>();
  const answered = new Set<string>();
  for (const part of result.content) {
    const approval = ApprovalPartSchema.safeParse(part);
    if (approval.success) approvals.set(approval.data.toolCall.toolCallId, approval.data);
    const done = AnsweredPartSchema.safeParse(part);
    if (done.success) answered.add(done.data.toolCallId);
  }
  const calls: AiWaitingCall[] = [];
  for (const part of result.content) {
    const parsed = ToolCallPartSchema.safeParse(part);
    if (!parsed.success || parsed.data.invalid === true) continue;
    const { toolCallId, toolName, input } = parsed.data;
    const approval = approvals.get(toolCallId);
    if (approval !== undefined) {
      if (approval.isAutomatic === true || answered.has(toolCallId)) continue;
      const reason = approval.reason === undefined ? {} : { reason: approval.reason };
      calls.push({ kind: "approval", id: approval.approvalId, toolName, input, ...reason });
    } else if (toolName === ASK_PERSON && !answered.has(toolCallId)) {
      if (parsed.data.providerExecuted === true) continue;
      calls.push({ kind: "question", id: toolCallId, toolName, input });
    }
  }
  return calls;
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

/** The call's arguments as a deferred request's `args` (a JSON object). */
export function requestArgs(input: unknown): JsonObject {
  return isJsonObject(input) ? input : { input: (input ?? null) as never };
}
