import { decide } from "../decide/decide.ts";
import { needs } from "../decide/needs.ts";
import type { Actor } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import type { DecideContext } from "../model/context.ts";
import { type Envelope, traceIdOf } from "../model/envelope.ts";
import { type Fact, type KnownEvent, scopeOf } from "../model/event.ts";
import type { Rejection } from "../model/rejections.ts";
import { isSatisfied, type Needs } from "../model/state.ts";
import type { WriteOptions, WriteResult } from "./api.ts";
import { type CommandKey, commandRecord, keptCommand, repeatedResult } from "./command-ids.ts";
import type { WorkspaceCore } from "./core.ts";
import { type CommandWrites, GroupWrites } from "./group-writes.ts";
import { type Ticket, View } from "./write-cache.ts";

/** One write's item, as parsed, and how it is written. */
export interface Writing {
  readonly item: Command | Fact;
  readonly actor: Actor;
  readonly options: WriteOptions;
  readonly traceparent: string | null;
  /** What the command is kept under, when its sender gave it an id. */
  readonly command: CommandKey | null;
}

/** How one command of a group was decided. */
export type Decision =
  /** It appends nothing: a repeat of a kept command. */
  | { readonly kind: "repeated"; readonly result: WriteResult }
  /** It appends nothing: the rules refused it. */
  | { readonly kind: "refused"; readonly rejection: Rejection }
  /** It writes, in the group's append; `result` is its answer once that lands. */
  | {
      readonly kind: "writes";
      readonly writes: CommandWrites;
      readonly result: Extract<WriteResult, { ok: true }>;
    };

/** A group decided at one head: each command's decision, in order, and the one append. */
export interface DecidedGroup {
  readonly head: number;
  readonly decisions: readonly Decision[];
  readonly writes: GroupWrites;
  /** Everything loaded from the store for the group, at `head`: for the write cache. */
  readonly base: View;
}

/** The rules' context for one decision. */
export function contextOf(
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

/** What the group's command waits for: a list an earlier command of the group changed. */
const WAIT = Symbol("wait");

/** Where a group is decided: its head, the cache's ticket, what it wrote and loaded so far. */
interface At {
  readonly head: number;
  readonly ticket: Ticket | null;
  readonly writes: GroupWrites;
  readonly base: View;
  /** Whether new message ids are read (else the store's append refuses a taken one). */
  readonly readIds: boolean;
}

// A store whose append refuses a taken message id is not asked whether a new one is free: the
// ids are taken as unused in this view only (never in `base`, so the cache learns nothing
// unproven), and a refused append decides the group again with them read.
function unreadIds(missing: Needs, view: View): Needs {
  if (missing.messages.length === 0) return missing;
  for (const id of missing.messages) view.put("messages", id, false);
  return { ...missing, messages: [] };
}

/**
 * A command's state: what the group wrote before it, then what it needs besides, from the
 * write cache at the ticket's head or the store. Every store load is added to `base` too.
 */
async function viewFor(
  core: WorkspaceCore,
  at: At,
  { item, actor, options }: Writing,
  readIds = at.readIds,
): Promise<{ view: View; assumed: boolean } | typeof WAIT> {
  const view = new View();
  let assumed = false;
  at.writes.over(view);
  for (;;) {
    const wanted = needs(item, view.state, actor, core.registry, options.side);
    if (isSatisfied(wanted)) return { view, assumed };
    if (at.writes.changes(wanted)) return WAIT;
    const taken = core.writes.take(at.ticket, wanted, view);
    assumed ||= !readIds && taken.messages.length > 0;
    const missing = readIds ? taken : unreadIds(taken, view);
    if (!isSatisfied(missing)) {
      const loaded = await core.store.load(core.id, missing);
      view.add(loaded);
      at.base.add(loaded);
    }
  }
}

/**
 * The rules' answer for a write in its view. A refusal decided with message ids taken as
 * unused is decided again with them read: which refusal comes first is the rules' to say,
 * and a taken id may come before the one found.
 */
async function decideIn(
  core: WorkspaceCore,
  at: At,
  writing: Writing,
  context: DecideContext,
): Promise<ReturnType<typeof decide> | typeof WAIT> {
  const seen = await viewFor(core, at, writing);
  if (seen === WAIT) return WAIT;
  const decided = decide(writing.item, seen.view.state, context);
  if (decided.ok || !seen.assumed) return decided;
  const read = await viewFor(core, at, writing, true);
  return read === WAIT ? WAIT : decide(writing.item, read.view.state, context);
}

function envelopesOf(
  core: WorkspaceCore,
  at: { head: number; now: string },
  events: readonly KnownEvent[],
  { actor, traceparent }: Writing,
): Envelope[] {
  return events.map((event, i) => ({
    seq: at.head + 1 + i,
    id: core.newId("evt"),
    ts: at.now,
    workspace_id: core.id,
    ...scopeOf(event),
    actor,
    traceparent,
    event,
  }));
}

/**
 * Decides one command after those before it in the group; `WAIT` when it must wait for the
 * next group. Its envelopes start after the group's so far.
 */
async function decideOne(
  core: WorkspaceCore,
  at: At,
  writing: Writing,
): Promise<Decision | typeof WAIT> {
  const key = writing.command;
  const earlier = key === null ? null : at.writes.command(key.participant, key.command_id);
  const known = earlier ?? (await keptCommand(core, key));
  if (known !== null) return { kind: "repeated", result: repeatedResult(core, known) };
  // One reading of the clock per decision: the rules and the envelopes agree on the time.
  const now = core.clock().toISOString();
  const { actor, options } = writing;
  const decided = await decideIn(core, at, writing, contextOf(core, actor, now, options.side));
  if (decided === WAIT) return WAIT;
  if (!decided.ok) return { kind: "refused", rejection: decided.rejection };
  const base = at.head + at.writes.appended;
  const envelopes = envelopesOf(core, { head: base, now }, decided.value.events, writing);
  const { outcome, events: _, ...written } = decided.value;
  const traceId = traceIdOf(writing.traceparent);
  const revisions = written.revisions.map((r) =>
    r.trace_id === traceId ? r : { ...r, trace_id: traceId },
  );
  const entities = { ...written, revisions };
  const seq = envelopes.at(-1)?.seq ?? base;
  const command = key === null ? undefined : commandRecord(key, envelopes, { ...outcome, seq });
  const writes = { envelopes, entities, command };
  at.writes.add(writes);
  const result = { ok: true, outcome: { ...outcome, seq }, envelopes, entities } as const;
  return { kind: "writes", writes, result };
}

/**
 * Decides the group's commands in turn at one head (the ticket's, else the store's), each
 * against the state the ones before it leave, up to the first that must wait for a list an
 * earlier one changed (it and those after it are left to the next group). `readIds` reads
 * new message ids even where the store's append would refuse a taken one: after it did.
 */
export async function decideGroup(
  core: WorkspaceCore,
  group: readonly Writing[],
  ticket: Ticket | null,
  readIds = core.store.capabilities.refusesTakenMessageIds !== true,
): Promise<DecidedGroup> {
  const head = ticket?.head ?? (await core.store.head(core.id));
  const at: At = { head, ticket, writes: new GroupWrites(), base: new View(), readIds };
  const decisions: Decision[] = [];
  for (const writing of group) {
    const decision = await decideOne(core, at, writing);
    if (decision === WAIT) break;
    decisions.push(decision);
  }
  return { head, decisions, writes: at.writes, base: at.base };
}
