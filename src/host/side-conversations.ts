import { z } from "zod";
import type { ActorInput } from "../model/actors.ts";
import type { CommandInput } from "../model/command.ts";
import type { SideContext } from "../model/context.ts";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";
import { randomIds } from "../model/ids.ts";
import { forbidden, invalidState, notFound, validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { SideSnapshot } from "../model/side-snapshot.ts";
import { toValidationErrors } from "../model/validation-errors.ts";
import { snapshotThread } from "../rules/sides/snapshot.ts";
import type { Workspace, WriteResult } from "../workspace/api.ts";
import type { Subscription } from "../workspace/subscription.ts";

/** One turn of a side conversation: who spoke and what. Kept in memory only. */
export const SideTurnSchema = z
  .object({ role: z.enum(["user", "assistant"]), content: z.string().min(1) })
  .readonly();
/** One turn of a side conversation. */
export type SideTurn = z.infer<typeof SideTurnSchema>;

/** Why a side conversation is gone: closed by a person, or discarded with its parent. */
export type SideCloseReason = "closed" | "parent_ended";

/**
 * A side conversation: a frozen snapshot of its parent thread, turns kept only in memory, and
 * writes that go through the workspace as the parent's agent with the mode frozen at opening.
 */
export interface SideConversation {
  /** The side's id, as recorded by `open_side`. */
  readonly id: string;
  readonly parent_thread_id: string;
  /** The parent as it was when the side opened; later parent changes are never seen. */
  readonly snapshot: SideSnapshot;
  /** The side's own turns, oldest first (a frozen copy). */
  readonly turns: readonly SideTurn[];
  /** `open` until the close is recorded (or seen in the log). */
  readonly status: "open" | "closed";
  /** Resolves with the reason once the side is gone (not while the manager is disposed). */
  readonly done: Promise<SideCloseReason>;
  /**
   * Appends a turn, in memory only: nothing reaches the workspace. Refuses `validation_failed`
   * for an unknown role or empty content, and `not_found` once the side is gone.
   */
  say(role: SideTurn["role"], content: string): Result<SideTurn>;
  /**
   * Commits a command from the side: as the parent's agent, with the parent's mode frozen at
   * opening. The rules allow only artifact writes, under the same policies, while it is open.
   */
  commit(command: CommandInput): Promise<WriteResult>;
  /** Approves one invocation inside the side (ignored once the side is gone). */
  approveOnce(invocationId: string): void;
  /** Uses up the approval of one invocation: true once, then false. */
  consumeApproval(invocationId: string): boolean;
  /**
   * Tries to turn an approval into a durable grant on the parent: the rules refuse it
   * (`forbidden`), since a side's approvals cover one invocation. Returns what the workspace said.
   */
  grant(permission: string): Promise<WriteResult>;
  /** Records the side closed and discards it; closing a closed side writes nothing. */
  close(): Promise<Result<null>>;
}

/** The side conversations of one workspace, at most one per parent thread. */
export interface SideConversations {
  /**
   * Opens a side on `parentThreadId`: records `open_side`, then snapshots the parent at the
   * log position that write landed at. Refuses `forbidden` when the id is a side of this
   * manager (sides never nest), and whatever the rules refuse: a second side on the thread or
   * an ended thread (`invalid_state`), an unknown thread (`not_found`).
   */
  open(parentThreadId: string): Promise<Result<SideConversation>>;
  /** The open side of a thread, or `null`. */
  get(parentThreadId: string): SideConversation | null;
  /** Closes the thread's side; without one, nothing happens. */
  close(parentThreadId: string): Promise<Result<null>>;
  /** Stops following the log for every side; writes nothing. */
  dispose(): void;
}

/** How side conversations are made. */
export interface SideConversationsOptions {
  /** Makes side ids (default: random `side_…`). */
  readonly newId?: () => string;
  /** Who records opens and closes (default: the system, named "side"). */
  readonly actor?: ActorInput;
  /** Hears of failures to discard a side after its parent ended (otherwise they are dropped). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Creates the manager of a workspace's side conversations. Each open side follows the log from
 * where it opened, and is discarded (`close_side` "parent_ended") when its parent ends.
 */
export function createSideConversations(
  workspace: Workspace,
  options: SideConversationsOptions = {},
): SideConversations {
  const newId = options.newId ?? (() => randomIds("side"));
  const recorder: ActorInput = options.actor ?? { kind: "system", name: "side" };
  const handedOut = new Set<string>();
  const open = new Map<string, SideConversation>();
  const feeds = new Set<Subscription>();

  function start(id: string, parent: string, snapshot: SideSnapshot): SideConversation {
    const turns: SideTurn[] = [];
    const approvals = new Set<string>();
    const context: SideContext = { id, thread_id: parent, mode: snapshot.permissions.mode };
    const actor: ActorInput = { kind: "agent", thread_id: parent, run_id: id, name: "side" };
    let status: "open" | "closed" = "open";
    let closing: Promise<Result<null>> | null = null;
    let resolveDone: (reason: SideCloseReason) => void = () => {};
    const done = new Promise<SideCloseReason>((resolve) => {
      resolveDone = resolve;
    });

    // Reads and writes still in flight: `done` waits for them, so a host that closes its
    // store once the side is gone leaves nothing running against it.
    const inFlight = new Set<Promise<unknown>>();
    function track<T>(work: Promise<T>): Promise<T> {
      inFlight.add(work);
      const forget = () => inFlight.delete(work);
      work.then(forget, forget);
      return work;
    }

    function gone(reason: SideCloseReason): void {
      if (status === "closed") return;
      status = "closed";
      approvals.clear();
      feed.close();
      feeds.delete(feed);
      if (open.get(parent) === side) open.delete(parent);
      void Promise.allSettled([...inFlight]).then(() => resolveDone(reason));
    }

    function finish(reason: SideCloseReason): Promise<Result<null>> {
      if (status === "closed") return Promise.resolve(ok(null));
      closing ??= track(record(reason)).finally(() => {
        closing = null;
      });
      return closing;
    }

    async function record(reason: SideCloseReason): Promise<Result<null>> {
      const command = { type: "close_side", thread_id: parent, side_id: id, reason } as const;
      const written = await workspace.commit(command, recorder);
      if (!written.ok) return refuse(written.rejection);
      gone(reason);
      return ok(null);
    }

    // The parent ended: the rules may have closed the side in the same write; if not, say so.
    async function discard(): Promise<void> {
      const thread = await workspace.thread(parent);
      if (status === "closed") return;
      if (thread !== null && thread.side !== id) return gone("parent_ended");
      const result = await finish("parent_ended");
      if (!result.ok) options.onError?.(result.rejection);
    }

    function follow(envelope: Envelope): void {
      const { event } = envelope;
      if (envelope.thread_id !== parent || !isKnownEvent(event)) return;
      if (event.type === "side_closed" && event.side_id === id) {
        gone(event.reason);
      } else if (
        (event.type === "thread_ended" || event.type === "thread_deleted") &&
        status === "open"
      ) {
        track(discard()).catch((error: unknown) => options.onError?.(error));
      }
    }

    const side: SideConversation = {
      id,
      parent_thread_id: parent,
      snapshot,
      get turns() {
        return Object.freeze([...turns]);
      },
      get status() {
        return status;
      },
      done,
      say(role, content) {
        const parsed = SideTurnSchema.safeParse({ role, content }, { reportInput: true });
        if (!parsed.success) {
          const errors = toValidationErrors(parsed.error, { role, content });
          return refuse(validationFailed("invalid side turn", errors));
        }
        if (status === "closed") return refuse(notFound("side conversation", id));
        const turn = Object.freeze(parsed.data);
        turns.push(turn);
        return ok(turn);
      },
      commit: (command) => workspace.commit(command, actor, { side: context }),
      approveOnce(invocationId) {
        if (status === "open") approvals.add(invocationId);
      },
      consumeApproval: (invocationId) => approvals.delete(invocationId),
      grant: (permission) =>
        workspace.commit({ type: "grant_permission", thread_id: parent, permission }, actor, {
          side: context,
        }),
      close: () => finish("closed"),
    };
    // From the position the open landed at: a parent that ended meanwhile is still heard of.
    const feed = workspace.subscribe(snapshot.at, follow, {
      ...(options.onError === undefined ? {} : { onError: options.onError }),
    });
    feeds.add(feed);
    return side;
  }

  return {
    async open(parentThreadId) {
      if (handedOut.has(parentThreadId)) {
        return refuse(forbidden("a side conversation cannot open another"));
      }
      const id = newId();
      const written = await workspace.commit(
        { type: "open_side", thread_id: parentThreadId, side_id: id },
        recorder,
      );
      if (!written.ok) return refuse(written.rejection);
      // Nothing written: another holder already opened this very id.
      if (written.envelopes.length === 0) return refuse(invalidState(`side ${id} is already open`));
      handedOut.add(id);
      const at = written.outcome.seq ?? (await workspace.head());
      const thread =
        written.entities.threads.find((t) => t.id === parentThreadId) ??
        (await workspace.thread(parentThreadId));
      if (thread === null) return refuse(notFound("thread", parentThreadId));
      // Only the parent's envelopes (the cost of its length, not the workspace's), up to the
      // open: later ones, written meanwhile, reach the side through its feed.
      const envelopes = (await workspace.log({ after: 0, threadId: parentThreadId })).filter(
        (e) => e.seq <= at,
      );
      const side = start(id, parentThreadId, snapshotThread(envelopes, thread, at));
      open.set(parentThreadId, side);
      return ok(side);
    },
    get: (parentThreadId) => open.get(parentThreadId) ?? null,
    async close(parentThreadId) {
      const side = open.get(parentThreadId);
      return side === undefined ? ok(null) : side.close();
    },
    dispose() {
      for (const feed of feeds) feed.close();
      feeds.clear();
    },
  };
}
