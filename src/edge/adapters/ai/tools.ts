import {
  type JSONSchema7,
  jsonSchema,
  type Tool,
  type ToolSet,
  TypeValidationError,
  tool,
} from "ai";
import { parseActor } from "../../../decide/parse.ts";
import { validationFailed } from "../../../model/rejections.ts";
import { modelText } from "../../../texts/model-text.ts";
import type { ToolResult, WorkspaceTool } from "../../../tools/api.ts";
import { readArguments } from "../../../tools/strict-schema.ts";
import { workspaceTools } from "../../../tools/workspace-tools.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { AiToolsOptions } from "./api.ts";

/** The tool whose calls, in a run, wait for the person's answer as their result. */
export const ASK_PERSON = "ask_person";

/**
 * A failed validation of `value` that says only `text`. The SDK words its own as "Type
 * validation failed: Value: <the whole input>", which would send a model its megabyte edit
 * back for one bad field; one it is handed for the same value it passes on as it is.
 */
function refusal(value: unknown, text: string): TypeValidationError {
  const error = new TypeValidationError({ value, cause: new Error(text) });
  error.message = text;
  return error;
}

// The SDK refuses a call our parse refuses before anyone is asked to approve it; the model
// reads our words for it (the fields named, as every adapter names them), after the SDK's
// own short prefix.
function validator(source: WorkspaceTool) {
  return (value: unknown) => {
    const parsed = readArguments(source.inputSchema, value ?? {});
    // The original arguments go on: `execute` parses them itself, and a person approving the
    // call sees what the model sent.
    if (parsed.ok) return { success: true as const, value };
    const rejection = validationFailed(`invalid ${source.name} arguments`, parsed.errors);
    return { success: false as const, error: refusal(value, modelText(rejection)) };
  };
}

/** A refusal reaches the model as an error, never as a tool that worked. */
function modelOutput(result: ToolResult) {
  return result.ok
    ? { type: "text" as const, value: result.text }
    : { type: "error-text" as const, value: result.text };
}

/** One workspace tool as an AI SDK tool; without `execute` when a person gives its result. */
function toAiTool(source: WorkspaceTool, executes: boolean): Tool {
  const definition = {
    description: source.description,
    // Our strict JSON Schema, as sent: the SDK's own conversion of the zod schema is not strict.
    inputSchema: jsonSchema<unknown>(source.jsonSchema as JSONSchema7, {
      validate: validator(source),
    }),
    strict: true,
  };
  if (!executes) return tool(definition);
  return tool({
    ...definition,
    execute: (args, { toolCallId }) => source.execute(args, { toolCallId }),
    toModelOutput: ({ output }) => modelOutput(output),
  });
}

/** Whether `ask_person` waits in the agent's run (its `deferred` channel) for the answer. */
function asksInRun(options: AiToolsOptions): boolean {
  const agent = parseActor(options.agent);
  if (!agent.ok || agent.value.kind !== "agent" || agent.value.run_id === null) return false;
  return options.decisionChannel === undefined || options.decisionChannel === "deferred";
}

/**
 * The workspace's tools for the AI SDK, keyed by name (`workspaceTools`, each through
 * `tool()`): the strict JSON Schema is what the model is sent (with `strict: true`), our zod
 * parse validates the input (a bad call reaches the model as an error naming the field, and
 * never a person's approval), and `execute` answers the model with the result's text, the
 * agent's new notes included — a refusal as `error-text`, the rest as `text`. The tool
 * results' `output` is the whole `ToolResult` for the host. In a run, `ask_person` has no
 * `execute`: the call waits for the person, through `pauseForPerson` and `resumeMessages`,
 * and their answer becomes its result.
 *
 * @throws WorkspaceError `invalid_argument` when `options.agent` is not an agent.
 */
export function aiTools(workspace: Workspace, options: AiToolsOptions): ToolSet {
  const deferred = asksInRun(options);
  return Object.fromEntries(
    workspaceTools(workspace, options).map((source) => [
      source.name,
      toAiTool(source, !(deferred && source.name === ASK_PERSON)),
    ]),
  );
}
