import type { RunnableConfig } from "@langchain/core/runnables";
import type { Command, StateSnapshot } from "@langchain/langgraph";
import type { AnswerChannel, DecisionDelivery } from "../../../workspace/deliveries.ts";

/** What the answer channel needs of a compiled graph (any `graph.compile({ checkpointer })`). */
export interface ResumableGraph {
  /** Runs the graph: here, resumes a paused thread with a `Command`. */
  invoke(input: Command<unknown, never, never>, config: RunnableConfig): Promise<unknown>;
  /** The thread's latest checkpoint: where it is paused, and on which questions. */
  getState(config: RunnableConfig): Promise<StateSnapshot>;
}

/** How the LangGraph answer channel finds and resumes the graph a question paused. */
export interface LangGraphAnswersOptions {
  /** The compiled graph whose nodes ask the person (`askPerson`), with its checkpointer. */
  readonly graph: ResumableGraph;
  /**
   * The config of the graph thread a decision paused (`{ configurable: { thread_id } }`),
   * from the decision's scope: for example `(d) => ({ configurable: { thread_id: d.scope.id
   * } })` when graph threads are named after the workspace's threads or runs.
   */
  readonly config: (delivery: DecisionDelivery) => RunnableConfig | Promise<RunnableConfig>;
  /** Told of every resume once it has run or failed. It must not throw. */
  readonly onResume?: (result: ResumeResult) => void;
  /**
   * How long a resume waits for the thread's checkpoint to show the question, in ms (default
   * 5000): a person may answer while the graph is still saving its pause.
   */
  readonly pauseTimeoutMs?: number;
}

/**
 * How resuming the graph with a person's pick went: `resumed`, with what the graph's run
 * returned (it may have paused again on a later question); or failed at a stage, the answer
 * still stored in the workspace:
 * - `config`: the host's `config` threw (the answer channel failed too, so `answerDecision`
 *   said `deliver`);
 * - `pause`: the thread never showed the question paused in time (another config, already
 *   resumed, the checkpointer unreachable);
 * - `resume`: `graph.invoke` threw (a node failed after the pick; LangGraph retries a failed
 *   node with `graph.invoke(null, config)`).
 * `retry()` asks `config` again and queues the same resume.
 */
export type ResumeResult =
  | {
      readonly ok: true;
      readonly status: "resumed";
      readonly delivery: DecisionDelivery;
      readonly config: RunnableConfig;
      /** What `graph.invoke` returned. */
      readonly output: unknown;
      readonly error?: never;
    }
  | {
      readonly ok: false;
      readonly stage: "config" | "pause" | "resume";
      readonly delivery: DecisionDelivery;
      readonly config: RunnableConfig | null;
      readonly error: unknown;
      /** Asks `config` again and queues the same resume; resolves to how that went. */
      retry(): Promise<ResumeResult>;
    };

/** The LangGraph answer channel, and how its resumes go. */
export interface LangGraphAnswers {
  /**
   * The channel to declare: `createWorkspace({ answerChannels: { langgraph: answers.channel
   * } })`. It queues the resume and resolves at once, so whoever answered never waits for
   * the rest of the graph; resumes of one graph thread run one after another.
   */
  readonly channel: AnswerChannel;
  /**
   * How the resume of a decision went, once it has: the result not yet read, or the next one.
   * Unread results are kept for the latest 256 decisions.
   */
  resumed(decisionId: string): Promise<ResumeResult>;
  /** Resolves once no resume is queued or running (before closing the workspace). */
  idle(): Promise<void>;
}
