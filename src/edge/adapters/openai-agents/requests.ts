import type { RunToolApprovalItem } from "@openai/agents-core";
import type { z } from "zod";
import { WorkspaceError } from "../../../model/errors.ts";
import type { JsonObject } from "../../../model/json.ts";
import type { DeferredRequestSchema } from "../../../model/runs.ts";
import { withoutAbsent } from "../../../tools/strict-schema.ts";

/** A tool call a run cannot finish without a person, as `run_paused` records it. */
type DeferredRequest = z.input<typeof DeferredRequestSchema>;

/** The tool a question to the person is asked with (see `workspaceTools`). */
export const ASK_PERSON = "ask_person";

/** The SDK's id of an interrupted call: a function call's `callId`, else the item's `id`. */
export function callIdOf(item: RunToolApprovalItem): string {
  const raw = item.rawItem as { readonly callId?: unknown; readonly id?: unknown };
  const id = typeof raw.callId === "string" ? raw.callId : raw.id;
  if (typeof id !== "string" || id === "") {
    throw new WorkspaceError("invalid_argument", "an interruption has no call id to key it by");
  }
  return id;
}

function argsOf(item: RunToolApprovalItem): JsonObject {
  try {
    const parsed: unknown = JSON.parse(item.arguments ?? "{}");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : ({ arguments: parsed } as JsonObject);
  } catch {
    return { arguments: item.arguments ?? null };
  }
}

/**
 * The deferred request an interruption is, keyed by the SDK's call id: `ask_person` is the
 * agent's question (it interrupts only to pause the run), any other call an approval.
 */
export function requestOf(item: RunToolApprovalItem): DeferredRequest {
  const tool_name = item.name ?? item.toolName ?? "tool";
  const kind = tool_name === ASK_PERSON ? "question" : "approval";
  return { tool_call_id: callIdOf(item), tool_name, kind, args: argsOf(item) };
}

const APPROVAL_OPTIONS = [
  { id: "approve", label: "Approve" },
  { id: "deny", label: "Deny" },
];

/**
 * What the person is asked for a request: an approval with approve and deny and the call
 * spelled out; a question in the agent's own words and options (none: answered as prose).
 */
export function decisionFor(request: DeferredRequest): {
  prompt: string;
  options: { id: string; label: string }[] | null;
} {
  const args = request.args ?? {};
  if (request.kind === "question") {
    const options = Array.isArray(args.options)
      ? (args.options as { id: string; label: string }[])
      : null;
    return { prompt: String(args.prompt ?? ""), options };
  }
  const shown = JSON.stringify(withoutAbsent(args), null, 2);
  return {
    prompt: `The agent asks to call ${request.tool_name} with:\n${shown}\nApprove this call?`,
    options: APPROVAL_OPTIONS,
  };
}
