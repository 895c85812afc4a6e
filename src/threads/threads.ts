import type { z } from "zod";
import { actorRunId } from "../model/actors.ts";
import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import { alreadyStarted, invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { artifactIn, decidingIn, messageUsedIn, type State, threadIn } from "../model/state.ts";
import type {
  CreateThreadSchema,
  DeleteThreadSchema,
  EndThreadSchema,
  GrantPermissionSchema,
  PostMessageSchema,
  SaveDraftSchema,
  SetFocusSchema,
  SetThreadModeSchema,
} from "../model/threads.ts";
import { newThread, offerHolder, type Thread } from "../model/threads.ts";
import type { DecisionEvent } from "../scopes/evolve.ts";
import { evolveOwner, retirePending, type ScopeOwner } from "../scopes/scope.ts";
import { openThread } from "./open.ts";

function existing(state: State, threadId: string): Result<Thread> {
  const thread = threadIn(state, threadId);
  return thread === null ? refuse(notFound("thread", threadId)) : ok(thread);
}

/**
 * Creates a thread, in `edit` mode, following nothing. One started from an offer records the
 * offer, whose thread must exist, and claims it there: an offer started or being started by
 * another thread is `already_started`, so two surfaces starting it at once make one thread.
 */
export function decideCreateThread(
  state: State,
  command: z.infer<typeof CreateThreadSchema>,
): Result<CommitResult> {
  if (threadIn(state, command.thread_id) !== null) {
    return refuse(invalidState(`thread ${command.thread_id} already exists`));
  }
  const { thread_id, title, proposed_by } = command;
  const created = { ...newThread(thread_id, title), proposed_by };
  const events = [{ type: "thread_created" as const, thread_id, title, proposed_by }];
  if (proposed_by === null) return ok(commitResult(RECORDED, { events, threads: [created] }));
  const offering = threadIn(state, proposed_by.thread_id);
  if (offering === null) return refuse(notFound("thread", proposed_by.thread_id));
  const taken = offerHolder(offering, proposed_by.offer_id);
  if (taken !== null) return refuse(alreadyStarted(proposed_by.offer_id, taken));
  const starting = { ...offering.starting, [proposed_by.offer_id]: thread_id };
  return ok(commitResult(RECORDED, { events, threads: [created, { ...offering, starting }] }));
}

/**
 * Posts a message or notice; its id must be new in the whole workspace. A person's message
 * retires the thread's pending decision: they acted elsewhere.
 */
export function decidePostMessage(
  context: DecideContext,
  state: State,
  command: z.infer<typeof PostMessageSchema>,
): Result<CommitResult> {
  const thread = existing(state, command.thread_id);
  if (!thread.ok) return thread;
  if (messageUsedIn(state, command.message_id)) {
    return refuse(invalidState(`message ${command.message_id} already exists`));
  }
  const open = openThread(thread.value);
  if (!open.ok) return open;
  const { thread_id, message_id, content, kind } = command;
  const owner = { kind: "thread", thread: thread.value } as const;
  const retired =
    context.actor.kind === "user" && kind === "message" ? retirePending(owner, "user_input") : [];
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
        ...retired,
      ],
      messages: [message_id],
      threads: retired.length === 0 ? [] : [evolveThread(owner, retired)],
    }),
  );
}

/** Sets the artifacts a thread follows (duplicates dropped); the same focus records nothing. */
export function decideSetFocus(
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
export function decideSetThreadMode(
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

function evolveThread(owner: ScopeOwner & { kind: "thread" }, events: DecisionEvent[]): Thread {
  return evolveOwner(owner, events).thread;
}

/** Parks text in a thread's composer, or clears it; the same text records nothing. */
export function decideSaveDraft(
  state: State,
  command: z.infer<typeof SaveDraftSchema>,
): Result<CommitResult> {
  const thread = existing(state, command.thread_id);
  if (!thread.ok) return thread;
  if (thread.value.draft === command.text) return ok(commitResult(RECORDED));
  const { thread_id, text } = command;
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "draft_saved", thread_id, text }],
      threads: [{ ...thread.value, draft: text }],
    }),
  );
}

/**
 * Ends or deletes a thread: its pending decision and those of its runs retire, and its side
 * conversation is discarded with it. Ending a thread that is no longer open, or deleting a
 * deleted one, records nothing; a thread that ended can still be deleted.
 */
export function decideCloseThread(
  state: State,
  command: z.infer<typeof EndThreadSchema> | z.infer<typeof DeleteThreadSchema>,
): Result<CommitResult> {
  const thread = existing(state, command.thread_id);
  if (!thread.ok) return thread;
  const status = command.type === "end_thread" ? "ended" : "deleted";
  if (thread.value.status === "deleted" || thread.value.status === status) {
    return ok(commitResult(RECORDED));
  }
  const { thread_id } = command;
  const side = thread.value.side;
  const closed: Thread = { ...thread.value, status, side: null, side_until: null };
  const owner = { kind: "thread", thread: closed } as const;
  const retired = retirePending(owner, "scope_ended");
  // A run's decision is about work in this thread: it ends with it, never delivered into it.
  const runs = decidingIn(state, thread_id).map((run) => {
    const runOwner = { kind: "run", run } as const;
    const events = retirePending(runOwner, "scope_ended");
    return { events, run: evolveOwner(runOwner, events).run };
  });
  return ok(
    commitResult(RECORDED, {
      events: [
        status === "ended"
          ? { type: "thread_ended" as const, thread_id }
          : { type: "thread_deleted" as const, thread_id },
        ...(side === null
          ? []
          : [
              {
                type: "side_closed" as const,
                thread_id,
                side_id: side,
                reason: "parent_ended" as const,
              },
            ]),
        ...retired,
        ...runs.flatMap((r) => r.events),
      ],
      threads: [evolveThread(owner, retired)],
      runs: runs.map((r) => r.run),
    }),
  );
}

/**
 * Grants a thread a durable permission. Only a person or the system may; the same grant
 * again records nothing.
 */
export function decideGrantPermission(
  state: State,
  command: z.infer<typeof GrantPermissionSchema>,
): Result<CommitResult> {
  const thread = existing(state, command.thread_id);
  if (!thread.ok) return thread;
  if (thread.value.grants.includes(command.permission)) return ok(commitResult(RECORDED));
  const { thread_id, permission } = command;
  return ok(
    commitResult(RECORDED, {
      events: [{ type: "permission_granted", thread_id, permission }],
      threads: [{ ...thread.value, grants: [...thread.value.grants, permission] }],
    }),
  );
}
