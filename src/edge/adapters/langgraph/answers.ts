import type { RunnableConfig } from "@langchain/core/runnables";
import type { AnswerChannel, DecisionDelivery } from "../../../workspace/deliveries.ts";
import type { LangGraphAnswers, LangGraphAnswersOptions, ResumeResult } from "./api.ts";
import { lanes } from "./lanes.ts";
import { resumeWithPick } from "./resume.ts";

/** How many results `resumed` keeps unread (the oldest go first). */
const KEPT = 256;

/** Resume results by decision: handed to the `resumed` calls waiting, else kept until read. */
function resultBook(onResume: ((result: ResumeResult) => void) | undefined) {
  const waiting = new Map<string, ((result: ResumeResult) => void)[]>();
  const kept = new Map<string, ResumeResult>();
  return {
    settle(result: ResumeResult): void {
      const id = result.delivery.decision_id;
      const waiters = waiting.get(id);
      waiting.delete(id);
      kept.delete(id);
      if (waiters !== undefined) for (const resolve of waiters) resolve(result);
      else kept.set(id, result);
      for (const old of kept.keys()) {
        if (kept.size <= KEPT) break;
        kept.delete(old);
      }
      onResume?.(result);
    },
    wait(id: string): Promise<ResumeResult> {
      const result = kept.get(id);
      kept.delete(id);
      if (result !== undefined) return Promise.resolve(result);
      return new Promise((resolve) => waiting.set(id, [...(waiting.get(id) ?? []), resolve]));
    },
  };
}

// One lane per graph thread (and subgraph namespace): LangGraph resumes a thread one at a time.
function laneOf(config: RunnableConfig): string {
  const { thread_id = null, checkpoint_ns = "" } = config.configurable ?? {};
  return JSON.stringify([thread_id, checkpoint_ns]);
}

/**
 * The LangGraph answer channel: declared as `answerChannels: { langgraph: answers.channel }`,
 * it takes a person's pick (from `answerDecision` or any write that answers a decision on
 * it), finds the graph thread the decision's question paused (`options.config`), and queues
 * `graph.invoke(new Command({ resume }), config)`, resolving at once: whoever answered gets
 * `delivered` before the rest of the graph runs. Resumes of one thread run in order; how each
 * went is told to `onResume` and to `resumed(decisionId)`, a failure with a `retry`. The
 * workspace delivers each stored answer once, so the graph is resumed once per answer.
 */
export function langGraphAnswers(options: LangGraphAnswersOptions): LangGraphAnswers {
  const { graph, pauseTimeoutMs = 5000 } = options;
  const book = resultBook(options.onResume);
  const queue = lanes();

  const resume = (delivery: DecisionDelivery, config: RunnableConfig): Promise<ResumeResult> =>
    queue.run(laneOf(config), async () => {
      const attempt = await resumeWithPick(graph, delivery, config, pauseTimeoutMs);
      const result: ResumeResult = attempt.ok
        ? { ok: true, status: "resumed", delivery, config, output: attempt.output }
        : { ...attempt, delivery, config, retry: () => deliver(delivery) };
      book.settle(result);
      return result;
    });

  const configFailed = (delivery: DecisionDelivery, error: unknown): ResumeResult => {
    const retry = (): Promise<ResumeResult> => deliver(delivery);
    const result: ResumeResult = {
      ok: false,
      stage: "config",
      delivery,
      config: null,
      error,
      retry,
    };
    book.settle(result);
    return result;
  };

  const deliver = async (delivery: DecisionDelivery): Promise<ResumeResult> => {
    let config: RunnableConfig;
    try {
      config = await options.config(delivery);
    } catch (error) {
      return configFailed(delivery, error);
    }
    return resume(delivery, config);
  };

  const channel: AnswerChannel = async (delivery) => {
    let config: RunnableConfig;
    try {
      config = await options.config(delivery);
    } catch (error) {
      configFailed(delivery, error);
      throw error;
    }
    // Queued, not awaited: resuming runs the rest of the graph.
    void resume(delivery, config);
  };

  return { channel, resumed: (id) => book.wait(id), idle: () => queue.idle() };
}
