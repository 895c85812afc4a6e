import type {
  Agent,
  AgentInputItem,
  FunctionTool,
  NonStreamRunOptions,
  Runner,
  RunResult,
} from "@openai/agents-core";
import type { ActorInput } from "../../../model/actors.ts";
import type { Decision } from "../../../model/decisions.ts";
import type { Run } from "../../../model/runs.ts";

/** An agent of the SDK, whatever its context and output types. */
// biome-ignore lint/suspicious/noExplicitAny: the SDK's own bound for "any agent".
export type AnyOpenAiAgent = Agent<any, any>;

/** A strict object schema as the SDK reads it (the SDK does not export its own name for it). */
export type OpenAiAgentsToolParameters = {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
};

/** A workspace tool as an OpenAI Agents function tool: strict JSON Schema in, text out. */
export type OpenAiAgentsTool = FunctionTool<unknown, OpenAiAgentsToolParameters, string>;

/** Whom the tools act for, and which of their calls wait for a person. */
export interface OpenAiAgentsToolsOptions {
  /**
   * The agent every call is made as: a thread's `agent` (with its run, for approvals and for
   * `ask_person` to pause it) or an `external_agent`.
   */
  readonly agent: ActorInput;
  /**
   * The names of the tools whose calls a person approves first: each call interrupts the SDK's
   * run, and `runOpenAiAgent` turns the interruption into a decision. A call whose arguments do
   * not parse (not JSON, not an object, not the tool's fields) is refused to the model in words
   * instead, with nothing to approve and no one asked. Needs an agent with a run.
   */
  readonly needsApproval?: readonly string[];
  /**
   * The answer channel `ask_person` asks on (default: the run's built-in `deferred`, where the
   * question interrupts the SDK's run like an approval and its answer is the tool's result).
   */
  readonly decisionChannel?: string | null;
  /** Append the agent's new notes to every result (default true). */
  readonly notes?: boolean;
}

/** Which run to move on, with which SDK agent (what `runOpenAiAgent` takes too). */
export interface OpenAiAgentResumeOptions<TAgent extends AnyOpenAiAgent> {
  /** The workspace agent the run belongs to: a thread's `agent` with its `run_id`. */
  readonly agent: ActorInput;
  /** The SDK agent, with the tools `openAiAgentsTools` made for the same `agent`. */
  readonly openAiAgent: TAgent;
  /** The SDK runner (default: `new Runner()`, the SDK's defaults). */
  readonly runner?: Runner;
  /** Passed to `runner.run` as they are (`maxTurns`, `context`, `signal`…). */
  readonly runOptions?: NonStreamRunOptions<unknown, TAgent>;
}

/** A new turn of the agent, recorded as the workspace run `agent.run_id`. */
export interface OpenAiAgentRunOptions<TAgent extends AnyOpenAiAgent>
  extends OpenAiAgentResumeOptions<TAgent> {
  /** What the agent is asked: a message, or the conversation so far. */
  readonly input: string | AgentInputItem[];
}

/**
 * Where a run stands after a step, as the workspace recorded it:
 * - `completed`: the agent finished its turn (`run_ended`); `result` is the SDK's;
 * - `paused`: it waits for a person (`run_paused`, its RunState kept on the run); `decision` is
 *   the one now in front of them, on the run's `deferred` channel (read-only for a question
 *   without options: the person answers it with `answer_deferred`), `null` when the open
 *   requests' decisions ended unanswered; `result` is the SDK's when this step ran it;
 * - `not_paused`: `resumeOpenAiAgent` found the run not paused (resumed elsewhere, or ended):
 *   nothing was done.
 */
export type OpenAiAgentStep<TAgent extends AnyOpenAiAgent> =
  | {
      readonly status: "completed";
      readonly run: Run;
      readonly result: RunResult<unknown, TAgent>;
      readonly decision?: never;
    }
  | {
      readonly status: "paused";
      readonly run: Run;
      readonly decision: Decision | null;
      readonly result: RunResult<unknown, TAgent> | null;
    }
  | {
      readonly status: "not_paused";
      readonly run: Run | null;
      readonly decision?: never;
      readonly result?: never;
    };
