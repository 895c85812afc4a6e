import type { Revision, Versioned } from "../model/artifacts.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Run } from "../model/runs.ts";
import type { WorkspaceSnapshot } from "../model/snapshot.ts";
import type { Thread } from "../model/threads.ts";

// The keys of a record whose values are string-keyed records or arrays: the containers an
// effect writes into in place (a thread's offers, a proposal's comments).
type RecordKeys<T> = {
  [K in keyof T]: T[K] extends readonly unknown[] ? never : T[K] extends object ? K : never;
}[keyof T];
type ArrayKeys<T> = { [K in keyof T]: T[K] extends readonly unknown[] ? K : never }[keyof T];
type EntryOf<T> = T extends Readonly<Record<string, infer V>> ? V : never;
type ItemOf<T> = T extends readonly (infer V)[] ? V : never;

/**
 * One table replay works on: a plain map it writes in place. A record the replay did not make
 * (the snapshot's, frozen) is copied before its first change, and a write that leaves a value
 * as it was copies nothing, so a record no event changed stays the very object it was; that is
 * what immer gave, without a draft's proxy on every read.
 */
export class WorkingTable<T extends object> {
  readonly #rows: Map<string, T>;
  readonly #owned: WeakSet<object>;

  /** A table holding `rows` (copied: the map given is not written), sharing `owned`. */
  constructor(rows: Iterable<readonly [string, T]>, owned: WeakSet<object>) {
    this.#rows = new Map(rows);
    this.#owned = owned;
  }

  /** The record at `id`, to read only: change it through this table's methods. */
  get(id: string): T | undefined {
    return this.#rows.get(id);
  }

  /** Every id and record, in the order the table first held them. */
  entries(): IterableIterator<[string, T]> {
    return this.#rows.entries();
  }

  /** Puts a record this replay made at `id`: it may be written in place from now on. */
  put(id: string, record: T): void {
    this.#owned.add(record);
    this.#rows.set(id, record);
  }

  /** Sets one field of the record at `id`, unless it holds that value already. */
  set<K extends keyof T>(id: string, key: K, value: T[K]): void {
    const record = this.#rows.get(id);
    if (record === undefined || unchanged(record, key, value)) return;
    this.#mine(id, record)[key] = value;
  }

  /** Sets `key` in the record-valued field `field` of the record at `id`, unless it is so. */
  setIn<F extends RecordKeys<T>>(id: string, field: F, key: string, value: EntryOf<T[F]>): void {
    const record = this.#rows.get(id);
    const inner = record?.[field];
    if (record === undefined || typeof inner !== "object" || inner === null) return;
    if (unchanged(inner, key, value)) return;
    const container: Record<string, unknown> = this.#container(id, record, field);
    container[key] = value;
  }

  /** Removes `key` from the record-valued field `field` of the record at `id`, if there. */
  deleteIn<F extends RecordKeys<T>>(id: string, field: F, key: string): void {
    const record = this.#rows.get(id);
    const inner = record?.[field];
    if (record === undefined || typeof inner !== "object" || inner === null || !(key in inner)) {
      return;
    }
    const container: Record<string, unknown> = this.#container(id, record, field);
    delete container[key];
  }

  /** Appends `item` to the array field `field` of the record at `id`. */
  pushIn<F extends ArrayKeys<T>>(id: string, field: F, item: ItemOf<T[F]>): void {
    const record = this.#rows.get(id);
    if (record === undefined) return;
    const mine = this.#mine(id, record);
    const items: readonly unknown[] = mine[field] as readonly unknown[];
    const owned = this.#owned.has(items) ? (items as unknown[]) : [...items];
    this.#owned.add(owned);
    owned.push(item);
    Reflect.set(mine, field, owned);
  }

  // The record at `id` as this replay's own: itself if the replay made it, else a copy.
  #mine(id: string, record: T): T {
    if (this.#owned.has(record)) return record;
    const copy = { ...record };
    this.put(id, copy);
    return copy;
  }

  // The record-valued field of the record at `id`, as this replay's own.
  #container<F extends keyof T>(id: string, record: T, field: F): Record<string, unknown> {
    const mine = this.#mine(id, record);
    const inner = mine[field];
    if (typeof inner === "object" && inner !== null && this.#owned.has(inner)) {
      return inner as Record<string, unknown>;
    }
    const copy: Record<string, unknown> = { ...(inner as Record<string, unknown>) };
    this.#owned.add(copy);
    Reflect.set(mine, field, copy);
    return copy;
  }
}

// The same test immer's drafts make before they count a write as a change.
function unchanged(record: object, key: PropertyKey, value: unknown): boolean {
  return Object.is(Reflect.get(record, key), value) && (value !== undefined || key in record);
}

/**
 * The tables replay works on: the entities the events so far made, the revisions and message
 * ids they added (those alone: the snapshot's stay where they are).
 */
export interface WorkingTables {
  readonly artifacts: WorkingTable<Versioned>;
  readonly revisions: Map<string, Revision[]>;
  readonly proposals: WorkingTable<Proposal>;
  readonly threads: WorkingTable<Thread>;
  readonly runs: WorkingTable<Run>;
  readonly messages: { readonly before: ReadonlySet<string>; readonly added: Set<string> };
}

/** Working tables that start from `snapshot`'s entities, and nothing added yet. */
export function workingTables(snapshot: WorkspaceSnapshot): WorkingTables {
  const owned = new WeakSet<object>();
  return {
    artifacts: new WorkingTable(snapshot.artifacts, owned),
    revisions: new Map(),
    proposals: new WorkingTable(snapshot.proposals, owned),
    threads: new WorkingTable(snapshot.threads, owned),
    runs: new WorkingTable(snapshot.runs, owned),
    messages: { before: snapshot.messages, added: new Set() },
  };
}
