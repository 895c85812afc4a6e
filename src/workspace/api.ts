import type { AccessWidening } from "../model/access.ts";
import type { ActorInput } from "../model/actors.ts";
import type { Revision, Versioned } from "../model/artifacts.ts";
import type { CommandInput } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { SideContext } from "../model/context.ts";
import type { PendingDecision } from "../model/decisions.ts";
import type { Envelope } from "../model/envelope.ts";
import type { UnknownAttempt } from "../model/errors.ts";
import type { FactInput } from "../model/event.ts";
import type { IdSource } from "../model/ids.ts";
import type { Limits } from "../model/limits.ts";
import type { ModeLadders } from "../model/modes.ts";
import type { Note } from "../model/notes.ts";
import type { OfferEntry } from "../model/offers.ts";
import type { Outcome } from "../model/outcome.ts";
import type { Page, PageRequest } from "../model/pages.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Registry } from "../model/registry.ts";
import type { Rejection } from "../model/rejections.ts";
import type { Result } from "../model/result.ts";
import type { Run } from "../model/runs.ts";
import type { Thread } from "../model/threads.ts";
import type { ProposalPreview } from "../proposals/preview.ts";
import type {
  DecisionFilter,
  OfferFilter,
  ProposalFilter,
  RunFilter,
  Store,
  ThreadFilter,
} from "../stores/port.ts";
import type { AnswerOptions, DecisionAnswer, DecisionAnswerResult } from "./answer-decision.ts";
import type { AnswerChannel, DeliveryResult } from "./deliveries.ts";
import type { Subscription } from "./subscription.ts";

/** How a workspace is wired: its types, its store, and the clock and ids it uses. */
export interface WorkspaceOptions {
  /** The artifact and feedback types it knows. */
  readonly registry: Registry;
  /**
   * The workspace's id in its store (default `"default"`): an id as those in commands are (1
   * to 256 characters, without control characters, line or paragraph separators, format
   * characters or unpaired surrogates), or the workspace is not created (`invalid_argument`).
   */
  readonly id?: string;
  /** Where the log and entities live (default: a new in-memory store). `close()` closes it. */
  readonly store?: Store;
  /** The current time (default: the system clock). */
  readonly clock?: () => Date;
  /** Makes ids for envelopes and for commands that leave theirs out (default: random). */
  readonly newId?: IdSource;
  /**
   * The answer channels the host has proven, by name: a blocking decision on one of them
   * can be answered from any surface; on any other it is read-only.
   */
  readonly answerChannels?: Readonly<Record<string, AnswerChannel>>;
  /** The modes the host declares, narrowest first (default: `DEFAULT_MODE_LADDERS`). */
  readonly modes?: ModeLadders;
  /**
   * How many times to decide again when another writer moved the log first (default 100;
   * under the store's lock where it has one, as PostgreSQL's advisory lock, else after the
   * first few with a short random pause so a crowd of writers spreads out; ADR 0055).
   */
  readonly maxAttempts?: number;
  /**
   * Widens who may do what (docs/spec.md section 9) for named actors: for example a reviewer agent
   * that may answer other agents' proposals (`{ actor: { kind: "agent", thread_id:
   * "thr_review" }, may: ["respond_to_proposal"] }`). It still never answers its own, and
   * write policies still bind it. Default: none; agents propose, people decide.
   */
  readonly widen?: readonly AccessWidening[];
  /**
   * What input from outside may be (docs/spec.md S5): nesting depth (default 64, at most 512) and
   * JSON size in bytes (default 4 MiB), each a positive integer. Input past them is
   * `validation_failed`, checked before parsing. Other values are refused when the workspace
   * is created (`invalid_argument`).
   */
  readonly limits?: Partial<Limits>;
}

/** Per-call options of a write. */
export interface WriteOptions {
  /**
   * The W3C `traceparent` of the caller's span, kept on the envelopes and revisions. Anything
   * but a W3C `traceparent` is `validation_failed` at `traceparent`; nothing is written.
   */
  readonly traceparent?: string;
  /** The side conversation the command comes from (see `createSideConversations`). */
  readonly side?: SideContext;
  /**
   * The sender's id for this command (a protocol frame's `command_id`): an id, as those in
   * commands are, or `validation_failed` at `commandId`. A write under an id is
   * kept with its append, so the same id from the same actor again — after a lost answer, an
   * `unknown_outcome`, a restart, from another process — is answered with the first write's
   * outcome (`repeated: true`) and writes nothing, whatever command comes with it. A refusal,
   * or a write that appended nothing, is not kept: the same id again decides again.
   */
  readonly commandId?: string;
}

/** The entities a write changed, as written (for a UI to update without reading back). */
type WrittenEntities = Omit<CommitResult, "outcome" | "events">;

/**
 * What a write led to: the outcome (with the `seq` of its last event), the envelopes appended
 * and the entities written; or the rejection, with nothing written. Check `ok` before reading
 * the outcome: a refusal has none.
 */
export type WriteResult =
  | {
      readonly ok: true;
      readonly outcome: Outcome;
      readonly envelopes: readonly Envelope[];
      readonly entities: WrittenEntities;
      /**
       * Set when the write stored a person's answer to a decision: its delivery through the
       * decision's answer channel, started once the answer was stored (never rejects).
       */
      readonly delivery?: Promise<DeliveryResult>;
      /**
       * Set when `commandId` had already written: `outcome` is that write's, and this call
       * appended nothing (`envelopes` and `entities` are empty).
       */
      readonly repeated?: true;
      readonly rejection?: never;
    }
  | { readonly ok: false; readonly rejection: Rejection };

/** Whose notes, from which cursor. */
export interface NotesRequest {
  readonly viewer: ActorInput;
  /** The cursor: the log position the viewer has heard up to (default 0). */
  readonly after?: number;
  /** The artifacts followed (default: an agent's thread focus, or everything). */
  readonly focus?: readonly string[] | null;
}

/** Notes since a cursor, and the cursor to pass next time. */
export interface NotesDelivery {
  readonly notes: readonly Note[];
  /** The notes rendered for a model's context (empty when there are none). */
  readonly text: string;
  readonly cursor: number;
}

/** Which part of the log to read. */
interface LogRequest {
  /** Read after this position (default 0: from the start). */
  readonly after?: number;
  /** At most this many envelopes. */
  readonly limit?: number;
  /** Only this thread's envelopes, read without the rest of the log. */
  readonly threadId?: string;
}

/** What a workspace holds, read by id (every read is an index lookup in the store). */
export interface WorkspaceReads {
  /** The artifact at its current version, or `null`. */
  artifact(id: string): Promise<Versioned | null>;
  /** Every artifact, archived ones included. */
  artifacts(): Promise<Versioned[]>;
  /** Every revision of an artifact, oldest first. */
  revisions(artifactId: string): Promise<Revision[]>;
  /** One revision of an artifact, or `null`. */
  revision(artifactId: string, version: number): Promise<Revision | null>;
  /** A proposal, or `null`. */
  proposal(id: string): Promise<Proposal | null>;
  /** Proposals, optionally by status or artifact. */
  proposals(filter?: ProposalFilter): Promise<Proposal[]>;
  /**
   * A page of the proposals (optionally by status or artifact), in the order they were made,
   * read by the store's index from where the page starts: its cost is the page's, not the
   * list's. Pass its `next` as `after` for the page after it.
   *
   * @throws WorkspaceError `invalid_argument` when `limit` is not a whole number from 1 to
   * 1,000.
   */
  proposalPage(request?: ProposalFilter & PageRequest): Promise<Page<Proposal>>;
  /** A thread, or `null`. */
  thread(id: string): Promise<Thread | null>;
  /** Threads, in the order they were created; optionally by status. */
  threads(filter?: ThreadFilter): Promise<Thread[]>;
  /** A run, or `null`. */
  run(id: string): Promise<Run | null>;
  /** Runs, in the order they were first started; optionally by thread and status. */
  runs(filter?: RunFilter): Promise<Run[]>;
  /**
   * The decisions pending now, by the workspace's clock (one past its `expires_at` is not,
   * whether or not `expireDecisions` has retired it yet): threads' first, then runs'.
   */
  decisions(filter?: DecisionFilter): Promise<PendingDecision[]>;
  /**
   * A page of the decisions pending now (optionally one thread's), in the order of
   * `decisions`, read by the store's index from where the page starts. A cursor is the last
   * decision's scope (`thread:<id>`, `run:<id>`): it keeps its place once that decision is
   * answered. Pass its `next` as `after` for the page after it.
   *
   * @throws WorkspaceError `invalid_argument` when `limit` is not a whole number from 1 to
   * 1,000.
   */
  decisionPage(request?: DecisionFilter & PageRequest): Promise<Page<PendingDecision>>;
  /** Every offer made (stored whole), with its answer; optionally one thread's. */
  offers(filter?: OfferFilter): Promise<OfferEntry[]>;
  /**
   * A page of the offers made (optionally one thread's), in the order of `offers`, read by the
   * store's index from where the page starts. A cursor is the last offer's thread and id
   * (`<thread>:<offer>`). Pass its `next` as `after` for the page after it.
   *
   * @throws WorkspaceError `invalid_argument` when `limit` is not a whole number from 1 to
   * 1,000.
   */
  offerPage(request?: OfferFilter & PageRequest): Promise<Page<OfferEntry>>;
  /**
   * The log after position `after`, at most `limit` envelopes. With `threadId`, only that
   * thread's envelopes (by `thread_id`): the cost is the thread's length.
   *
   * @throws WorkspaceError `invalid_argument` when `after` or `limit` is not a whole number
   * from 0.
   */
  log(request?: LogRequest): Promise<Envelope[]>;
  /** The position of the last event. */
  head(): Promise<number>;
}

/** The host-facing facade over the pure rules and a store. */
export interface Workspace extends WorkspaceReads {
  /** The workspace's id. */
  readonly id: string;
  /** The artifact and feedback types it knows. */
  readonly registry: Registry;
  /** Parses and decides a command, appending what it produced. Bad input changes nothing. */
  commit(command: CommandInput, actor: ActorInput, options?: WriteOptions): Promise<WriteResult>;
  /**
   * Decides a command against the workspace as it is now without writing anything: what
   * `commit` would do, or its rejection (a host checks a request before acting outside).
   */
  dryRun(
    command: CommandInput,
    actor: ActorInput,
    options?: WriteOptions,
  ): Promise<Result<CommitResult>>;
  /** Parses and decides a fact about a run or the application. */
  record(fact: FactInput, actor: ActorInput, options?: WriteOptions): Promise<WriteResult>;
  /**
   * What `viewer` should hear of since `after` (its cursor), as notes and as plain text for a
   * model's context, with the cursor to pass next time: each note is delivered once per
   * cursor. An agent follows its thread's focus (everything, when the focus is empty).
   *
   * @throws WorkspaceError `invalid_argument` when the viewer is not an actor.
   */
  notes(request: NotesRequest): Promise<NotesDelivery>;
  /**
   * What `viewer` has not heard of yet, from its durable cursor, which then moves past it:
   * each note once, across calls and restarts (what the tools hand a model).
   *
   * @throws WorkspaceError `invalid_argument` when the viewer is not an actor.
   */
  nextNotes(request: { readonly viewer: ActorInput }): Promise<NotesDelivery>;
  /** What accepting a proposal would do now, without writing anything. */
  previewProposal(proposalId: string): Promise<Result<ProposalPreview>>;
  /**
   * A person picks an option of a pending decision: stored first (the id is consumed, so two
   * surfaces never both deliver), then delivered through the scope's answer channel. A run's
   * built-in `deferred` channel is answered in the same write. With `{ wait: false }` it
   * answers `queued` once stored, the delivery under way.
   */
  answerDecision(
    answer: DecisionAnswer,
    actor: ActorInput,
    options?: AnswerOptions,
  ): Promise<DecisionAnswerResult>;
  /** Expires every pending proposal past its time-to-live, as `actor` (default: the system). */
  expireProposals(actor?: ActorInput): Promise<WriteResult[]>;
  /** Retires every pending decision past its `expires_at`, as `actor` (default: the system). */
  expireDecisions(actor?: ActorInput): Promise<WriteResult[]>;
  /**
   * Delivers every envelope after `after`, once and in order, as it is appended — by this
   * process or, where the store can, by others — catching up after any gap.
   *
   * @throws WorkspaceError `invalid_argument` when `after` is not a whole number from 0.
   */
  subscribe(
    after: number,
    listener: (envelope: Envelope) => void,
    options?: { readonly onError?: (error: unknown) => void },
  ): Subscription;
  /**
   * Whether the append a `WorkspaceError("unknown_outcome")` names (`error.attempt`) landed,
   * once the store is back. On `not_committed`, send `attempt.item` again: a command carries
   * the ids it creates (and an edit its base version), so it cannot apply twice; of facts, a
   * run's start and end cannot either, while `tool_called`, `tool_returned` and `app_event`
   * are not deduplicated. When the write that landed stored a person's answer to a decision
   * (from any entry point), this workspace delivers it through its channel before answering
   * `committed`, once; `answerDecision` with the same answer then reports how it went.
   *
   * @throws WorkspaceError `invalid_argument` for anything but such an attempt (an object with
   * this workspace's `workspace_id`, a `seq` from 1 and an `envelope_id`).
   */
  settle(attempt: UnknownAttempt): Promise<"committed" | "not_committed">;
  /** Closes the workspace's store (its connections, files and feeds). Idempotent. */
  close(): Promise<void>;
}
