import type { z } from "zod";
import { decide } from "../decide/decide.ts";
import { needs } from "../decide/needs.ts";
import { parseActor, parseCommand, parseFact } from "../decide/parse.ts";
import { changeNotes, notesNeeds } from "../diffs/notes/change-notes.ts";
import { renderNotes } from "../diffs/notes/render.ts";
import type { Actor, ActorInput } from "../model/actors.ts";
import type { Revision, Versioned } from "../model/artifacts.ts";
import type { Command, CommandInput } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { SideContext } from "../model/context.ts";
import type { AnswerDecisionSchema, DecisionSlot, Scope } from "../model/decisions.ts";
import { type Envelope, traceIdOf } from "../model/envelope.ts";
import { WorkspaceError } from "../model/errors.ts";
import type { Fact, FactInput, KnownEvent } from "../model/event.ts";
import { scopeOf } from "../model/event.ts";
import { type IdSource, randomIds } from "../model/ids.ts";
import type { ModeLadders } from "../model/modes.ts";
import type { Note } from "../model/notes.ts";
import type { Outcome } from "../model/outcome.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Registry } from "../model/registry.ts";
import type { Rejection } from "../model/rejections.ts";
import { ok, type Result } from "../model/result.ts";
import type { Run } from "../model/runs.ts";
import { emptyState, isSatisfied, NO_NEEDS, revisionKey, type State } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { type ProposalPreview, previewAccept } from "../rules/proposals/preview.ts";
import { memoryStore } from "../stores/memory.ts";
import type { ProposalFilter, Store } from "../stores/port.ts";
import type { AnswerChannel, DecisionAnswerResult } from "./channels.ts";
import { deliverAnswer } from "./deliver.ts";
import { follow, type Subscription } from "./subscription.ts";

/** How a workspace is wired: its types, its store, and the clock and ids it uses. */
export interface WorkspaceOptions {
  /** The artifact and feedback types it knows. */
  readonly registry: Registry;
  /** The workspace's id in its store (default `"default"`). */
  readonly id?: string;
  /** Where the log and entities live (default: a new in-memory store). */
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
   * after the first few, with a short random pause so a crowd of writers spreads out).
   */
  readonly maxAttempts?: number;
}

/** Per-call options of a write. */
export interface WriteOptions {
  /** The W3C `traceparent` of the caller's span, kept on the envelopes and revisions. */
  readonly traceparent?: string;
  /** The side conversation the command comes from (see `openSide`). */
  readonly side?: SideContext;
}

/** The entities a write changed, as written (for a UI to update without reading back). */
export type WrittenEntities = Omit<CommitResult, "outcome" | "events">;

/**
 * What a write led to: the outcome (with the `seq` of its last event), the envelopes appended
 * and the entities written.
 */
export type WriteResult =
  | {
      readonly ok: true;
      readonly outcome: Outcome;
      readonly envelopes: readonly Envelope[];
      readonly entities: WrittenEntities;
      readonly rejection?: never;
    }
  | {
      readonly ok: false;
      readonly rejection: Rejection;
      readonly outcome?: never;
      readonly envelopes?: never;
    };

/** The host-facing facade over the pure rules and a store. */
export interface Workspace {
  /** The workspace's id. */
  readonly id: string;
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
  /** A thread, or `null`. */
  thread(id: string): Promise<Thread | null>;
  /** A run, or `null`. */
  run(id: string): Promise<Run | null>;
  /**
   * The log after position `after` (default 0: from the start), at most `limit` envelopes.
   * With `threadId`, only that thread's envelopes (by `thread_id`), read without the rest of
   * the log: the cost is the thread's length.
   */
  log(options?: { after?: number; limit?: number; threadId?: string }): Promise<Envelope[]>;
  /** The position of the last event. */
  head(): Promise<number>;
  /**
   * What `viewer` should hear of since `after` (its cursor), as notes and as plain text for a
   * model's context, with the cursor to pass next time: each note is delivered once per
   * cursor. An agent follows its thread's focus (everything, when the focus is empty).
   */
  notes(options: NotesRequest): Promise<NotesDelivery>;
  /** What accepting a proposal would do now, without writing anything. */
  previewProposal(proposalId: string): Promise<Result<ProposalPreview>>;
  /**
   * A person picks an option of a pending decision: stored first (the id is consumed, so two
   * surfaces never both deliver), then delivered through the scope's answer channel. A run's
   * built-in `deferred` channel is answered in the same write.
   */
  answerDecision(
    answer: Omit<z.input<typeof AnswerDecisionSchema>, "type">,
    actor: ActorInput,
  ): Promise<Result<DecisionAnswerResult>>;
  /** Expires every pending proposal past its time-to-live, as `actor` (default: the system). */
  expireProposals(actor?: ActorInput): Promise<WriteResult[]>;
  /**
   * Delivers every envelope after `after`, once and in order, as it is appended — by this
   * process or, where the store can, by others — catching up after any gap.
   */
  subscribe(
    after: number,
    listener: (envelope: Envelope) => void,
    options?: { readonly onError?: (error: unknown) => void },
  ): Subscription;
}

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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function merge(into: State, loaded: State): State {
  const join = <V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>) => new Map([...a, ...b]);
  return {
    artifacts: join(into.artifacts, loaded.artifacts),
    proposals: join(into.proposals, loaded.proposals),
    threads: join(into.threads, loaded.threads),
    runs: join(into.runs, loaded.runs),
    messages: join(into.messages, loaded.messages),
    revisions: join(into.revisions, loaded.revisions),
    pending: join(into.pending, loaded.pending),
  };
}

/**
 * Creates a workspace: the host loop around the pure rules. Each write parses its input,
 * loads what `needs` asks for, decides, and appends the events and changed entities at the
 * log position it decided against — deciding again if another writer got there first.
 */
export function createWorkspace(options: WorkspaceOptions): Workspace {
  const id = options.id ?? "default";
  const store = options.store ?? memoryStore();
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? randomIds;
  const maxAttempts = options.maxAttempts ?? 100;
  const { registry } = options;

  const channels = options.answerChannels ?? {};
  const decideOptions = {
    channels: Object.keys(channels),
    ...(options.modes === undefined ? {} : { modes: options.modes }),
  };

  async function load(item: Command | Fact, actor: Actor, side?: SideContext): Promise<State> {
    let state = emptyState();
    for (;;) {
      const wanted = needs(item, state, actor, side);
      if (isSatisfied(wanted)) return state;
      state = merge(state, await store.load(id, wanted));
    }
  }

  function envelopes(
    result: CommitResult,
    head: number,
    actor: Actor,
    context: { traceparent: string | null; ts: string },
  ): Envelope[] {
    const { ts, traceparent } = context;
    return result.events.map((event: KnownEvent, i) => ({
      seq: head + 1 + i,
      id: newId("evt"),
      ts,
      workspace_id: id,
      ...scopeOf(event),
      actor,
      traceparent,
      event,
    }));
  }

  // Parses the actor and the item, or says which one is wrong.
  function parsed(
    item: Result<Command | Fact>,
    actorInput: ActorInput,
  ): Result<{ item: Command | Fact; actor: Actor }> {
    const actor = parseActor(actorInput);
    if (!actor.ok) return actor;
    return item.ok ? ok({ item: item.value, actor: actor.value }) : item;
  }

  // Loads and decides once, at the current head: what a write would append there.
  async function decideNow(
    item: Command | Fact,
    actor: Actor,
    writeOptions: WriteOptions,
  ): Promise<Result<{ head: number; now: string; result: CommitResult }>> {
    const head = await store.head(id);
    const { side } = writeOptions;
    const state = await load(item, actor, side);
    // One reading of the clock per decision: the rules and the envelopes agree on the time.
    const now = clock().toISOString();
    const decided = decide(item, state, {
      actor,
      registry,
      now,
      ...decideOptions,
      ...(side === undefined ? {} : { side }),
    });
    return decided.ok ? ok({ head, now, result: decided.value }) : decided;
  }

  async function write(
    parsedItem: Result<Command | Fact>,
    actorInput: ActorInput,
    writeOptions: WriteOptions,
  ): Promise<WriteResult> {
    const input = parsed(parsedItem, actorInput);
    if (!input.ok) return input;
    const { item, actor } = input.value;
    const traceparent = writeOptions.traceparent ?? null;
    const traceId = traceIdOf(traceparent);
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      if (attempt >= 3) await pause(Math.random() * Math.min(50, 2 ** attempt));
      const decided = await decideNow(item, actor, writeOptions);
      if (!decided.ok) return decided;
      const { head, now, result } = decided.value;
      const appended = envelopes(result, head, actor, { traceparent, ts: now });
      const revisions = result.revisions.map((r) => ({ ...r, trace_id: traceId }));
      const stored = await store.append(id, head, { ...result, revisions, envelopes: appended });
      if (stored.ok) {
        const seq = appended.at(-1)?.seq ?? head;
        const { outcome, events: _, ...entities } = result;
        return {
          ok: true,
          outcome: { ...outcome, seq },
          envelopes: appended,
          entities: { ...entities, revisions },
        };
      }
    }
    throw new WorkspaceError(
      "contention",
      `workspace ${id}: other writers moved the log ${maxAttempts} times in a row`,
    );
  }

  const one = async <T>(loaded: Promise<State>, pick: (s: State) => T | null | undefined) =>
    pick(await loaded) ?? null;
  const none = NO_NEEDS;

  return {
    id,
    commit: (command, actor, writeOptions = {}) =>
      write(parseCommand(command, newId), actor, writeOptions),
    async dryRun(command, actor, writeOptions = {}) {
      const input = parsed(parseCommand(command, newId), actor);
      if (!input.ok) return input;
      const decided = await decideNow(input.value.item, input.value.actor, writeOptions);
      return decided.ok ? ok(decided.value.result) : decided;
    },
    record: (fact, actor, writeOptions = {}) => write(parseFact(fact), actor, writeOptions),
    artifact: (artifactId) =>
      one(store.load(id, { ...none, artifacts: [artifactId] }), (s) => s.artifacts.get(artifactId)),
    artifacts: () => store.artifacts(id),
    revisions: (artifactId) => store.revisions(id, artifactId),
    revision: (artifactId, version) =>
      one(store.load(id, { ...none, revisions: [{ artifact_id: artifactId, version }] }), (s) =>
        s.revisions.get(revisionKey({ artifact_id: artifactId, version })),
      ),
    proposal: (proposalId) =>
      one(store.load(id, { ...none, proposals: [proposalId] }), (s) => s.proposals.get(proposalId)),
    proposals: (filter = {}) => store.proposals(id, filter),
    thread: (threadId) =>
      one(store.load(id, { ...none, threads: [threadId] }), (s) => s.threads.get(threadId)),
    run: (runId) => one(store.load(id, { ...none, runs: [runId] }), (s) => s.runs.get(runId)),
    log: ({ after = 0, limit, threadId } = {}) =>
      store.read(id, {
        after,
        ...(limit === undefined ? {} : { limit }),
        ...(threadId === undefined ? {} : { threadId }),
      }),
    head: () => store.head(id),
    async notes(request) {
      const viewer = parseActor(request.viewer);
      if (!viewer.ok)
        throw new WorkspaceError("invalid_argument", `notes: ${viewer.rejection.message}`);
      const cursor = await store.head(id);
      const envelopes = (await store.read(id, { after: request.after ?? 0 })).filter(
        (e) => e.seq <= cursor,
      );
      const focus = request.focus !== undefined ? request.focus : await followedBy(viewer.value);
      const wanted = notesNeeds(envelopes, { viewer: viewer.value, focus });
      // One lookup for every version the diffs need, rather than whole histories.
      const { revisions } = await store.load(id, { ...NO_NEEDS, revisions: wanted });
      const notes = changeNotes(envelopes, {
        viewer: viewer.value,
        focus,
        dataAt: (ref) => revisions.get(revisionKey(ref))?.data,
      });
      return { notes, text: renderNotes(notes), cursor };
    },
    async previewProposal(proposalId) {
      const probe = {
        type: "respond_to_proposal",
        proposal_id: proposalId,
        decision: "accept",
      } as const;
      const command = parseCommand(probe, newId);
      if (!command.ok) return command;
      const reviewer: Actor = { kind: "system", name: "preview" };
      const state = await load(command.value, reviewer);
      return previewAccept(proposalId, state, {
        actor: reviewer,
        registry,
        now: clock().toISOString(),
      });
    },
    async answerDecision(answer, actor) {
      const written = await write(
        parseCommand({ ...answer, type: "answer_decision" }, newId),
        actor,
        {},
      );
      if (!written.ok) return written;
      const request = { scope: answer.scope, decision_id: answer.decision_id };
      return ok(await deliverAnswer(written, request, channels, slotIn));
    },
    subscribe: (after, listener, options = {}) =>
      follow({ store, workspaceId: id, after, listener, ...options }),
    async expireProposals(actor = { kind: "system" }) {
      const now = Date.parse(clock().toISOString());
      const due = (await store.proposals(id, { status: "pending" })).filter(
        (p) => p.expires_at !== null && Date.parse(p.expires_at) <= now,
      );
      const results: WriteResult[] = [];
      for (const proposal of due) {
        results.push(
          await write(
            parseCommand({ type: "expire_proposal", proposal_id: proposal.id }, newId),
            actor,
            {},
          ),
        );
      }
      return results;
    },
  };

  async function slotIn(scope: Scope): Promise<DecisionSlot | null> {
    const kind = scope.kind === "thread" ? "threads" : "runs";
    const loaded = await store.load(id, { ...NO_NEEDS, [kind]: [scope.id] });
    return (scope.kind === "thread" ? loaded.threads : loaded.runs).get(scope.id)?.decision ?? null;
  }

  // An agent hears of what its thread follows; everyone else, and an unfocused thread, of all.
  async function followedBy(viewer: Actor): Promise<readonly string[] | null> {
    if (viewer.kind !== "agent") return null;
    const thread = (await store.load(id, { ...NO_NEEDS, threads: [viewer.thread_id] })).threads.get(
      viewer.thread_id,
    );
    return thread === null || thread === undefined || thread.focus.length === 0
      ? null
      : thread.focus;
  }
}
