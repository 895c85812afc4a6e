import { castDraft, type Draft, enableMapSet, produce } from "immer";
import type { Revision, Versioned } from "./artifacts.ts";
import type { Envelope } from "./envelope.ts";
import type { Proposal } from "./proposals.ts";
import type { Run } from "./runs.ts";
import type { Thread } from "./threads.ts";

enableMapSet();

/**
 * A workspace's whole state at one log position: immutable, with structural sharing between
 * positions, so a UI can hold one and compare by reference.
 */
export interface WorkspaceSnapshot {
  readonly head: number;
  /**
   * The log in chunks of {@link LOG_CHUNK} envelopes, so an append copies one chunk, not the
   * whole log. Read it with {@link logEntries}.
   */
  readonly log: readonly (readonly Envelope[])[];
  readonly artifacts: ReadonlyMap<string, Versioned>;
  readonly revisions: ReadonlyMap<string, readonly Revision[]>;
  readonly proposals: ReadonlyMap<string, Proposal>;
  readonly threads: ReadonlyMap<string, Thread>;
  readonly runs: ReadonlyMap<string, Run>;
  readonly messages: ReadonlySet<string>;
}

/** How many envelopes one chunk of a snapshot's log holds. */
const LOG_CHUNK = 512;

/** The envelopes of a snapshot's log after position `after` (at most `limit`), in order. */
export function logEntries(
  snapshot: WorkspaceSnapshot,
  after = 0,
  limit = Number.POSITIVE_INFINITY,
): Envelope[] {
  const end = Math.min(snapshot.head, after + limit);
  const entries: Envelope[] = [];
  for (let seq = after + 1; seq <= end; ) {
    const chunk = snapshot.log[Math.floor((seq - 1) / LOG_CHUNK)] ?? [];
    const from = (seq - 1) % LOG_CHUNK;
    const take = chunk.slice(from, from + (end - seq + 1));
    entries.push(...take);
    seq += take.length;
    if (take.length === 0) break;
  }
  return entries;
}

/** Appends envelopes to a draft's chunked log. */
export function pushLog(draft: Draft<WorkspaceSnapshot>, envelopes: readonly Envelope[]): void {
  for (const envelope of envelopes) {
    const last = draft.log.at(-1);
    if (last === undefined || last.length >= LOG_CHUNK) draft.log.push([castDraft(envelope)]);
    else last.push(castDraft(envelope));
  }
  draft.head += envelopes.length;
}

/** The state of a workspace with an empty log. */
export const EMPTY_SNAPSHOT: WorkspaceSnapshot = produce(
  {
    head: 0,
    log: [],
    artifacts: new Map(),
    revisions: new Map(),
    proposals: new Map(),
    threads: new Map(),
    runs: new Map(),
    messages: new Set(),
  } satisfies WorkspaceSnapshot,
  () => {},
);
