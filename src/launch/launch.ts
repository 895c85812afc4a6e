import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { LaunchThread } from "../model/launch.ts";
import { DEFAULT_MODE_LADDERS } from "../model/modes.ts";
import { invalidPlacement, invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { messageUsedIn, type State, threadIn } from "../model/state.ts";
import { newThread } from "../model/threads.ts";
import { openThread } from "../threads/open.ts";
import { resolveModes, resolveWriteMode } from "./modes.ts";
import { placementNameProblem } from "./placement-names.ts";

/**
 * Launches a user-owned thread from an agent's thread, with its first prompt, in one write:
 * everything is checked before anything is. Omitted modes inherit the source thread's
 * ceiling and broader ones are `forbidden`, the write mode (`suggest` below `edit`) among
 * them; the model defaults to the source thread's. The names a new worktree or branch takes
 * from the command are checked against git's rules (`invalid_placement`), so no checkout is
 * asked to make what git would refuse.
 */
export function decideLaunchThread(
  context: DecideContext,
  state: State,
  command: LaunchThread,
): Result<CommitResult> {
  const source = threadIn(state, command.source_thread_id);
  if (source === null) return refuse(notFound("thread", command.source_thread_id));
  const open = openThread(source);
  if (!open.ok) return open;
  const modes = resolveModes(command, source.modes, context.modes ?? DEFAULT_MODE_LADDERS);
  if (!modes.ok) return modes;
  const mode = resolveWriteMode(command.mode, source.mode);
  if (!mode.ok) return mode;
  const named = placementNameProblem(command.placement, command.thread_id);
  if (named !== null) return refuse(invalidPlacement(named.field, named.reason, named.message));
  if (threadIn(state, command.thread_id) !== null) {
    return refuse(invalidState(`thread ${command.thread_id} already exists`));
  }
  if (messageUsedIn(state, command.message_id)) {
    return refuse(invalidState(`message ${command.message_id} already exists`));
  }
  const { thread_id, title, placement, message_id, prompt } = command;
  const model = command.model ?? source.model;
  return ok(
    commitResult(RECORDED, {
      events: [
        { type: "thread_created", thread_id, title, proposed_by: null },
        {
          type: "thread_launched",
          thread_id,
          source_thread_id: source.id,
          placement,
          modes: modes.value,
          mode: mode.value,
          model,
        },
        {
          type: "message_posted",
          thread_id,
          message_id,
          content: prompt,
          run_id: null,
          kind: "message",
        },
      ],
      threads: [
        {
          ...newThread(thread_id, title),
          mode: mode.value,
          modes: { ...modes.value },
          model,
          launch: { source_thread_id: source.id, placement },
        },
      ],
      messages: [message_id],
    }),
  );
}
