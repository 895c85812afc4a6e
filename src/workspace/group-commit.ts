import { isWorkspaceError, WorkspaceError } from "../model/errors.ts";
import type { WriteResult } from "./api.ts";
import type { WorkspaceCore } from "./core.ts";
import { deliverAnswer } from "./deliveries.ts";
import { type DecidedGroup, type Decision, decideGroup, type Writing } from "./group-decide.ts";
import { holdAnswer } from "./held-answers.ts";
import type { Ticket } from "./write-cache.ts";

/** A queued write and where its answer goes. */
export interface Queued {
  readonly writing: Writing;
  readonly resolve: (result: WriteResult) => void;
  readonly reject: (error: unknown) => void;
}

/** What an attempt returns when the log moved under it: decide again. */
const AGAIN = Symbol("again");
/** What an attempt decided from the write cache returns when the log had moved past it. */
const STALE = Symbol("stale");
/** What an attempt returns when the store refused a message id already in use: read them. */
const TAKEN = Symbol("taken");

/** The group's append threw: the decisions it carried, for each command's own error. */
class AppendFault {
  constructor(
    readonly error: unknown,
    readonly decided: DecidedGroup,
  ) {}
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A refusal decided from the cache holds only if the log is still where the cache was.
async function refusalsHold(core: WorkspaceCore, decided: DecidedGroup, ticket: Ticket | null) {
  if (ticket === null || !decided.decisions.some((d) => d.kind === "refused")) return true;
  if ((await core.store.head(core.id)) !== decided.head) {
    core.writes.drop(ticket);
    return false;
  }
  core.writes.settle(ticket, decided.base, null, decided.head);
  return true;
}

/**
 * One decision of the group and its one append: from the write cache's state when given its
 * ticket, else from the store's head (as a lone write's attempt always was). An append the
 * log moved under, a cached refusal whose head moved, or anything thrown, drops the cache.
 */
async function attemptGroup(
  core: WorkspaceCore,
  group: readonly Queued[],
  ticket: Ticket | null,
  readIds?: boolean,
): Promise<DecidedGroup | typeof AGAIN | typeof STALE | typeof TAKEN> {
  const cache = core.writes;
  try {
    const writings = group.map((q) => q.writing);
    const decided = await decideGroup(core, writings, ticket, readIds);
    if (!decided.writes.wrote) return (await refusalsHold(core, decided, ticket)) ? decided : STALE;
    const batch = decided.writes.batch();
    let stored: Awaited<ReturnType<typeof core.store.append>>;
    try {
      stored = await core.store.append(core.id, decided.head, batch);
    } catch (error) {
      throw new AppendFault(error, decided);
    }
    if (!stored.ok) {
      if (stored.taken === true) return TAKEN;
      // The cache stays at the ticket: the attempt after this one follows the log from there.
      return ticket === null ? AGAIN : STALE;
    }
    cache.settle(ticket, decided.base, batch, stored.head);
    return decided;
  } catch (error) {
    cache.drop(null);
    throw error;
  }
}

// Each command's answer, as if it had been alone.
function answerOf(core: WorkspaceCore, decision: Decision): WriteResult {
  if (decision.kind === "refused") return { ok: false, rejection: decision.rejection };
  if (decision.kind === "repeated") return decision.result;
  const delivery = deliverAnswer(core.channels, decision.writes.envelopes);
  return delivery === undefined ? decision.result : { ...decision.result, delivery };
}

/**
 * The error a command that wrote gets from its group's failed append: the store's, or, when
 * the store cannot tell whether the append landed, an `unknown_outcome` naming the command's
 * own first envelope (the append is whole or absent, so that envelope tells) and carrying the
 * item as parsed, so the host can `settle` it and, if it did not land, send it again.
 */
function faultOf(core: WorkspaceCore, error: unknown, decision: Decision, queued: Queued) {
  if (decision.kind !== "writes") return error;
  const { envelopes } = decision.writes;
  const first = envelopes[0];
  if (!isWorkspaceError(error) || error.code !== "unknown_outcome" || first === undefined) {
    return error;
  }
  const { item } = queued.writing;
  const attempt = { workspace_id: core.id, seq: first.seq, envelope_id: first.id, item };
  // An answer it stored could not be delivered by this write: `settle` will, if it landed.
  holdAnswer(core.held, envelopes);
  return new WorkspaceError("unknown_outcome", error.message, { cause: error.cause, attempt });
}

/**
 * A failed append fails the commands that wrote in it; those that wrote nothing (refused,
 * repeated) were decided against writes that may not have landed, and are decided again in
 * the next group, first.
 */
function failGroup(core: WorkspaceCore, group: readonly Queued[], fault: AppendFault): Queued[] {
  const again: Queued[] = [];
  fault.decided.decisions.forEach((decision, i) => {
    const queued = group[i] as Queued;
    if (decision.kind === "writes") queued.reject(faultOf(core, fault.error, decision, queued));
    else again.push(queued);
  });
  return [...again, ...group.slice(fault.decided.decisions.length)];
}

/** Answers the group's decided commands; returns those left for the next group, in order. */
function answerGroup(core: WorkspaceCore, group: readonly Queued[], decided: DecidedGroup) {
  decided.decisions.forEach((decision, i) => {
    (group[i] as Queued).resolve(answerOf(core, decision));
  });
  return group.slice(decided.decisions.length);
}

// One attempt: from the write cache, and again if the cache was stale (from the cache moved
// along the log where it could follow it, else from the store); when the store refused a
// message id in use (nothing written, the head where it was), once more with the ids read,
// so the rules refuse the command that reused one.
async function attemptOnce(core: WorkspaceCore, group: readonly Queued[]) {
  const ticket = core.writes.ticket();
  const decided = await attemptGroup(core, group, ticket);
  // An append lost from the cache leaves the cache at its ticket, for the log to move on.
  const held = ticket !== null && core.writes.ticket()?.epoch === ticket.epoch;
  if (decided === STALE && held) await followLog(core, ticket);
  const again = decided === STALE ? await attemptGroup(core, group, core.writes.ticket()) : decided;
  const read = again === TAKEN ? await attemptGroup(core, group, null, true) : again;
  return read === STALE || read === TAKEN ? AGAIN : read;
}

// The attempts after the first lost its compare-and-swap: under the store's lock where it
// has one (other processes' retries wait for it), else after a random pause from the third.
async function retries(core: WorkspaceCore, group: readonly Queued[], sleep: boolean) {
  for (let attempt = 1; attempt < core.maxAttempts; attempt++) {
    if (sleep && attempt >= 3) await pause(Math.random() * Math.min(50, 2 ** attempt));
    const decided = await attemptOnce(core, group);
    if (decided !== AGAIN) return decided;
  }
  return AGAIN;
}

/** How many envelopes of other writers the write cache reads to catch up, at most. */
const CATCH_UP = 256;

// What the others appended after the ticket's head: the cache follows it where it can (ADR
// 0063), else starts over.
async function followLog(core: WorkspaceCore, ticket: Ticket): Promise<void> {
  const since = await core.store.read(core.id, { after: ticket.head, limit: CATCH_UP });
  if (since.length === CATCH_UP) core.writes.drop(ticket);
  else if (since.length > 0) core.writes.catchUp(ticket, since);
  else core.writes.drop(ticket);
}

/**
 * Commits one group of queued writes (ADR 0055): decides them in turn and appends what they
 * wrote in one compare-and-swap, deciding the whole group again when another writer moved
 * the log first. Every command of the group is answered or failed, or returned, in order, to
 * be decided in the next group; it never throws.
 */
export async function commitGroup(
  core: WorkspaceCore,
  group: readonly Queued[],
): Promise<readonly Queued[]> {
  let decided: DecidedGroup | typeof AGAIN;
  try {
    decided = await attemptOnce(core, group);
    if (decided === AGAIN && core.maxAttempts > 1) {
      const { store } = core;
      const retry = () => retries(core, group, store.exclusively === undefined);
      decided = store.exclusively ? await store.exclusively(core.id, retry) : await retry();
    }
  } catch (error) {
    if (error instanceof AppendFault) return failGroup(core, group, error);
    for (const queued of group) queued.reject(error);
    return [];
  }
  if (decided !== AGAIN) return answerGroup(core, group, decided);
  const contention = new WorkspaceError(
    "contention",
    `workspace ${core.id}: other writers moved the log ${core.maxAttempts} times in a row`,
  );
  for (const queued of group) queued.reject(contention);
  return [];
}
