import type { ModelMessage } from "ai";
import type { ActorInput } from "../../../model/actors.ts";
import type { Rejection } from "../../../model/rejections.ts";
import type { WorkspaceToolsOptions } from "../../../tools/api.ts";

/** Whom the AI SDK tools act for, and how: the options of `workspaceTools`. */
export type AiToolsOptions = WorkspaceToolsOptions;

/**
 * What `pauseForPerson` reads of a `generateText` result (or of a `streamText` one, its
 * promises awaited): the content of every step and the messages they added.
 */
export interface AiPausableResult {
  readonly content: ReadonlyArray<{ readonly type: string }>;
  readonly responseMessages: readonly ModelMessage[];
}

/** One tool call that waits on a person, as the person is asked about it. */
export interface AiWaitingCall {
  /** `approval`: a `tool-approval-request`; `question`: an `ask_person` call. */
  readonly kind: "approval" | "question";
  /** The approval's id, or the question's tool call id: the deferred request's key. */
  readonly id: string;
  readonly toolName: string;
  /** The arguments the model sent. */
  readonly input: unknown;
  /** Why the call needs approval, when `toolApproval` gave a reason. */
  readonly reason?: string;
}

/** What `pauseForPerson` needs. */
export interface AiPauseOptions {
  /** The thread's agent, with the run that made the call (`run_id` is required). */
  readonly agent: ActorInput;
  /** The `generateText` result, which may hold approval requests and unanswered questions. */
  readonly result: AiPausableResult;
  /**
   * The messages the call was given. Kept with the result's messages as the run's resume
   * data, so any process can resume the conversation whole; `[]` if the host keeps its history
   * itself (then `resumeMessages` gives only what follows it).
   */
  readonly messages: readonly ModelMessage[];
  /**
   * What the person reads for an approval (default: the tool, the reason and the arguments).
   * Questions are shown as the agent asked them.
   */
  readonly describe?: (call: AiWaitingCall) => string;
}

/**
 * What `pauseForPerson` did: `none` when nothing waits on a person (the host goes on);
 * `paused` when the run is paused on `requests` (approval ids and question call ids, in the
 * model's order), with `decisionId` in front of the person (one at a time; `null` when
 * none can be asked); or the rejection, when the pause or the decision was refused.
 */
export type AiPauseResult =
  | { readonly ok: true; readonly status: "none"; readonly rejection?: never }
  | {
      readonly ok: true;
      readonly status: "paused";
      readonly runId: string;
      readonly requests: readonly string[];
      readonly decisionId: string | null;
      readonly rejection?: never;
    }
  | { readonly ok: false; readonly rejection: Rejection };

/** Which paused run to resume. */
export interface AiResumeOptions {
  readonly runId: string;
}

/** How one deferred request was answered, as the model is told. */
export interface AiGivenAnswer {
  readonly id: string;
  readonly kind: "approval" | "question";
  /** For an approval: whether the person approved it (`null` for a question). */
  readonly approved: boolean | null;
  /** For a question: the option picked or the text given (`null` for an approval). */
  readonly answer: unknown;
}

/**
 * What `resumeMessages` found: `resumed` when every request was answered (the run is running
 * again; pass `messages` to `generateText`); `waiting` while some are not, with the decision
 * now in front of the person (`null` when none can be asked: answer with `answer_deferred`);
 * or the rejection (no such run, not paused, not paused by this adapter, or another process
 * resumed it first).
 */
export type AiResumeResult =
  | {
      readonly ok: true;
      readonly status: "resumed";
      /** The stored conversation, then a tool message with the answers. */
      readonly messages: ModelMessage[];
      readonly answers: readonly AiGivenAnswer[];
      readonly rejection?: never;
    }
  | {
      readonly ok: true;
      readonly status: "waiting";
      readonly decisionId: string | null;
      readonly rejection?: never;
    }
  | { readonly ok: false; readonly rejection: Rejection };

/** Which run to wait for, and until when. */
export interface AiWaitOptions extends AiResumeOptions {
  /** Stops waiting: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}
