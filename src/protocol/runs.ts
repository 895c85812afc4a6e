import type { Actor } from "../model/actors.ts";
import { forbidden, invalidState, notFound, type Rejection } from "../model/rejections.ts";
import type { Run } from "../model/runs.ts";
import { mayReadThread } from "./delivery.ts";

/**
 * Why `actor` may not watch a run's live frames (`null`: it may): the run must exist, in a
 * thread the actor may read.
 */
export function watchRefusal(actor: Actor, runId: string, run: Run | null): Rejection | null {
  if (run === null) return notFound("run", runId);
  if (!mayReadThread(actor, run.thread_id)) {
    return {
      ...forbidden(`only thread ${run.thread_id}'s agent or a person may watch run ${runId}`),
      action: "watch_run",
      actor_kind: actor.kind,
    };
  }
  return null;
}

/**
 * Why `actor` may not stop a run (`null`: it may): a person, the system or the run's own
 * thread's agent may stop a run that has not ended.
 */
export function stopRefusal(actor: Actor, runId: string, run: Run | null): Rejection | null {
  if (run === null) return notFound("run", runId);
  const own = actor.kind === "agent" && actor.thread_id === run.thread_id;
  if (!(actor.kind === "user" || actor.kind === "system" || own)) {
    return {
      ...forbidden(
        `only a person, the system or thread ${run.thread_id}'s agent may stop its runs`,
      ),
      action: "stop_run",
      actor_kind: actor.kind,
    };
  }
  if (run.status !== "running" && run.status !== "paused") {
    return invalidState(`run ${runId} is ${run.status}`);
  }
  return null;
}
