import { freeze } from "immer";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";
import {
  emptyState,
  type Needs,
  pendingKey,
  rejectedKey,
  revisionKey,
  type State,
} from "../model/state.ts";
import type { AppendBatch } from "../stores/port.ts";

/** The kinds of entity a {@link State} holds. */
type Kind = keyof State;
type Table = Map<string, unknown>;
type Tables = { [K in Kind]: Table };

const KINDS: readonly Kind[] = [
  "artifacts",
  "proposals",
  "threads",
  "runs",
  "messages",
  "revisions",
  "pending",
  "rejected",
  "deciding",
];

// What a view holds of a kind it has nothing of: shared, never written to.
const NONE: ReadonlyMap<string, never> = new Map<string, never>();
const NO_IDS: readonly never[] = Object.freeze([]);

/**
 * One decision's state: what it took from the write cache and what it loaded, kind by kind
 * (a map only for the kinds it holds anything of). `loaded` keeps what came from the store, for
 * the cache to add once the decision is known to have been made at the cache's head.
 */
export class View {
  readonly state: { -readonly [K in Kind]: State[K] } = {
    artifacts: NONE,
    proposals: NONE,
    threads: NONE,
    runs: NONE,
    messages: NONE,
    revisions: NONE,
    pending: NONE,
    rejected: NONE,
    deciding: NONE,
  };
  readonly loaded: State[] = [];

  /** Adds an entry of `kind` (a copy of the map the first time). */
  put(kind: Kind, id: string, value: unknown): void {
    let table = this.state[kind] as Table;
    if ((table as ReadonlyMap<string, unknown>) === NONE) {
      table = new Map();
      (this.state as Tables)[kind] = table;
    }
    table.set(id, value);
  }

  /** Adds what the store loaded. */
  add(loaded: State): void {
    this.loaded.push(loaded);
    for (const kind of KINDS) {
      const entries = loaded[kind] as ReadonlyMap<string, unknown>;
      if (entries.size > 0) for (const [id, value] of entries) this.put(kind, id, value);
    }
  }
}

/** Which state of the cache a decision read: its generation and the log position it was at. */
export interface Ticket {
  readonly epoch: number;
  readonly head: number;
}

// An empty state's tables are fresh maps, read-only only in the state's type: the cache fills them.
const tables = (): Tables => emptyState() as Tables;

/**
 * The entities this workspace read and wrote at its own last append, as they are at the head
 * that append left (ADR 0002, "the write path's cache"). A write decides from it at that head
 * without reading the head or loading what it holds; the append's compare-and-swap is what
 * proves it fresh. Whatever could make it wrong drops it: a failed compare-and-swap, a write
 * that throws, a decision that appends nothing found at a head that moved. Entries are frozen
 * (they are shared with the decisions that read them), and each kind keeps at most `bound`,
 * the least recently written or loaded going first; a bound of 0 keeps nothing.
 */
export class WriteCache {
  #tables = tables();
  #head: number | null = null;
  #epoch = 0;
  readonly #bound: number;
  readonly #asStored: <T>(record: T) => T;

  /** `asStored`: a record as the store reads it back after writing it (the store's own). */
  constructor(bound: number, asStored: <T>(record: T) => T = (record) => record) {
    this.#bound = bound;
    this.#asStored = asStored;
  }

  /** Whether it keeps anything (a bound above 0). */
  get keeps(): boolean {
    return this.#bound > 0;
  }

  /** The state a decision may start from, or `null` when there is none (read the store). */
  ticket(): Ticket | null {
    return this.#head === null ? null : { epoch: this.#epoch, head: this.#head };
  }

  /**
   * Copies into `view` what `wanted` asks for and the cache holds, and returns the rest, for
   * the store to load. With no ticket (or one the cache has moved past), everything is missing.
   */
  take(ticket: Ticket | null, wanted: Needs, view: View): Needs {
    if (ticket === null || ticket.epoch !== this.#epoch) return wanted;
    return {
      artifacts: this.#from("artifacts", wanted.artifacts, view),
      proposals: this.#from("proposals", wanted.proposals, view),
      threads: this.#from("threads", wanted.threads, view),
      runs: this.#from("runs", wanted.runs, view),
      messages: this.#from("messages", wanted.messages, view),
      revisions: this.#fromRefs("revisions", wanted.revisions, revisionKey, view),
      pending: this.#fromRefs("pending", wanted.pending, pendingKey, view),
      rejected: this.#fromRefs("rejected", wanted.rejected, rejectedKey, view),
      deciding: this.#from("deciding", wanted.deciding, view),
    };
  }

  #from(kind: Kind, ids: readonly string[], view: View): readonly string[] {
    if (ids.length === 0) return NO_IDS;
    const table = this.#tables[kind];
    const missing: string[] = [];
    for (const id of ids) {
      const held = table.get(id);
      if (held === undefined) missing.push(id);
      else view.put(kind, id, held);
    }
    return missing;
  }

  // As `#from`, for what is asked for by a ref and held under its key.
  #fromRefs<R>(
    kind: Kind,
    refs: readonly R[],
    keyOf: (ref: R) => string,
    view: View,
  ): readonly R[] {
    if (refs.length === 0) return NO_IDS;
    const table = this.#tables[kind];
    const missing: R[] = [];
    for (const ref of refs) {
      const key = keyOf(ref);
      const held = table.get(key);
      if (held === undefined) missing.push(ref);
      else view.put(kind, key, held);
    }
    return missing;
  }

  /**
   * After an append at the ticket's head landed (or a decision that appends nothing was found
   * still at it), `view` is the state at `ticket.head` and `batch` took it to `head`: the cache
   * becomes that. From the cache's own state it only adds what the view loaded; otherwise (no
   * ticket, or the cache moved meanwhile) it is replaced, unless it already holds a later head.
   */
  settle(ticket: Ticket | null, view: View, batch: AppendBatch | null, head: number): void {
    if (this.#bound === 0) return;
    if (ticket === null || ticket.epoch !== this.#epoch) {
      if (this.#head !== null && this.#head >= head) return;
      this.#tables = tables();
      this.#adopt(view.state);
    } else {
      for (const loaded of view.loaded) this.#adopt(loaded);
    }
    if (batch !== null) this.#write(batch);
    this.#head = head;
    this.#epoch++;
  }

  /**
   * Takes the cache past envelopes other writers appended after the ticket's head, when every
   * one is an event known to change nothing the cache holds except marking a message id used
   * (a message posted); anything else, or envelopes that do not continue from the head, drop
   * it. Returns whether the cache is now at the last envelope's position.
   */
  catchUp(ticket: Ticket, envelopes: readonly Envelope[]): boolean {
    if (ticket.epoch !== this.#epoch || this.#head === null) return false;
    const known = envelopes.every(
      (e, i) =>
        e.seq === ticket.head + 1 + i && isKnownEvent(e.event) && e.event.type === "message_posted",
    );
    const last = envelopes.at(-1);
    if (!known || last === undefined) {
      this.drop(ticket);
      return false;
    }
    for (const { event } of envelopes) {
      if (isKnownEvent(event) && event.type === "message_posted") {
        this.#put(this.#tables.messages, event.message_id, true);
      }
    }
    this.#trim(this.#tables.messages);
    this.#head = last.seq;
    this.#epoch++;
    return true;
  }

  /** Forgets everything when the cache is still what `ticket` read (every ticket: `null`). */
  drop(ticket: Ticket | null): void {
    if (ticket !== null && ticket.epoch !== this.#epoch) return;
    this.#tables = tables();
    this.#head = null;
    this.#epoch++;
  }

  #adopt(state: State): void {
    for (const kind of KINDS) {
      const entries = state[kind] as ReadonlyMap<string, unknown>;
      if (entries.size === 0) continue;
      const table = this.#tables[kind];
      for (const [id, value] of entries) this.#put(table, id, value);
      this.#trim(table);
    }
  }

  // A batch's entities over the tables, as the store reads them back; the lists derived from
  // the records it writes (the pending proposals of their thread on their artifact, the
  // rejections filed under the hunks a rejection recorded, the deciding runs of their threads)
  // are forgotten, to be loaded again when next needed. Revisions are not kept: each
  // holds a whole document, and a write seldom reads one back (a rebase loads its base).
  #write(batch: AppendBatch): void {
    const t = this.#tables;
    const stored = this.#asStored;
    for (const a of batch.artifacts) this.#put(t.artifacts, a.id, stored(a));
    for (const p of batch.proposals) {
      this.#put(t.proposals, p.id, stored(p));
      const artifact_id = p.change.artifact_id;
      if (p.thread_id !== null)
        t.pending.delete(pendingKey({ artifact_id, thread_id: p.thread_id }));
      for (const hunk_id of p.resolution?.hunk_ids ?? []) {
        t.rejected.delete(rejectedKey({ artifact_id, hunk_id }));
      }
    }
    for (const thread of batch.threads) this.#put(t.threads, thread.id, stored(thread));
    for (const r of batch.runs) {
      this.#put(t.runs, r.id, stored(r));
      t.deciding.delete(r.thread_id);
    }
    for (const id of batch.messages) this.#put(t.messages, id, true);
    for (const kind of KINDS) this.#trim(t[kind]);
  }

  // Last in the table's order, frozen as the snapshots' records are.
  #put(table: Table, id: string, value: unknown): void {
    table.delete(id);
    table.set(id, freeze(value, true));
  }

  #trim(table: Table): void {
    if (table.size <= this.#bound) return;
    for (const id of table.keys()) {
      table.delete(id);
      if (table.size <= this.#bound) return;
    }
  }
}
