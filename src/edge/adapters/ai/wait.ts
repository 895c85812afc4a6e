import type { Workspace } from "../../../workspace/api.ts";
import type { Subscription } from "../../../workspace/subscription.ts";
import type { AiResumeResult, AiWaitOptions } from "./api.ts";
import { resumeMessages } from "./resume.ts";

/**
 * Waits, in a process that stays up, until a paused run can resume: `resumeMessages` now and
 * after every write about the run (answers from any surface; other processes' too, where the
 * store feeds them), so each next request is put to the person as soon as the last is
 * answered. Resolves with the first result that is not `waiting`: `resumed` with the
 * messages, or a rejection.
 *
 * @throws the signal's reason when `options.signal` aborts, or the feed's error when reading
 * the log fails.
 */
export async function waitForAnswers(
  workspace: Workspace,
  options: AiWaitOptions,
): Promise<AiResumeResult> {
  const { runId, signal } = options;
  const after = await workspace.head();
  signal?.throwIfAborted();
  return new Promise<AiResumeResult>((resolve, reject) => {
    let done = false;
    let subscription: Subscription | undefined;
    let chain = Promise.resolve();
    const finish = (end: () => void): void => {
      if (done) return;
      done = true;
      subscription?.close();
      signal?.removeEventListener("abort", aborted);
      end();
    };
    const aborted = (): void => finish(() => reject(signal?.reason));
    // One look at a time, in order: each one reads the run as the last write left it.
    const look = (): void => {
      chain = chain
        .then(async () => {
          if (done) return;
          const result = await resumeMessages(workspace, { runId });
          if (!result.ok || result.status === "resumed") finish(() => resolve(result));
        })
        .catch((error: unknown) => finish(() => reject(error)));
    };
    signal?.addEventListener("abort", aborted, { once: true });
    subscription = workspace.subscribe(
      after,
      (envelope) => {
        if (envelope.run_id === runId) look();
      },
      { onError: (error) => finish(() => reject(error)) },
    );
    look();
  });
}
