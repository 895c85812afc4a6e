import type { RunState, RunToolApprovalItem } from "@openai/agents-core";
import { z } from "zod";
import { validationFailed } from "../../../model/rejections.ts";
import { modelText } from "../../../texts/model-text.ts";
import { readArguments } from "../../../tools/strict-schema.ts";
import type { AnyOpenAiAgent } from "./api.ts";
import { workspaceToolOf } from "./tools.ts";

/** Every function tool's arguments are an object: what a host's tool is held to. */
const ANY_OBJECT = z.object({});

/** The arguments of a function call, `not_json` when they do not parse, or `null` for none. */
function argumentsOf(item: RunToolApprovalItem): { readonly value: unknown } | "not_json" | null {
  const raw = item.arguments;
  // Hosted and computer calls carry no JSON arguments of the model's: not this check's.
  if (raw === undefined) return null;
  try {
    return { value: JSON.parse(raw) as unknown };
  } catch {
    return "not_json";
  }
}

/**
 * The refusal of arguments that are JSON but not an object, in the words the tool itself
 * answers them with (a workspace tool reads `null` as no arguments); `null` when they are
 * an object, or when the tool takes them after all: then they are the person's to approve.
 */
function refusalOf(item: RunToolApprovalItem, value: unknown): string | null {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return null;
  const tool = workspaceToolOf(item.agent.tools.find((t) => t.name === item.name));
  const read =
    tool === undefined
      ? readArguments(ANY_OBJECT, value)
      : readArguments(tool.inputSchema, value ?? {});
  if (read.ok) return null;
  return modelText(validationFailed(`invalid ${item.name ?? "tool"} arguments`, read.errors));
}

/**
 * Answers, in the SDK's run state, each interruption whose arguments are not a JSON object,
 * so that no person is asked to approve what cannot run: the SDK interrupts on them for any
 * tool whose approval depends on its arguments, since it cannot read them. Arguments that are
 * not JSON are let through, and the SDK then tells the model they do not parse and runs
 * nothing (a rejection would tell it the person refused); any other JSON value is rejected
 * with the refusal a bad argument gets. Says whether it answered any: the run is then to go on
 * at once, and whatever else interrupted it interrupts it again.
 */
export function answerMalformed(
  state: RunState<unknown, AnyOpenAiAgent>,
  interruptions: readonly RunToolApprovalItem[],
): boolean {
  let answered = false;
  for (const item of interruptions) {
    const args = argumentsOf(item);
    if (args === null) continue;
    if (args === "not_json") {
      state.approve(item);
      answered = true;
      continue;
    }
    const refusal = refusalOf(item, args.value);
    if (refusal === null) continue;
    state.reject(item, { message: refusal });
    answered = true;
  }
  return answered;
}
