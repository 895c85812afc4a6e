import type { ActorInput } from "../model/actors.ts";
import type { CommandInput } from "../model/command.ts";
import type { SideContext } from "../model/context.ts";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";
import { notFound, validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { SideSnapshot } from "../model/side-snapshot.ts";
import { toValidationErrors } from "../model/validation-errors.ts";
import type { Workspace, WriteResult } from "../workspace/api.ts";
import type { Subscription } from "../workspace/subscription.ts";
import {
  type SideCloseReason,
  type SideConversation,
  type SideTurn,
  SideTurnSchema,
} from "./sides-api.ts";

// The closes this process records; `expired` is recorded by whoever takes the thread over.
type RecordedClose = Exclude<SideCloseReason, "expired">;

/** What a side needs from the manager that opened it. */
interface SideDeps {
  readonly workspace: Workspace;
  /** Who opened the side: its close is recorded as them. */
  readonly opener: ActorInput;
  /** Who records what the manager does on its own: renewals, a close after the parent ended. */
  readonly recorder: ActorInput;
  readonly onError: ((error: unknown) => void) | undefined;
  /** Called once the side is gone, so the manager lets go of it. */
  readonly forget: (side: LiveSide) => void;
  /** The time each renewal of the lease runs until. */
  readonly leaseUntil: () => string;
  /** How often the lease is renewed, in milliseconds. */
  readonly renewMs: number;
}

/**
 * One open side conversation: its turns and approvals in memory, its writes through the
 * workspace as the parent's agent in the mode frozen at opening, and a feed of the parent's
 * log that tells it when the parent ends.
 */
export class LiveSide implements SideConversation {
  readonly id: string;
  readonly parent_thread_id: string;
  readonly snapshot: SideSnapshot;
  readonly done: Promise<SideCloseReason>;
  readonly #deps: SideDeps;
  readonly #context: SideContext;
  readonly #actor: ActorInput;
  readonly #turns: SideTurn[] = [];
  readonly #approvals = new Set<string>();
  // Reads and writes still in flight: `done` waits for them, so a host that closes its store
  // once the side is gone leaves nothing running against it.
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #feed: Subscription;
  readonly #renewal: ReturnType<typeof setInterval>;
  #status: "open" | "closed" = "open";
  #closing: Promise<Result<null>> | null = null;
  #resolveDone: (reason: SideCloseReason) => void = () => {};

  /** Opens the side on its snapshot and starts following the parent's log. */
  constructor(deps: SideDeps, opened: { readonly id: string; readonly snapshot: SideSnapshot }) {
    const { id, snapshot } = opened;
    this.#deps = deps;
    this.id = id;
    this.parent_thread_id = snapshot.thread_id;
    this.snapshot = snapshot;
    this.#context = { id, thread_id: snapshot.thread_id, mode: snapshot.permissions.mode };
    // The parent's agent; each write is marked with the side's id (a participant of its own).
    this.#actor = { kind: "agent", thread_id: snapshot.thread_id, name: "side conversation" };
    this.done = new Promise((resolve) => {
      this.#resolveDone = resolve;
    });
    // From the position the open landed at: a parent that ended meanwhile is still heard of.
    const onError = deps.onError;
    this.#feed = deps.workspace.subscribe(snapshot.at, (envelope) => this.#follow(envelope), {
      ...(onError === undefined ? {} : { onError }),
    });
    // The lease says this process still holds the side; it must not keep the process alive.
    this.#renewal = setInterval(() => this.#renew(), deps.renewMs);
    this.#renewal.unref?.();
  }

  /** The side's own turns, oldest first (a frozen copy). */
  get turns(): readonly SideTurn[] {
    return Object.freeze([...this.#turns]);
  }

  /** `open` until the close is recorded (or seen in the log). */
  get status(): "open" | "closed" {
    return this.#status;
  }

  /** Appends a turn in memory, or refuses a bad one and any once the side is gone. */
  say(role: SideTurn["role"], content: string): Result<SideTurn> {
    const parsed = SideTurnSchema.safeParse({ role, content }, { reportInput: true });
    if (!parsed.success) {
      const errors = toValidationErrors(parsed.error, { role, content });
      return refuse(validationFailed("invalid side turn", errors));
    }
    if (this.#status === "closed") return refuse(notFound("side conversation", this.id));
    const turn = Object.freeze(parsed.data);
    this.#turns.push(turn);
    return ok(turn);
  }

  /** Commits as the parent's agent, in the mode frozen at opening. */
  commit(command: CommandInput): Promise<WriteResult> {
    return this.#deps.workspace.commit(command, this.#actor, { side: this.#context });
  }

  /** Approves one invocation (ignored once the side is gone). */
  approveOnce(invocationId: string): void {
    if (this.#status === "open") this.#approvals.add(invocationId);
  }

  /** Uses up one invocation's approval: true once, then false. */
  consumeApproval(invocationId: string): boolean {
    return this.#approvals.delete(invocationId);
  }

  /** Asks for a durable grant on the parent; the rules refuse it from a side. */
  grant(permission: string): Promise<WriteResult> {
    const command = { type: "grant_permission", thread_id: this.parent_thread_id, permission };
    return this.#deps.workspace.commit({ ...command, type: "grant_permission" }, this.#actor, {
      side: this.#context,
    });
  }

  /** Records the side closed and discards it; closing a closed side writes nothing. */
  close(): Promise<Result<null>> {
    return this.#finish("closed");
  }

  /** Stops following the log and renewing the lease; writes nothing (the manager's `dispose`). */
  stopFollowing(): void {
    this.#feed.close();
    clearInterval(this.#renewal);
  }

  #renew(): void {
    if (this.#status === "closed") return;
    const { id: side_id, parent_thread_id: thread_id } = this;
    const command = { type: "open_side", thread_id, side_id, lease_until: this.#deps.leaseUntil() };
    const renewed = this.#deps.workspace.commit(
      { ...command, type: "open_side" },
      this.#deps.recorder,
    );
    this.#track(renewed).then(
      (written) => {
        if (!written.ok) this.#deps.onError?.(written.rejection);
      },
      (error: unknown) => this.#deps.onError?.(error),
    );
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    const forget = () => this.#inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  #gone(reason: SideCloseReason): void {
    if (this.#status === "closed") return;
    this.#status = "closed";
    this.#approvals.clear();
    this.#feed.close();
    clearInterval(this.#renewal);
    this.#deps.forget(this);
    void Promise.allSettled([...this.#inFlight]).then(() => this.#resolveDone(reason));
  }

  #finish(reason: RecordedClose): Promise<Result<null>> {
    if (this.#status === "closed") return Promise.resolve(ok(null));
    this.#closing ??= this.#track(this.#record(reason)).finally(() => {
      this.#closing = null;
    });
    return this.#closing;
  }

  async #record(reason: RecordedClose): Promise<Result<null>> {
    const { id, parent_thread_id: thread_id } = this;
    const command = { type: "close_side", thread_id, side_id: id, reason } as const;
    const by = reason === "closed" ? this.#deps.opener : this.#deps.recorder;
    const written = await this.#deps.workspace.commit(command, by);
    if (!written.ok) return refuse(written.rejection);
    this.#gone(reason);
    return ok(null);
  }

  // The parent ended: the rules may have closed the side in the same write; if not, say so.
  async #discard(): Promise<void> {
    const thread = await this.#deps.workspace.thread(this.parent_thread_id);
    if (this.#status === "closed") return;
    if (thread !== null && thread.side !== this.id) return this.#gone("parent_ended");
    const result = await this.#finish("parent_ended");
    if (!result.ok) this.#deps.onError?.(result.rejection);
  }

  #follow(envelope: Envelope): void {
    const { event } = envelope;
    if (envelope.thread_id !== this.parent_thread_id || !isKnownEvent(event)) return;
    if (event.type === "side_closed" && event.side_id === this.id) {
      this.#gone(event.reason);
    } else if (
      (event.type === "thread_ended" || event.type === "thread_deleted") &&
      this.#status === "open"
    ) {
      this.#track(this.#discard()).catch((error: unknown) => this.#deps.onError?.(error));
    }
  }
}
