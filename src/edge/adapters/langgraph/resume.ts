import type { RunnableConfig } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { Command } from "@langchain/langgraph";
import type { DecisionDelivery } from "../../../workspace/deliveries.ts";
import type { ResumableGraph } from "./api.ts";
import { LangGraphQuestionSchema, type PersonPick } from "./question.ts";

/** How one resume went, before a retry is attached. */
type ResumeAttempt =
  | { readonly ok: true; readonly output: unknown }
  | { readonly ok: false; readonly stage: "pause" | "resume"; readonly error: unknown };

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** The id of the interrupt the thread is paused on for `decisionId`, or `null` if none. */
async function interruptOf(
  graph: ResumableGraph,
  config: RunnableConfig,
  decisionId: string,
): Promise<{ readonly id: string | undefined } | null> {
  const state = await graph.getState(config);
  for (const task of state.tasks) {
    for (const pending of task.interrupts) {
      const question = LangGraphQuestionSchema.safeParse(pending.value);
      if (question.success && question.data.decision_id === decisionId) return { id: pending.id };
    }
  }
  return null;
}

// The question is recorded just before the graph saves its pause: an answer can come between.
async function waitForPause(
  graph: ResumableGraph,
  config: RunnableConfig,
  decisionId: string,
  timeoutMs: number,
): Promise<{ readonly id: string | undefined } | null> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
    const found = await interruptOf(graph, config, decisionId);
    if (found !== null || Date.now() >= deadline) return found;
    await sleep(Math.min(wait, Math.max(deadline - Date.now(), 0)));
  }
}

/**
 * Resumes the graph thread paused on the delivered decision with the person's pick, keyed
 * by that question's interrupt id so no other pending question takes it, as a run of its
 * own: not a child of whatever answered (code inside a node, a tool, a callback). Never
 * rejects.
 */
export function resumeWithPick(
  graph: ResumableGraph,
  delivery: DecisionDelivery,
  config: RunnableConfig,
  timeoutMs: number,
): Promise<ResumeAttempt> {
  const storage = AsyncLocalStorageProviderSingleton.getInstance();
  return storage.run(undefined, () => resume(graph, delivery, config, timeoutMs));
}

async function resume(
  graph: ResumableGraph,
  delivery: DecisionDelivery,
  config: RunnableConfig,
  timeoutMs: number,
): Promise<ResumeAttempt> {
  let paused: { readonly id: string | undefined } | null;
  try {
    paused = await waitForPause(graph, config, delivery.decision_id, timeoutMs);
  } catch (error) {
    return { ok: false, stage: "pause", error };
  }
  if (paused === null) {
    const thread = String(config.configurable?.thread_id);
    const error = new Error(
      `graph thread ${thread} is not paused on decision ${delivery.decision_id}`,
    );
    return { ok: false, stage: "pause", error };
  }
  const { scope, decision_id, option_id, label } = delivery;
  const pick: PersonPick = { scope, decision_id, option_id, label };
  const resume = paused.id === undefined ? pick : { [paused.id]: pick };
  try {
    return {
      ok: true,
      output: await graph.invoke(new Command<unknown, never, never>({ resume }), config),
    };
  } catch (error) {
    return { ok: false, stage: "resume", error };
  }
}
