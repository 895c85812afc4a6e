import type { z } from "zod";
import { actorRunId } from "../actors/actor.ts";
import type { DecideContext } from "../core/context.ts";
import { type CommitResult, commitResult, RECORDED } from "../core/result.ts";
import { artifactIn, messageUsedIn, type State, threadIn } from "../core/state.ts";
import { invalidState, notFound } from "../rejections/rejection.ts";
import { ok, type Result, refuse } from "../rejections/result.ts";
import type {
  CreateThreadSchema,
  PostMessageSchema,
  SetFocusSchema,
  SetThreadModeSchema,
} from "./commands.ts";
import type { Thread } from "./thread.ts";

function existing(state: State, threadId: string): Result<Thread> {
  const thread = threadIn(state, threadId);
  return thread === null ? refuse(notFound("thread", threadId)) : ok(thread);
}

/** Creates a thread, in `edit` mode, following nothing. */
export function createThread(
  state: State,
  command: z.infer<typeof CreateThreadSchema>,
): Result<CommitResult> {
  if (threadIn(state, command.thread_id) !== null) {
    return refuse(invalidState(`thread ${command.thread_id} already exists`));
  }
  const { thread_id, title } = command;
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "thread_created", thread_id, title }],
      threads: [{ id: thread_id, title, mode: "edit", focus: [] }],
    }),
  );
}

/** Posts a message or notice; its id must be new in the whole workspace. */
export function postMessage(
  context: DecideContext,
  state: State,
  command: z.infer<typeof PostMessageSchema>,
): Result<CommitResult> {
  const thread = existing(state, command.thread_id);
  if (!thread.ok) return thread;
  if (messageUsedIn(state, command.message_id)) {
    return refuse(invalidState(`message ${command.message_id} already exists`));
  }
  const { thread_id, message_id, content, kind } = command;
  return ok(
    commitResult(RECORDED, {
      events: [
        {
          type: "message_posted",
          thread_id,
          message_id,
          content,
          run_id: actorRunId(context.actor),
          kind,
        },
      ],
      messages: [message_id],
    }),
  );
}

/** Sets the artifacts a thread follows (duplicates dropped); the same focus records nothing. */
export function setFocus(
  state: State,
  command: z.infer<typeof SetFocusSchema>,
): Result<CommitResult> {
  const thread = existing(state, command.thread_id);
  if (!thread.ok) return thread;
  for (const id of command.artifact_ids) {
    if (artifactIn(state, id) === null) return refuse(notFound("artifact", id));
  }
  const focus = [...new Set(command.artifact_ids)];
  const same =
    focus.length === thread.value.focus.length &&
    focus.every((id, i) => id === thread.value.focus[i]);
  if (same) return ok(commitResult(RECORDED));
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "focus_changed", thread_id: command.thread_id, artifact_ids: focus }],
      threads: [{ ...thread.value, focus }],
    }),
  );
}

/** Switches a thread's mode; the same mode records nothing. */
export function setThreadMode(
  state: State,
  command: z.infer<typeof SetThreadModeSchema>,
): Result<CommitResult> {
  const thread = existing(state, command.thread_id);
  if (!thread.ok) return thread;
  if (thread.value.mode === command.mode) return ok(commitResult(RECORDED));
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "thread_mode_changed", thread_id: command.thread_id, mode: command.mode }],
      threads: [{ ...thread.value, mode: command.mode }],
    }),
  );
}
