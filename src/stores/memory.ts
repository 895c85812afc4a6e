import { WorkspaceError } from "../model/errors.ts";
import { logEntries, type WorkspaceSnapshot } from "../model/snapshot.ts";
import { memoryLists } from "./memory-lists.ts";
import { both, EMPTY_WORKSPACE, type HeldWorkspace, loadFrom, withBatch } from "./memory-state.ts";
import { readAbout } from "./memory-subjects.ts";
import type { AppendBatch, AppendResult, Store } from "./port.ts";

/** A store that keeps every workspace in this process's memory, as immutable snapshots. */
export interface MemoryStore extends Store {
  /** The workspace's current snapshot (immutable; share it freely). */
  snapshot(workspaceId: string): WorkspaceSnapshot;
}

/** Creates an empty in-memory store: the default, no setup, gone with the process. */
export function memoryStore(): MemoryStore {
  const workspaces = new Map<string, HeldWorkspace>();
  const watchers = new Map<string, Set<(head: number) => void>>();
  let closed = false;
  // Every method reads through here: once closed, each answers as a durable store's does.
  const open = (): void => {
    if (closed) throw new WorkspaceError("store_unavailable", "memory store: the store is closed");
  };
  const held = (workspaceId: string) => {
    open();
    return workspaces.get(workspaceId) ?? EMPTY_WORKSPACE;
  };
  const snapshot = (workspaceId: string) => held(workspaceId).snapshot;

  return {
    capabilities: { durable: false, crossProcess: false },
    snapshot,
    head: async (workspaceId) => snapshot(workspaceId).head,
    load: async (workspaceId, needs) => loadFrom(held(workspaceId), needs),
    async append(
      workspaceId: string,
      expectedHead: number,
      batch: AppendBatch,
    ): Promise<AppendResult> {
      const current = held(workspaceId);
      const { head } = current.snapshot;
      if (head !== expectedHead) return { ok: false, head };
      const next = withBatch(current, batch);
      workspaces.set(workspaceId, next);
      const moved = next.snapshot.head;
      // Watchers hear of it after this append has returned, as they would from another process.
      if (batch.envelopes.length > 0) {
        for (const watcher of watchers.get(workspaceId) ?? []) queueMicrotask(() => watcher(moved));
      }
      return { ok: true, head: moved };
    },
    async read(workspaceId, { after, limit, threadId, about }) {
      const current = held(workspaceId);
      const s = current.snapshot;
      if (about !== undefined) return readAbout(s, current.subjects, { after, about, limit });
      if (threadId === undefined) return logEntries(s, after, limit);
      // A scan of the memory log: cheap here, and the durable adapters use an index.
      const found = logEntries(s, after).filter((e) => e.thread_id === threadId);
      return limit === undefined ? found : found.slice(0, Math.max(0, limit));
    },
    ...memoryLists(held),
    async landed(workspaceId, { seq, envelope_id }) {
      const [found] = logEntries(snapshot(workspaceId), seq - 1, 1);
      return found?.seq === seq && found.id === envelope_id;
    },
    command: async (workspaceId, participant, commandId) =>
      held(workspaceId).commands.get(both(participant, commandId)) ?? null,
    ...memoryCursors(open),
    watch(workspaceId, onAppend) {
      open();
      const set = watchers.get(workspaceId) ?? new Set();
      watchers.set(workspaceId, set);
      set.add(onAppend);
      return () => set.delete(onAppend);
    },
    close: async () => {
      closed = true;
      watchers.clear();
    },
  };
}

// Notes cursors, per workspace and viewer, moved by compare-and-swap.
function memoryCursors(open: () => void): Pick<Store, "cursor" | "moveCursor"> {
  const cursors = new Map<string, number>();
  const key = (workspaceId: string, viewer: string) => {
    open();
    return JSON.stringify([workspaceId, viewer]);
  };
  return {
    cursor: async (workspaceId, viewer) => cursors.get(key(workspaceId, viewer)) ?? 0,
    async moveCursor(workspaceId, viewer, from, to) {
      const at = key(workspaceId, viewer);
      if ((cursors.get(at) ?? 0) !== from) return false;
      cursors.set(at, to);
      return true;
    },
  };
}
