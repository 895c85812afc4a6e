import { decide } from "../decide/decide.ts";
import { parseActor } from "../decide/parse.ts";
import type { AccessWidening } from "../model/access.ts";
import type { Actor, ActorInput } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import { actingAs } from "../model/context.ts";
import { parseTraceparent } from "../model/envelope.ts";
import type { UnknownAttempt } from "../model/errors.ts";
import type { Fact } from "../model/event.ts";
import { type IdSource, randomIds } from "../model/ids.ts";
import type { Limits } from "../model/limits.ts";
import type { ModeLadders } from "../model/modes.ts";
import type { Registry } from "../model/registry.ts";
import { ok, type Result } from "../model/result.ts";
import { limitsOption, widenOption, workspaceIdOption } from "../model/workspace-options.ts";
import { memoryStore } from "../stores/memory.ts";
import type { Store } from "../stores/port.ts";
import type { WorkspaceOptions, WriteOptions, WriteResult } from "./api.ts";
import { attemptOption } from "./attempt-option.ts";
import { parseCommandKey } from "./command-ids.ts";
import type { AnswerChannel } from "./deliveries.ts";
import { commitGroup } from "./group-commit.ts";
import { contextOf } from "./group-decide.ts";
import { type HeldAnswers, settleHeld } from "./held-answers.ts";
import { loadFor } from "./load.ts";
import { storeOption } from "./store-option.ts";
import { WriteCache } from "./write-cache.ts";
import { WriteQueue } from "./write-queue.ts";

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
  /** This instance's one writer: every write queues here (ADR 0055). */
  readonly queue: WriteQueue;
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
  const core: WorkspaceCore = {
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
    queue: new WriteQueue((group) => commitGroup(core, group)),
  };
  return core;
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
 * The one write path: parses what is written and queues it for this instance's one writer
 * (ADR 0055), which decides it after the writes queued before it and appends it with them,
 * in one compare-and-swap, deciding again when another writer moved the log first.
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
  return core.queue.submit({
    item,
    actor,
    options,
    traceparent: trace.value,
    command: command.value,
  });
}
