import type { z } from "zod";
import {
  type Checkout,
  type CheckoutAdapter,
  type CheckoutHolder,
  type CheckoutRequest,
  isCheckoutError,
  type PlacementProblem,
} from "../checkout/port.ts";
import { isWorkspaceError } from "../model/errors.ts";
import { type IdSource, randomIds } from "../model/ids.ts";
import type { LaunchThreadSchema } from "../model/launch.ts";
import { type Placement, PlacementSchema } from "../model/placement.ts";
import { invalidPlacement, type Rejection } from "../model/rejections.ts";
import type { Workspace, WriteResult } from "../workspace/api.ts";
import { missingPorts, type ServiceCall } from "./service.ts";

/**
 * What an agent asks for when it launches a thread: the `launch_thread` command's fields
 * without `type`. Ids left out are generated once, so the check and the write use the same.
 */
export type LaunchRequest = Omit<
  z.input<typeof LaunchThreadSchema>,
  "type" | "thread_id" | "message_id"
> & { thread_id?: string; message_id?: string };

/** What the host hands the launched thread's first turn: the thread, its prompt, its checkout. */
export interface DispatchRequest {
  readonly thread_id: string;
  readonly message_id: string;
  readonly checkout: Checkout;
}

/** The host's side of a launch. */
export interface LaunchPorts {
  /** Checks the placement (read-only) and then prepares it. */
  readonly checkout: CheckoutAdapter;
  /** Starts the first turn on the prompt; a throw is reported as a failed dispatch. */
  dispatch(request: DispatchRequest): Promise<void>;
  /** Makes the ids the request left out (default: random `thr_…` / `msg_…`). */
  readonly newId?: IdSource;
}

/**
 * How a launch ended. `ok`: the checkout was prepared, the thread and its prompt written and
 * its first turn dispatched. Otherwise `stage` is the step that did not go through:
 * - `check`: refused before anything was done, by the rules (a dry run) or by the checkout
 *   adapter's read-only check of the placement (`invalid_placement`);
 * - `checkout`: the checkout could not be prepared (a `from_origin` fetch failed, another
 *   launch took the branch); nothing was written or dispatched;
 * - `write`: the write was refused (another writer took the id meanwhile, say); the prepared
 *   checkout was released, so nothing is left behind. A write that throws (a store fault) is
 *   thrown, after the checkout was released — except `unknown_outcome`, whose thread may
 *   exist: its checkout is kept; `workspace.settle(error.attempt)` says whether to release it;
 * - `dispatch`: everything was prepared and written, but the dispatch threw.
 */
export type LaunchResult =
  | {
      readonly ok: true;
      readonly thread_id: string;
      readonly message_id: string;
      readonly checkout: Checkout;
      readonly rejection?: never;
    }
  | { readonly ok: false; readonly stage: "check" | "write"; readonly rejection: Rejection }
  | {
      readonly ok: false;
      readonly stage: "checkout";
      readonly problem: PlacementProblem;
      readonly rejection?: never;
    }
  | {
      readonly ok: false;
      readonly stage: "dispatch";
      readonly thread_id: string;
      readonly error: unknown;
      readonly rejection?: never;
    };

/** The arguments of {@link launchThread}: the request, who asks (usually an agent), the ports. */
export type LaunchCall = ServiceCall<LaunchRequest, LaunchPorts>;

const refused = (rejection: Rejection): LaunchResult => ({ ok: false, stage: "check", rejection });

/** The open threads, as the checkouts they may hold: what an attached worktree must not be. */
async function holders(workspace: Workspace): Promise<CheckoutHolder[]> {
  const open = await workspace.threads({ status: "open" });
  return open.map((thread) => ({
    thread_id: thread.id,
    placement: thread.launch?.placement ?? null,
  }));
}

/** What the write is of: the command, and the checkout prepared for it. */
interface Prepared {
  readonly command: LaunchRequest & { readonly type: "launch_thread" };
  readonly placement: Placement;
  readonly checkout: Checkout;
}

/**
 * Writes the launch. When the write throws (a store fault), the prepared checkout is released
 * before the error goes on, so nothing is left behind — unless the fault is `unknown_outcome`:
 * then the thread may have been written, and its checkout is kept for the host to settle.
 */
async function writeOrRelease(
  workspace: Workspace,
  { actor, ports }: LaunchCall,
  { command, placement, checkout }: Prepared,
): Promise<WriteResult> {
  try {
    return await workspace.commit(command, actor);
  } catch (error) {
    if (!isWorkspaceError(error) || error.code !== "unknown_outcome") {
      // The write's error is the one to report; a release that fails too leaves it so.
      await Promise.resolve()
        .then(() => ports.checkout.release(placement, checkout))
        .catch(() => undefined);
    }
    throw error;
  }
}

/**
 * Launches a user-owned thread on `actor`'s request (usually the source thread's agent).
 * Everything is checked before anything is done: the rules (`not_found`, `forbidden` for
 * broader modes, `validation_failed`, `invalid_state`, and `invalid_placement` for a thread
 * id or branch name git would refuse) by a dry run, then the placement by the checkout
 * adapter (`invalid_placement`), told which open threads may hold worktrees (`held`) so it
 * never attaches one of theirs. Then it prepares the checkout (a fetch included), writes the
 * thread with its prompt, and dispatches, in that order, so a failure leaves nothing behind;
 * see {@link LaunchResult}. Errors other than a `CheckoutError` from the adapter are thrown
 * (an adapter's bug), and so are the store's faults at a read or the write (the checkout
 * released first, unless the outcome is unknown).
 */
export async function launchThread(workspace: Workspace, call: LaunchCall): Promise<LaunchResult> {
  const { request, actor, ports } = call;
  const names = ["checkout.check", "checkout.prepare", "checkout.release", "dispatch"];
  const unported = missingPorts(ports, names);
  if (unported !== null) return refused(unported);
  const newId = ports.newId ?? randomIds;
  const thread_id = request.thread_id ?? newId("thr");
  const message_id = request.message_id ?? newId("msg");
  const command = { ...request, type: "launch_thread", thread_id, message_id } as const;

  const decided = await workspace.dryRun(command, actor);
  if (!decided.ok) return refused(decided.rejection);
  // Cannot throw: the dry run parsed the same command.
  const placement = PlacementSchema.parse(command.placement ?? { type: "root" });

  const checkoutRequest: CheckoutRequest = { thread_id, held: await holders(workspace) };
  const verdict = await ports.checkout.check(placement, checkoutRequest);
  if (!verdict.ok) {
    const { field, reason, message } = verdict.problem;
    return refused(invalidPlacement(field, reason, message));
  }

  let checkout: Checkout;
  try {
    checkout = await ports.checkout.prepare(placement, checkoutRequest);
  } catch (error) {
    if (isCheckoutError(error)) return { ok: false, stage: "checkout", problem: error.problem };
    throw error;
  }

  const written = await writeOrRelease(workspace, call, { command, placement, checkout });
  if (!written.ok) {
    await ports.checkout.release(placement, checkout);
    return { ok: false, stage: "write", rejection: written.rejection };
  }

  try {
    await ports.dispatch({ thread_id, message_id, checkout });
  } catch (error) {
    return { ok: false, stage: "dispatch", thread_id, error };
  }
  return { ok: true, thread_id, message_id, checkout };
}
