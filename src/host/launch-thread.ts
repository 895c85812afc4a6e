import type { z } from "zod";
import {
  type Checkout,
  type CheckoutAdapter,
  isCheckoutError,
  type PlacementProblem,
} from "../checkout/port.ts";
import type { ActorInput } from "../model/actors.ts";
import { type IdSource, randomIds } from "../model/ids.ts";
import type { LaunchThreadSchema } from "../model/launch.ts";
import { PlacementSchema } from "../model/placement.ts";
import { invalidPlacement, type Rejection } from "../model/rejections.ts";
import type { Workspace } from "../workspace/workspace.ts";

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
 * How a launch ended. `rejected`: nothing was written (a rule or the placement refused it).
 * `failed`: the thread and its prompt were written, but its checkout could not be prepared
 * (nothing dispatched) or the dispatch threw. `launched`: the first turn was dispatched.
 */
export type LaunchResult =
  | { readonly status: "rejected"; readonly rejection: Rejection }
  | {
      readonly status: "failed";
      readonly stage: "checkout";
      readonly thread_id: string;
      readonly problem: PlacementProblem;
    }
  | {
      readonly status: "failed";
      readonly stage: "dispatch";
      readonly thread_id: string;
      readonly error: unknown;
    }
  | {
      readonly status: "launched";
      readonly thread_id: string;
      readonly message_id: string;
      readonly checkout: Checkout;
    };

const rejected = (rejection: Rejection): LaunchResult => ({ status: "rejected", rejection });

/**
 * Launches a user-owned thread on `actor`'s request (usually the source thread's agent).
 * Everything is checked before anything is written: the rules (`not_found`, `forbidden` for
 * broader modes, `validation_failed`, `invalid_state`) by a dry run, then the placement by
 * the checkout adapter (`invalid_placement`). Then it writes the thread with its prompt,
 * prepares the checkout and dispatches, in that order. A rejection at the write (another
 * writer got there first) is returned like any other. Errors other than a `CheckoutError`
 * from the adapter, such as a thread id the adapter cannot use, are thrown.
 */
export async function launchThread(
  workspace: Workspace,
  request: LaunchRequest,
  actor: ActorInput,
  ports: LaunchPorts,
): Promise<LaunchResult> {
  const newId = ports.newId ?? randomIds;
  const thread_id = request.thread_id ?? newId("thr");
  const message_id = request.message_id ?? newId("msg");
  const command = { ...request, type: "launch_thread", thread_id, message_id } as const;

  const decided = await workspace.dryRun(command, actor);
  if (!decided.ok) return rejected(decided.rejection);
  // Cannot throw: the dry run parsed the same command.
  const placement = PlacementSchema.parse(command.placement ?? { type: "root" });

  const verdict = await ports.checkout.check(placement, { thread_id });
  if (!verdict.ok) {
    const { field, reason, message } = verdict.problem;
    return rejected(invalidPlacement(field, reason, message));
  }

  const written = await workspace.commit(command, actor);
  if (!written.ok) return rejected(written.rejection);

  let checkout: Checkout;
  try {
    checkout = await ports.checkout.prepare(placement, { thread_id });
  } catch (error) {
    if (isCheckoutError(error)) {
      return { status: "failed", stage: "checkout", thread_id, problem: error.problem };
    }
    throw error;
  }

  try {
    await ports.dispatch({ thread_id, message_id, checkout });
  } catch (error) {
    return { status: "failed", stage: "dispatch", thread_id, error };
  }
  return { status: "launched", thread_id, message_id, checkout };
}
