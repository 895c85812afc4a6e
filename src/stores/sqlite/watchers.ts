/** What the watchers need from the database. */
interface WatchSource {
  /** A number that changes when another connection commits to the file. */
  readonly dataVersion: () => number;
  /** The workspace's head, read now. */
  readonly head: (workspaceId: string) => number;
  /** How often to look for other connections' commits while anyone watches, in ms. */
  readonly pollMs: number;
}

/** The store's watchers of one database connection. */
interface Watchers {
  /** Adds a watcher; returns the function that removes it. */
  add(workspaceId: string, onAppend: (head: number) => void): () => void;
  /** Tells the workspace's watchers of an append committed on this connection. */
  appended(workspaceId: string, head: number): void;
  /** Removes every watcher and stops polling. */
  close(): void;
}

/**
 * Keeps a store's watchers. Appends on this connection notify at once (after the commit);
 * other connections' commits, other processes' included, are noticed by polling
 * `PRAGMA data_version`, which costs no read of any table while nothing changes. The timer
 * runs only while someone watches and does not keep the process alive.
 */
export function watchers(source: WatchSource): Watchers {
  const listeners = new Map<string, Set<(head: number) => void>>();
  const heads = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let version = 0;

  const notify = (workspaceId: string, head: number) => {
    heads.set(workspaceId, head);
    for (const listener of listeners.get(workspaceId) ?? []) listener(head);
  };

  function poll(): void {
    try {
      const now = source.dataVersion();
      if (now === version) return;
      version = now;
      for (const workspaceId of listeners.keys()) {
        const head = source.head(workspaceId);
        if (head !== heads.get(workspaceId)) notify(workspaceId, head);
      }
    } catch {
      // A failed look is reported as a spurious call: the listeners read the log themselves,
      // and their read reports the failure where someone listens for it.
      for (const [workspaceId, head] of heads) notify(workspaceId, head);
    }
  }

  function stopWhenIdle(): void {
    if (listeners.size > 0 || timer === null) return;
    clearInterval(timer);
    timer = null;
  }

  return {
    add(workspaceId, onAppend) {
      if (!heads.has(workspaceId)) heads.set(workspaceId, source.head(workspaceId));
      const set = listeners.get(workspaceId) ?? new Set();
      listeners.set(workspaceId, set);
      set.add(onAppend);
      if (timer === null) {
        version = source.dataVersion();
        timer = setInterval(poll, source.pollMs);
        timer.unref();
      }
      return () => {
        set.delete(onAppend);
        if (set.size === 0 && listeners.get(workspaceId) === set) {
          listeners.delete(workspaceId);
          heads.delete(workspaceId);
        }
        stopWhenIdle();
      };
    },
    appended(workspaceId, head) {
      if (!listeners.has(workspaceId)) return;
      heads.set(workspaceId, head);
      // After the append has returned, as a watcher in another process would hear of it.
      queueMicrotask(() => {
        for (const listener of listeners.get(workspaceId) ?? []) listener(head);
      });
    },
    close() {
      listeners.clear();
      heads.clear();
      stopWhenIdle();
    },
  };
}
