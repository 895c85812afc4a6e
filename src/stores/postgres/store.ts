import { Client, Pool } from "pg";
import type { Envelope } from "../../model/envelope.ts";
import { faultsOf } from "../faults.ts";
import type { Store } from "../port.ts";
import { append } from "./append.ts";
import { commands } from "./commands.ts";
import { cursors } from "./cursors.ts";
import { exclusively } from "./exclusive.ts";
import { pgFault, typedFaults } from "./faults.ts";
import { createFeed } from "./feed.ts";
import { jsonbOrder } from "./key-order.ts";

import { DEFAULT_SCHEMA, layout } from "./layout.ts";
import { lists } from "./lists.ts";
import { migrate } from "./migrate.ts";
import type { PostgresConnection, PostgresStoreOptions } from "./options.ts";
import { reads } from "./reads.ts";
import { settle } from "./settle.ts";

// Whether PostgreSQL can hold the id (no U+0000, no unpaired surrogate).
const storable = (id: string): boolean =>
  typeof id === "string" &&
  !id.includes("\u0000") &&
  (id as unknown as { isWellFormed(): boolean }).isWellFormed();

/** A store on PostgreSQL. */
export interface PostgresStore extends Store {
  /** The schema its tables live in. */
  readonly schema: string;
}

/**
 * Opens a store on PostgreSQL: many processes or machines on one workspace, with a change
 * feed across them (`LISTEN`/`NOTIFY`). Creates the schema and runs its migrations first,
 * under an advisory lock. A host-owned `pool` stays open on `close()`; a `connectionString`
 * gets a pool of the store's own, ended on `close()`.
 * Store faults are typed: a method answers a driver error as a `WorkspaceError` with a stable
 * code and the driver's error as `cause` (see ADR 0021), and an append whose connection is
 * lost is settled by asking the log again, or is `unknown_outcome`.
 * @throws WorkspaceError `invalid_argument` for a bad schema name, `unsupported_version` for a
 * schema written by a newer version of this library, `store_unavailable` when the server
 * cannot be reached.
 */
export async function postgresStore(
  connection: PostgresConnection,
  options: PostgresStoreOptions = {},
): Promise<PostgresStore> {
  const t = layout(options.schema ?? DEFAULT_SCHEMA);
  const owned = connection.pool === undefined;
  const pool = connection.pool ?? new Pool({ connectionString: connection.connectionString });
  // An idle pooled connection the server drops must not crash the process; the pool replaces it.
  if (owned) pool.on("error", (error) => options.onError?.(error));
  try {
    await migrate(pool, t);
  } catch (error) {
    if (owned) await pool.end();
    throw pgFault(error, `opening schema ${t.schema}`);
  }
  const feed = createFeed({
    layout: t,
    reconnect: options.reconnect,
    onError: options.onError,
    connect: () => new Client({ ...pool.options, keepAlive: true }),
  });
  const context = { pool, layout: t, faults: faultsOf(options), onError: options.onError };
  let closed: Promise<void> | null = null;

  return {
    capabilities: { durable: true, crossProcess: true, refusesTakenMessageIds: true },
    asStored: jsonbOrder,
    schema: t.schema,
    // Every read and append answers driver errors typed (faults.ts), never raw.
    ...typedFaults({
      ...reads(pool, t),
      ...lists(pool, t),
      ...cursors(pool, t),
      ...commands(pool, t),
    }),
    async append(workspaceId, expectedHead, batch) {
      const result = await append(context, { workspaceId, expectedHead }, batch).catch(
        (error: unknown) => {
          throw pgFault(error, `append to workspace ${workspaceId} at ${expectedHead}`);
        },
      );
      // Watchers in this process hear at once, after this returns (as from another process);
      // NOTIFY tells them again, and everyone else.
      if (result.ok && batch.envelopes.length > 0) {
        queueMicrotask(() => feed.announce(workspaceId, result.head));
      }
      return result;
    },
    // Lost compare-and-swaps are retried under the workspace's advisory lock, across processes.
    exclusively: (workspaceId, run) => exclusively(pool, t, workspaceId, run),
    // A lost append may still be running on the server: `settle` waits for it to end.
    async landed(workspaceId, { seq, envelope_id }) {
      const first = { seq, id: envelope_id } as Envelope;
      const settled = await settle(pool, t, { workspaceId, first }).catch((error: unknown) => {
        throw pgFault(error, `looking for an append to workspace ${workspaceId} at ${seq}`);
      });
      return settled.committed;
    },
    // A workspace id no workspace can have (PostgreSQL takes no U+0000 or unpaired surrogate)
    // has nothing to hear, and must not break the feed's catching up for everyone else.
    watch: (workspaceId, onAppend) =>
      storable(workspaceId) ? feed.watch(workspaceId, onAppend) : () => {},
    close() {
      closed ??= (async () => {
        await feed.close();
        if (owned) await pool.end();
      })();
      return closed;
    },
  };
}
