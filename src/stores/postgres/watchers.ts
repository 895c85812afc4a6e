/** The watchers of a store's workspaces, called on every append announced for theirs. */
export interface Watchers {
  /** Adds a watcher of a workspace; returns the function that removes it. */
  add(workspaceId: string, onAppend: (head: number) => void): () => void;
  /** Calls the workspace's watchers with its new head; a throwing watcher goes to `onError`. */
  announce(workspaceId: string, head: number): void;
  /** The workspaces someone watches. */
  workspaces(): string[];
  /** Removes every watcher. */
  clear(): void;
}

/** An empty set of watchers. Errors thrown by a watcher go to `onError`, not to the feed. */
export function watchers(onError?: (error: unknown) => void): Watchers {
  const byWorkspace = new Map<string, Set<(head: number) => void>>();
  return {
    add(workspaceId, onAppend) {
      const set = byWorkspace.get(workspaceId) ?? new Set();
      byWorkspace.set(workspaceId, set);
      set.add(onAppend);
      return () => {
        set.delete(onAppend);
        if (set.size === 0 && byWorkspace.get(workspaceId) === set) byWorkspace.delete(workspaceId);
      };
    },
    announce(workspaceId, head) {
      for (const watcher of byWorkspace.get(workspaceId) ?? []) {
        try {
          watcher(head);
        } catch (error) {
          onError?.(error);
        }
      }
    },
    workspaces: () => [...byWorkspace.keys()],
    clear: () => byWorkspace.clear(),
  };
}
