import { randomUUID } from "node:crypto";
import { interrupt, isGraphInterrupt } from "@langchain/langgraph";
import { parseActor } from "../../../decide/parse.ts";
import type { ActorInput } from "../../../model/actors.ts";
import type { CommitResult } from "../../../model/commit-result.ts";
import type { Decision, Scope } from "../../../model/decisions.ts";
import { WorkspaceError } from "../../../model/errors.ts";
import { invalidState, type Rejection } from "../../../model/rejections.ts";
import type { Workspace } from "../../../workspace/api.ts";
import {
  LANGGRAPH_CHANNEL,
  type LangGraphQuestion,
  type PersonPick,
  PersonPickSchema,
} from "./question.ts";

/** What a node asks the person, and as whom. */
export interface AskPersonOptions {
  /**
   * The thread's agent asking: with a run, the decision is the run's; without one, the
   * thread's. One decision is pending per scope: a newer question supersedes the older.
   */
  readonly agent: ActorInput;
  /** The question, as the person reads it. */
  readonly prompt: string;
  /** The answers the person picks from: each an id and a label, at least one. */
  readonly options: readonly { readonly id: string; readonly label: string }[];
  /**
   * The answer channel the host declared for this graph in `answerChannels` (default
   * `"langgraph"`), built by `langGraphAnswers`.
   */
  readonly channel?: string;
  /** When the question stops being worth answering (ISO 8601 with an offset), if ever. */
  readonly expiresAt?: string;
}

function refused(rejection: Rejection): WorkspaceError {
  return new WorkspaceError("refused", `askPerson: ${rejection.message}`, {
    rejection,
    stage: "ask",
  });
}

function scopeOf(agent: ActorInput): { scope: Scope; agent: ActorInput } {
  const parsed = parseActor(agent);
  if (!parsed.ok || parsed.value.kind !== "agent") {
    throw new WorkspaceError("invalid_argument", "askPerson: the agent must be a thread's agent");
  }
  const { thread_id, run_id } = parsed.value;
  const scope: Scope =
    run_id === null ? { kind: "thread", id: thread_id } : { kind: "run", id: run_id };
  return { scope, agent: parsed.value };
}

function pendingIn(result: CommitResult, scope: Scope): Decision | null {
  const owner =
    scope.kind === "thread"
      ? result.threads.find((t) => t.id === scope.id)
      : result.runs.find((r) => r.id === scope.id);
  return owner?.decision.pending ?? null;
}

// Puts the question in front of the person, or says why it cannot be answered there.
async function request(
  workspace: Workspace,
  agent: ActorInput,
  question: LangGraphQuestion,
  options: AskPersonOptions,
): Promise<void> {
  const channel = options.channel ?? LANGGRAPH_CHANNEL;
  const command = {
    type: "request_decision" as const,
    scope: question.scope,
    decision_id: question.decision_id,
    prompt: question.prompt,
    options: question.options,
    channel,
    expires_at: options.expiresAt ?? null,
  };
  const tried = await workspace.dryRun(command, agent);
  if (!tried.ok) throw refused(tried.rejection);
  // Without a declared channel the decision would be read-only: the graph could never resume.
  if (pendingIn(tried.value, question.scope)?.channel !== channel) {
    throw refused(
      invalidState(`answer channel ${channel} is not declared in the workspace's answerChannels`),
    );
  }
  const written = await workspace.commit(command, agent);
  if (!written.ok) throw refused(written.rejection);
}

/**
 * Asks the person from inside a LangGraph node and pauses the graph until they answer.
 * The first time through, it records a blocking decision (with `options`, on the host's
 * LangGraph answer channel) and calls LangGraph's `interrupt()` with the question: the
 * graph stops with `__interrupt__` (a checkpointer is required). The person answers from
 * any surface (`workspace.answerDecision`); the channel resumes the graph, the node runs
 * again from its start, and this call resolves to the pick, recording nothing twice.
 * Like `interrupt()`, it pauses by throwing: never catch its `GraphInterrupt`, and keep what
 * the node does before it safe to run twice.
 *
 * @throws WorkspaceError `refused` (with the rejection) when the workspace will not take the
 * question (an ended scope, an expired question, an undeclared channel); `invalid_argument`
 * when `options.agent` is not a thread's agent or the graph was resumed with something else
 * than a person's pick.
 */
export async function askPerson(
  workspace: Workspace,
  options: AskPersonOptions,
): Promise<PersonPick> {
  const { scope, agent } = scopeOf(options.agent);
  const question: LangGraphQuestion = {
    type: "agent_workspace.decision",
    decision_id: `lgq_${randomUUID()}`,
    scope,
    prompt: options.prompt,
    options: options.options.map(({ id, label }) => ({ id, label })),
  };
  let resumed: unknown;
  try {
    resumed = interrupt(question);
  } catch (error) {
    // The first time through: the graph pauses once the question is in front of the person.
    if (isGraphInterrupt(error)) await request(workspace, agent, question, options);
    throw error;
  }
  const pick = PersonPickSchema.safeParse(resumed);
  if (!pick.success) {
    throw new WorkspaceError("invalid_argument", "askPerson: resumed without a person's pick");
  }
  return pick.data;
}
