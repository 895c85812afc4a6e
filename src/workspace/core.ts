import { decide } from "../decide/decide.ts";
import { parseActor } from "../decide/parse.ts";
import type { AccessWidening } from "../model/access.ts";
import type { Actor, ActorInput } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import { actingAs, type DecideContext } from "../model/context.ts";
import { type Envelope, parseTraceparent, traceIdOf } from "../model/envelope.ts";
import { isWorkspaceError, type UnknownAttempt, WorkspaceError } from "../model/errors.ts";
import { type Fact, scopeOf } from "../model/event.ts";
import { type IdSource, randomIds } from "../model/ids.ts";
import type { Limits } from "../model/limits.ts";
import type { ModeLadders } from "../model/modes.ts";
import type { Registry } from "../model/registry.ts";
import { ok, type Result } from "../model/result.ts";
import { limitsOption, widenOption, workspaceIdOption } from "../model/workspace-options.ts";
import { memoryStore } from "../stores/memory.ts";
import type { AppendBatch, AppendResult, Store } from "../stores/port.ts";
import type { WorkspaceOptions, WriteOptions, WriteResult } from "./api.ts";
import { attemptOption } from "./attempt-option.ts";
import {
  type CommandKey,
  commandRecord,
  keptCommand,
  parseCommandKey,
  repeatedResult,
} from "./command-ids.ts";
import { type AnswerChannel, deliverAnswer } from "./deliveries.ts";
import { type HeldAnswers, holdAnswer, settleHeld } from "./held-answers.ts";
import { loadFor, loadThrough } from "./load.ts";
import { storeOption } from "./store-option.ts";
import { type Ticket, type View, WriteCache } from "./write-cache.ts";

export { loadFor };

/** What every part of a workspace shares: where it lives, its clock, ids and types. */
export interface WorkspaceCore {
  readonly id: string;
  readonly store: Store;
  readonly clock: () => Date;
  readonly newId: IdSource;
  readonly registry: Registry;
  readonly channels: Readonly<Record<string, AnswerChannel>>;
  /** The names of `channels`, as the rules are told them. */
  readonly channelNames: readonly string[];
  readonly modes: ModeLadders | undefined;
  readonly maxAttempts: number;
  readonly access: readonly AccessWidening[];
  readonly limits: Limits;
  /** Answers stored by appends of unknown outcome, until settled (this instance's only). */
  readonly held: HeldAnswers;
  /** What this instance's own last append left, to decide the next write from (ADR 0002). */
  readonly writes: WriteCache;
}

/**
 * How many entities of each kind the write cache keeps: none for a store that answers from this
 * process's memory (neither durable nor shared across processes), whose head and loads cost no
 * more than the cache's own bookkeeping.
 */
const writeCacheBound = ({ capabilities }: Store): number =>
  capabilities.durable || capabilities.crossProcess ? 1024 : 0;

/**
 * The options with their defaults filled in.
 *
 * @throws WorkspaceError `invalid_argument` for an `id` or `limits` outside their rules, or a
 * `store` that is not one.
 */
export function workspaceCore(options: WorkspaceOptions): WorkspaceCore {
  const channels = options.answerChannels ?? {};
  const store = options.store === undefined ? memoryStore() : storeOption(options.store);
  return {
    id: workspaceIdOption(options.id),
    store,
    clock: options.clock ?? (() => new Date()),
    newId: options.newId ?? randomIds,
    registry: options.registry,
    channels,
    channelNames: Object.freeze(Object.keys(channels)),
    modes: options.modes,
    maxAttempts: options.maxAttempts ?? 100,
    access: widenOption(options.widen),
    limits: limitsOption(options.limits),
    held: new Map(),
    writes: new WriteCache(writeCacheBound(store), store.asStored?.bind(store)),
  };
}

/** A decision at one log position: what a write would append there, and when. */
interface Decided {
  readonly head: number;
  readonly now: string;
  readonly result: CommitResult;
}

/** Loads and decides once, at the current head. */
export async function decideNow(
  core: WorkspaceCore,
  item: Command | Fact,
  actor: Actor,
  options: WriteOptions,
): Promise<Result<Decided>> {
  const head = await core.store.head(core.id);
  const { side } = options;
  const state = await loadFor(core, item, actor, side);
  // One reading of the clock per decision: the rules and the envelopes agree on the time.
  const now = core.clock().toISOString();
  const decided = decide(item, state, contextOf(core, actor, now, side));
  return decided.ok ? ok({ head, now, result: decided.value }) : decided;
}

function contextOf(
  core: WorkspaceCore,
  actor: Actor,
  now: string,
  side: WriteOptions["side"],
): DecideContext {
  return {
    actor,
    registry: core.registry,
    now,
    channels: core.channelNames,
    access: core.access,
    ...(core.modes === undefined ? null : { modes: core.modes }),
    ...(side === undefined ? null : { side }),
  };
}

/** Parses the actor and pairs it with the parsed item, or says which one is wrong. */
export function withActor(
  item: Result<Command | Fact>,
  actorInput: ActorInput,
  limits: Limits,
): Result<{ item: Command | Fact; actor: Actor }> {
  const actor = parseActor(actorInput, limits);
  if (!actor.ok) return actor;
  return item.ok ? ok({ item: item.value, actor: actor.value }) : item;
}

function envelopesOf(
  core: WorkspaceCore,
  decided: Decided,
  actor: Actor,
  traceparent: string | null,
): Envelope[] {
  return decided.result.events.map((event, i) => ({
    seq: decided.head + 1 + i,
    id: core.newId("evt"),
    ts: decided.now,
    workspace_id: core.id,
    ...scopeOf(event),
    actor,
    traceparent,
    event,
  }));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Appends; when the store cannot tell whether the append landed, the `unknown_outcome` it
 * throws names the append (its first envelope) and carries the item as parsed, with its ids,
 * so the host can `settle` it and, if it did not land, send exactly that item again.
 */
async function appendOrSay(
  core: WorkspaceCore,
  head: number,
  batch: AppendBatch,
  item: Command | Fact,
): Promise<AppendResult> {
  try {
    return await core.store.append(core.id, head, batch);
  } catch (error) {
    const first = batch.envelopes[0];
    if (!isWorkspaceError(error) || error.code !== "unknown_outcome" || first === undefined) {
      throw error;
    }
    const attempt = { workspace_id: core.id, seq: first.seq, envelope_id: first.id, item };
    // An answer it stored could not be delivered by this write: `settle` will, if it landed.
    holdAnswer(core.held, batch.envelopes);
    throw new WorkspaceError("unknown_outcome", error.message, { cause: error.cause, attempt });
  }
}

/**
 * Whether the append an `unknown_outcome` names landed: its first envelope is in the log at
 * its position. Ask once the store is back; if it did not land, send the attempt's item again.
 * If it landed and stored an answer to a decision this workspace could not deliver then, the
 * answer is delivered first, once (see `HeldAnswers`).
 */
export async function settle(
  core: WorkspaceCore,
  given: UnknownAttempt,
): Promise<"committed" | "not_committed"> {
  const attempt = attemptOption(given, core.id);
  const landed = await core.store.landed(core.id, attempt);
  await settleHeld(core, attempt.envelope_id, landed);
  return landed ? "committed" : "not_committed";
}

/**
 * The one write path: decides at the current head and appends there with compare-and-swap,
 * deciding again when another writer moved the log first.
 *
 * @throws WorkspaceError `contention` when other writers won `maxAttempts` times in a row.
 */
export async function write(
  core: WorkspaceCore,
  parsed: Result<Command | Fact>,
  actorInput: ActorInput,
  options: WriteOptions,
): Promise<WriteResult> {
  const input = withActor(parsed, actorInput, core.limits);
  if (!input.ok) return input;
  const { item } = input.value;
  const actor = actingAs(input.value.actor, options.side);
  const trace = parseTraceparent(options.traceparent);
  if (!trace.ok) return trace;
  const command = parseCommandKey(options.commandId, actor);
  if (!command.ok) return command;
  const writing = { item, actor, options, traceparent: trace.value, command: command.value };
  for (let attempt = 0; attempt < core.maxAttempts; attempt++) {
    if (attempt >= 3) await pause(Math.random() * Math.min(50, 2 ** attempt));
    let written = await attemptWrite(core, writing, core.writes.ticket());
    // Decided from a cache the log had moved past: decide from the store, as this attempt
    // would have without the cache.
    if (written === STALE) written = await attemptWrite(core, writing, null);
    if (written !== AGAIN && written !== STALE) return written;
  }
  throw new WorkspaceError(
    "contention",
    `workspace ${core.id}: other writers moved the log ${core.maxAttempts} times in a row`,
  );
}

/** What an attempt returns when the log moved under it: decide again. */
const AGAIN = Symbol("again");
/** What an attempt decided from the write cache returns when the log had moved past it. */
const STALE = Symbol("stale");

/** One write's item, as parsed, and how it is written. */
interface Writing {
  readonly item: Command | Fact;
  readonly actor: Actor;
  readonly options: WriteOptions;
  readonly traceparent: string | null;
  /** What the command is kept under, when its sender gave it an id. */
  readonly command: CommandKey | null;
}

/**
 * One decision and its append: from the write cache's state when given its ticket (no head
 * read, only what the cache lacks loaded), else from the store's head. A refusal decided from
 * the cache is returned only once the head is seen not to have moved. An append the log moved
 * under, a refusal whose head moved, or anything thrown, drops the cache.
 */
async function attemptWrite(
  core: WorkspaceCore,
  writing: Writing,
  ticket: Ticket | null,
): Promise<WriteResult | typeof AGAIN | typeof STALE> {
  const { item, actor, options } = writing;
  const cache = core.writes;
  try {
    const head = ticket?.head ?? (await core.store.head(core.id));
    // Looked for after the head this attempt appends at: one that lands later moves it.
    const known = await keptCommand(core, writing.command);
    if (known !== null) return repeatedResult(core, known);
    const view = await loadThrough(core, cache, ticket, item, actor, options.side);
    // One reading of the clock per decision: the rules and the envelopes agree on the time.
    const now = core.clock().toISOString();
    const decided = decide(item, view.state, contextOf(core, actor, now, options.side));
    if (!decided.ok) {
      if (ticket === null) return decided;
      if ((await core.store.head(core.id)) !== head) {
        cache.drop(ticket);
        return STALE;
      }
      cache.settle(ticket, view, null, head);
      return decided;
    }
    const at = { head, now, result: decided.value };
    const written = await appendDecided(core, at, { view, ticket }, writing);
    if (written !== AGAIN || ticket === null) return written;
    cache.drop(ticket);
    return STALE;
  } catch (error) {
    cache.drop(null);
    throw error;
  }
}

/** Appends a decision at its head; on success the cache becomes the state it left. */
async function appendDecided(
  core: WorkspaceCore,
  decided: Decided,
  { view, ticket }: { view: View; ticket: Ticket | null },
  { item, actor, traceparent, command }: Writing,
): Promise<WriteResult | typeof AGAIN> {
  const traceId = traceIdOf(traceparent);
  const appended = envelopesOf(core, decided, actor, traceparent);
  const { outcome, events: _, ...entities } = decided.result;
  const revisions = entities.revisions.map((r) =>
    r.trace_id === traceId ? r : { ...r, trace_id: traceId },
  );
  const seq = appended.at(-1)?.seq ?? decided.head;
  const kept = command === null ? undefined : commandRecord(command, appended, { ...outcome, seq });
  const batch = { ...entities, revisions, envelopes: appended, ...(kept && { command: kept }) };
  const stored = await appendOrSay(core, decided.head, batch, item);
  if (!stored.ok) return AGAIN;
  core.writes.settle(ticket, view, batch, stored.head);
  const delivery = deliverAnswer(core.channels, appended);
  return {
    ok: true,
    outcome: { ...outcome, seq },
    envelopes: appended,
    entities: { ...entities, revisions },
    ...(delivery === undefined ? {} : { delivery }),
  };
}
