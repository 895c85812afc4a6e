import type { z } from "zod";
import type { ActorInput } from "../model/actors.ts";
import type { Rejection } from "../model/rejections.ts";
import type { JsonSchema } from "./strict-schema.ts";

/** What a framework knows of one tool call. */
export interface ToolCallContext {
  /** The framework's id for this call: the offer's id, the question's decision id. */
  readonly toolCallId: string;
}

/**
 * What a tool call led to. `text` is for the model, whatever happened: what the write led to
 * in neutral words, or the refusal and what to do next. `notes` is what the agent had not yet
 * heard of (others' changes, answers to its proposals), since its durable cursor; it is also
 * appended to `text`.
 */
export type ToolResult =
  | {
      readonly ok: true;
      readonly text: string;
      /** `text` without the notes after it: what the call itself led to. */
      readonly body: string;
      readonly notes: string;
      /** What the call produced: an outcome, an artifact, a list. */
      readonly value: unknown;
      readonly rejection?: never;
    }
  | {
      readonly ok: false;
      readonly text: string;
      /** `text` without the notes after it: the refusal in words. */
      readonly body: string;
      readonly notes: string;
      readonly rejection: Rejection;
    };

/**
 * One tool a model may call, with no framework attached: its name, words for the model, its
 * input as a zod schema and as a JSON Schema (a top-level object every SDK's strict mode
 * accepts), and what calling it does.
 */
export interface WorkspaceTool {
  readonly name: string;
  readonly description: string;
  /** Parses the arguments (what `execute` does first); `null`s stand for "left out". */
  readonly inputSchema: z.ZodType;
  /** The same input as strict JSON Schema: closed objects, every property required. */
  readonly jsonSchema: JsonSchema;
  /** Runs the call as the tool set's agent. Never throws for a bad argument. */
  execute(args: unknown, context: ToolCallContext): Promise<ToolResult>;
}

/** Whom the tools act for, and how. */
export interface WorkspaceToolsOptions {
  /**
   * The agent every call is made as: a thread's `agent` (with its run, when there is one) or
   * an `external_agent`. Who may do what holds: the tools never let it answer for a person.
   */
  readonly agent: ActorInput;
  /**
   * The answer channel `ask_person` asks on (default: the run's built-in `deferred` when the
   * agent has a run, so the question pauses it; else the built-in `notes`, so the question is
   * asked in the thread, answerable from any surface, the answer told by the agent's notes).
   * `null`: read-only for the person. Any channel but `deferred` asks in the thread.
   */
  readonly decisionChannel?: string | null;
  /** Append the agent's new notes to every result (default true). */
  readonly notes?: boolean;
}
