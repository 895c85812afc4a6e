import { invalidState } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { Thread } from "../model/threads.ts";

/** Whether a thread takes new work; `invalid_state` saying why not when it ended or was deleted. */
export function openThread(thread: Thread): Result<Thread> {
  if (thread.status === "open") return ok(thread);
  const why = thread.status === "ended" ? "has ended" : "was deleted";
  return refuse(invalidState(`thread ${thread.id} ${why}`));
}
