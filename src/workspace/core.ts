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
import { limitsOption, workspaceIdOption } from "../model/workspace-options.ts";
import { memoryStore } from "../stores/memory.ts";
import type { AppendBatch, AppendResult, Store } from "../stores/port.ts";
import type { WorkspaceOptions, WriteOptions, WriteResult } from "./api.ts";
import { type AnswerChannel, deliverAnswer } from "./deliveries.ts";
import { type HeldAnswers, holdAnswer, settleHeld } from "./held-answers.ts";
import { loadFor } from "./load.ts";

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
}

/**
 * The options with their defaults filled in.
 *
 * @throws WorkspaceError `invalid_argument` for an `id` or `limits` outside their rules.
 */
export function workspaceCore(options: WorkspaceOptions): WorkspaceCore {
  const channels = options.answerChannels ?? {};
  return {
    id: workspaceIdOption(options.id),
    store: options.store ?? memoryStore(),
    clock: options.clock ?? (() => new Date()),
    newId: options.newId ?? randomIds,
    registry: options.registry,
    channels,
    channelNames: Object.freeze(Object.keys(channels)),
    modes: options.modes,
    maxAttempts: options.maxAttempts ?? 100,
    access: options.widen ?? [],
    limits: limitsOption(options.limits),
    held: new Map(),
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
  const context: DecideContext = {
    actor,
    registry: core.registry,
    now,
    channels: core.channelNames,
    access: core.access,
    ...(core.modes === undefined ? null : { modes: core.modes }),
    ...(side === undefined ? null : { side }),
  };
  const decided = decide(item, state, context);
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
  attempt: UnknownAttempt,
): Promise<"committed" | "not_committed"> {
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
  const traceparent = trace.value;
  const traceId = traceIdOf(traceparent);
  for (let attempt = 0; attempt < core.maxAttempts; attempt++) {
    if (attempt >= 3) await pause(Math.random() * Math.min(50, 2 ** attempt));
    const decided = await decideNow(core, item, actor, options);
    if (!decided.ok) return decided;
    const appended = envelopesOf(core, decided.value, actor, traceparent);
    const { outcome, events: _, ...entities } = decided.value.result;
    const revisions = entities.revisions.map((r) =>
      r.trace_id === traceId ? r : { ...r, trace_id: traceId },
    );
    const batch = { ...entities, revisions, envelopes: appended };
    const stored = await appendOrSay(core, decided.value.head, batch, item);
    if (stored.ok) {
      const seq = appended.at(-1)?.seq ?? decided.value.head;
      const delivery = deliverAnswer(core.channels, appended);
      return {
        ok: true,
        outcome: { ...outcome, seq },
        envelopes: appended,
        entities: { ...entities, revisions },
        ...(delivery === undefined ? {} : { delivery }),
      };
    }
  }
  throw new WorkspaceError(
    "contention",
    `workspace ${core.id}: other writers moved the log ${core.maxAttempts} times in a row`,
  );
}
