import { z } from "zod";
import type { ActorInput } from "../model/actors.ts";
import type { CommandInput } from "../model/command.ts";
import type { Rejection } from "../model/rejections.ts";
import type { Result } from "../model/result.ts";
import type { SideSnapshot } from "../model/side-snapshot.ts";
import type { WriteResult } from "../workspace/api.ts";
import type { ServiceCall } from "./service.ts";

/** One turn of a side conversation: who spoke and what. Kept in memory only. */
export const SideTurnSchema = z
  .object({ role: z.enum(["user", "assistant"]), content: z.string().min(1) })
  .readonly();
/** One turn of a side conversation. */
export type SideTurn = z.infer<typeof SideTurnSchema>;

/**
 * Why a side conversation is gone: closed by a person, discarded with its parent, or taken
 * over by a new side after its lease ran out (its process stopped renewing it).
 */
export type SideCloseReason = "closed" | "parent_ended" | "expired";

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

/** Which thread a side conversation opens on. */
interface SideRequest {
  readonly thread_id: string;
}

/**
 * What opening a side led to: the side, or the refusal at stage `open` (nothing written): a
 * side asked to open another (`forbidden`, sides never nest), a second side on the thread or
 * an ended thread (`invalid_state`), an unknown thread (`not_found`), an actor who may not open
 * one (`forbidden`: opening a side is for people and the system).
 */
export type SideOpened =
  | { readonly ok: true; readonly side: SideConversation; readonly rejection?: never }
  | { readonly ok: false; readonly stage: "open"; readonly rejection: Rejection };

/** The side conversations of one workspace, at most one per parent thread. */
export interface SideConversations {
  /**
   * Opens a side on `request.thread_id` as `actor` (the host service shape): records
   * `open_side`, then snapshots the parent at the log position that write landed at.
   */
  open(call: Omit<ServiceCall<SideRequest, never>, "ports">): Promise<SideOpened>;
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
  /**
   * Who records what the manager does on its own: renewing leases, closing a side whose parent
   * ended (default: the system, named "side"). Opens and closes are recorded as who asked.
   */
  readonly actor?: ActorInput;
  /**
   * How long an open side's lease lasts (default 5 minutes). The manager renews it while the
   * side is open; if its process dies, the next side opened on the thread after the lease ran
   * out takes over, instead of being blocked by a side nobody holds.
   */
  readonly leaseMs?: number;
  /** The time, for leases (default: the system clock). */
  readonly clock?: () => Date;
  /** Hears of failures to discard a side after its parent ended (otherwise they are dropped). */
  readonly onError?: (error: unknown) => void;
}
