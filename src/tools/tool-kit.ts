import type { z } from "zod";
import type { ActorInput } from "../model/actors.ts";
import type { CommandInput } from "../model/command.ts";
import { type Rejection, validationFailed } from "../model/rejections.ts";
import { modelText } from "../texts/model-text.ts";
import type { Workspace } from "../workspace/api.ts";
import type { ToolCallContext, ToolResult, WorkspaceTool } from "./api.ts";
import { type JsonSchema, readArguments } from "./strict-schema.ts";

/** What every tool of one set shares: the workspace, the agent, how notes ride along. */
export interface ToolKit {
  readonly workspace: Workspace;
  readonly agent: ActorInput;
  /** The agent's new notes as text (empty when none, or when notes are off). */
  readonly notes: () => Promise<string>;
}

/** What introduces the agent's new notes after a result's own words. */
export const NOTES_HEADING = "Since you last looked:";

function withNotes(text: string, notes: string): string {
  return notes === "" ? text : `${text}\n\n${NOTES_HEADING}\n${notes}`;
}

/** A successful call: its text for the model, with the agent's new notes after it. */
export async function answered(kit: ToolKit, text: string, value: unknown): Promise<ToolResult> {
  const notes = await kit.notes();
  return { ok: true, text: withNotes(text, notes), body: text, notes, value };
}

/** A refused call: the refusal in neutral words, with the agent's new notes after it. */
export async function refused(kit: ToolKit, rejection: Rejection): Promise<ToolResult> {
  const notes = await kit.notes();
  const body = modelText(rejection);
  return { ok: false, text: withNotes(body, notes), body, notes, rejection };
}

/** Commits a command as the agent and answers with what it led to. */
export async function committed(
  kit: ToolKit,
  command: CommandInput,
  text?: (outcome: unknown) => string,
): Promise<ToolResult> {
  const written = await kit.workspace.commit(command, kit.agent);
  if (!written.ok) return refused(kit, written.rejection);
  const words = text?.(written.outcome) ?? modelText(written.outcome);
  return answered(kit, words, written.outcome);
}

/** A tool: parses its arguments (nulls read as "left out") and hands them to `run`. */
export function tool<S extends z.ZodType>(
  kit: ToolKit,
  spec: {
    readonly name: string;
    readonly description: string;
    readonly inputSchema: S;
    readonly jsonSchema: JsonSchema;
    readonly run: (args: z.output<S>, context: ToolCallContext) => Promise<ToolResult>;
  },
): WorkspaceTool {
  const { name, description, inputSchema, jsonSchema } = spec;
  return {
    name,
    description,
    inputSchema,
    jsonSchema,
    async execute(args, context) {
      const parsed = readArguments(inputSchema, args ?? {});
      if (!parsed.ok) {
        return refused(kit, validationFailed(`invalid ${name} arguments`, parsed.errors));
      }
      return spec.run(parsed.value as z.output<S>, context);
    },
  };
}
