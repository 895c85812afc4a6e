import type { CommandResult } from "../../model/protocol.ts";

/**
 * Remembers command results by key (workspace, sender, `command_id`), so a repeated id is
 * answered with the first result, whatever command it comes with — the original's
 * idempotency key. A repeat arriving while the first is still being carried out waits for
 * it rather than running again.
 */
export interface CommandResults {
  /** The result remembered under `key`, or `work`'s, remembered once it is known. */
  remember(key: string, work: () => Promise<CommandResult>): Promise<CommandResult>;
}

/**
 * The results of the most recent commands, in this process (default 10,000, as the
 * original). Pass one to both `protocolHandler` and `attachWebSocket` for them to share it.
 * A command whose work threw is forgotten here; a retry then asks the workspace, whose store
 * keeps every command that wrote, so it is answered with the first outcome, not run again.
 */
export function commandResultMemory(options: { readonly size?: number } = {}): CommandResults {
  const size = options.size ?? 10_000;
  const results = new Map<string, Promise<CommandResult>>();
  return {
    remember(key, work) {
      const known = results.get(key);
      if (known !== undefined) return known;
      const running = work();
      results.set(key, running);
      running.catch(() => results.delete(key));
      for (const oldest of results.keys()) {
        if (results.size <= size) break;
        results.delete(oldest);
      }
      return running;
    },
  };
}
