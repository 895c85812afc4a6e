import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { CommandInput } from "../../model/command.ts";
import type { PendingDecision } from "../../model/decisions.ts";
import type { Envelope } from "../../model/envelope.ts";
import type { OfferEntry } from "../../model/offers.ts";
import type { Outcome } from "../../model/outcome.ts";
import type { Page, PageRequest } from "../../model/pages.ts";
import type { Proposal, ProposalStatus } from "../../model/proposals.ts";
import type { LiveEvent, LiveFrame } from "../../model/protocol.ts";
import type { Rejection } from "../../model/rejections.ts";
import type { Result } from "../../model/result.ts";
import type { Run, RunStatus } from "../../model/runs.ts";
import type { Thread, ThreadStatus } from "../../model/threads.ts";
import type { ProposalPreview } from "../../proposals/preview.ts";
import type { NotesDelivery } from "../../workspace/api.ts";

/** The parts of a WebSocket the client uses (the browser's, or `ws` in Node). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Makes a WebSocket (`WebSocket` in a browser; `ws`'s in Node before 22). */
export type WebSocketConstructor = new (
  url: string,
  protocols?: string | string[],
) => WebSocketLike;

/** Where the client finds the server, and how it reaches it. */
export interface ClientOptions {
  /** Where `protocolHandler` is mounted (its `basePath`): `https://example.com/api/workspace`. */
  readonly url: string;
  /** Headers for every request (an `authorization` header), or a function giving fresh ones. */
  readonly headers?:
    | Readonly<Record<string, string>>
    | (() => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>);
  /** The `fetch` to use (default: the global one). */
  readonly fetch?: typeof fetch;
  /**
   * How streams are followed: `"sse"` (default: `GET /stream`, commands by POST) or
   * `"websocket"` (at `webSocketUrl`, made with `WebSocket`).
   */
  readonly transport?: "sse" | "websocket";
  /** The WebSocket's URL (default: `url` with `ws:`/`wss:` and `/stream`). */
  readonly webSocketUrl?: string;
  /** The WebSocket class (default: the global one). */
  readonly WebSocket?: WebSocketConstructor;
  /** Reconnecting: the first delay and the longest, in ms (default 250 and 10,000; doubling, with jitter). */
  readonly reconnect?: { readonly minMs?: number; readonly maxMs?: number };
  /** Hears what the client recovers from by itself: a dropped stream, a failed reconnect. */
  readonly onError?: (error: unknown) => void;
}

/** What a commit led to: the outcome, or the rejection (nothing written). Check `ok` first. */
export type ClientCommitResult =
  | { readonly ok: true; readonly outcome: Outcome; readonly rejection?: never }
  | { readonly ok: false; readonly rejection: Rejection };

/** How a subscription follows the log. */
export interface SubscribeOptions {
  /** Only these threads' events, besides the workspace's own (default: every thread). */
  readonly threads?: readonly string[];
  /**
   * The server could not resume from where the subscription was (its log was reset, or no
   * longer holds that far back): drop what was built from the log; the listener then hears
   * it again from the start.
   */
  readonly onReset?: () => void;
}

/** A followed log. */
export interface ClientSubscription {
  /** Stops following; idempotent. */
  close(): void;
  /** Resolves once everything appended before the call has been delivered. */
  settled(): Promise<void>;
}

/** Hears a run's live events (with their frame), in order, each once. */
export type LiveListener = (event: LiveEvent, frame: LiveFrame) => void;

/**
 * A workspace over the live protocol, for a browser (or any other process): its reads, its
 * commits, its log followed live with resume, and its runs' live output. Every request is
 * made with the client's headers; the server decides who that is.
 */
export interface WorkspaceClient {
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
  proposals(filter?: {
    readonly status?: ProposalStatus;
    readonly artifactId?: string;
  }): Promise<Proposal[]>;
  /**
   * A page of the proposals (optionally by status or artifact), in the order they were made.
   * Pass its `next` as `after` for the page after it; `null` means this page is the last.
   */
  proposalPage(
    request?: {
      readonly status?: ProposalStatus;
      readonly artifactId?: string;
    } & PageRequest,
  ): Promise<Page<Proposal>>;
  /** What accepting a proposal would do now, or why it cannot be previewed. */
  previewProposal(id: string): Promise<Result<ProposalPreview>>;
  /** A thread, or `null`. */
  thread(id: string): Promise<Thread | null>;
  /** Threads, in the order they were created. */
  threads(filter?: { readonly status?: ThreadStatus }): Promise<Thread[]>;
  /** A run, or `null`. */
  run(id: string): Promise<Run | null>;
  /** Runs, optionally by thread and status. */
  runs(filter?: { readonly threadId?: string; readonly status?: RunStatus }): Promise<Run[]>;
  /** The decisions pending now. */
  decisions(filter?: { readonly threadId?: string }): Promise<PendingDecision[]>;
  /**
   * A page of the decisions pending now, in the order of `decisions`. Pass its `next` (the
   * last decision's scope, `thread:<id>` or `run:<id>`) as `after` for the page after it;
   * `null` means this page is the last.
   */
  decisionPage(
    request?: { readonly threadId?: string } & PageRequest,
  ): Promise<Page<PendingDecision>>;
  /** Every offer made, with its answer. */
  offers(filter?: { readonly threadId?: string }): Promise<OfferEntry[]>;
  /**
   * A page of the offers made, in the order of `offers`. Pass its `next` (the last offer's
   * thread and id, `<thread>:<offer>`) as `after` for the page after it; `null` means this
   * page is the last.
   */
  offerPage(request?: { readonly threadId?: string } & PageRequest): Promise<Page<OfferEntry>>;
  /**
   * The log after `after`, at most `limit` envelopes (default 1,000); with `threads`, as a
   * stream following them sees it (their events, and every workspace event).
   */
  log(request?: {
    readonly after?: number;
    readonly limit?: number;
    readonly threads?: readonly string[];
  }): Promise<Envelope[]>;
  /** The position of the last event. */
  head(): Promise<number>;
  /** What the signed-in viewer should hear of since `after`, as notes and as text. */
  notes(request?: { readonly after?: number }): Promise<NotesDelivery>;
  /** What the viewer has not heard of yet, from its durable cursor, which then moves past it. */
  nextNotes(): Promise<NotesDelivery>;
  /**
   * Commits a command as whoever the server says the client is. Sent with a command id it
   * keeps across retries, so a command sent again after a lost answer is carried out once.
   */
  commit(
    command: CommandInput,
    options?: { readonly commandId?: string },
  ): Promise<ClientCommitResult>;
  /** Asks the server's host to stop a run. */
  stopRun(runId: string, options?: { readonly commandId?: string }): Promise<ClientCommitResult>;
  /**
   * Delivers every envelope after `after`, once and in order, as it is appended, over one
   * stream that reconnects by itself and resumes after the last envelope it delivered.
   */
  subscribe(
    after: number,
    listener: (envelope: Envelope) => void,
    options?: SubscribeOptions,
  ): ClientSubscription;
  /** Hears a run's live output (what it has produced so far first). Returns a function that stops. */
  live(runId: string, listener: LiveListener): () => void;
  /** Closes every stream. */
  close(): void;
}
