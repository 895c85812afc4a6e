import { parseActor } from "../../../decide/parse.ts";
import type { Actor, ActorInput } from "../../../model/actors.ts";
import { WorkspaceError } from "../../../model/errors.ts";

/** A thread's agent acting in one of its runs: what a step records its facts as. */
export interface RunAgent {
  readonly actor: Extract<Actor, { kind: "agent" }>;
  readonly run_id: string;
  readonly thread_id: string;
}

/** The agent in `input` with its run, or `null` when it has none (or is not a thread's agent). */
export function runAgentOf(input: ActorInput): RunAgent | null {
  const parsed = parseActor(input);
  if (!parsed.ok || parsed.value.kind !== "agent" || parsed.value.run_id === null) return null;
  const actor = parsed.value;
  return { actor, run_id: parsed.value.run_id, thread_id: actor.thread_id };
}

/**
 * The agent in `input` with its run.
 *
 * @throws WorkspaceError `invalid_argument` when it is not a thread's agent with a `run_id`.
 */
export function requireRunAgent(input: ActorInput, what: string): RunAgent {
  const agent = runAgentOf(input);
  if (agent === null) {
    throw new WorkspaceError(
      "invalid_argument",
      `${what}: the agent must be a thread's agent with a run_id`,
    );
  }
  return agent;
}
