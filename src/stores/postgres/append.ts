import type { Pool, PoolClient, QueryResult } from "pg";
import { WorkspaceError } from "../../model/errors.ts";
import type { StoreFaults } from "../faults.ts";
import type { AppendBatch, AppendResult } from "../port.ts";
import { appendStatement, type HeadMove, type Part, parts } from "./append-sql.ts";
import { isConnectionLoss, pgFault } from "./faults.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import { type Settled, settle } from "./settle.ts";

/** How appends reach the database. */
interface AppendContext {
  readonly pool: Pool;
  readonly layout: Layout;
  /** Injected by tests only (`withFaults`). */
  readonly faults: StoreFaults;
  /** Hears of appends whose connection was lost and that were settled by asking again. */
  readonly onError?: ((error: unknown) => void) | undefined;
}

// The log stays gapless only if each batch continues it exactly.
function checkBatch(workspaceId: string, expectedHead: number, batch: AppendBatch): void {
  batch.envelopes.forEach((envelope, i) => {
    if (envelope.seq !== expectedHead + 1 + i || envelope.workspace_id !== workspaceId) {
      throw new WorkspaceError(
        "invalid_argument",
        `workspace ${workspaceId}: an append at ${expectedHead} must carry envelopes ` +
          `${expectedHead + 1}… of this workspace, not ${envelope.workspace_id}:${envelope.seq}`,
      );
    }
  });
}

const codeOf = (error: unknown) =>
  typeof error === "object" && error !== null ? String((error as { code?: unknown }).code) : "";
// Errors that mean another writer took the position first (under stricter isolation, or
// against a row written by hand) when the head has indeed moved.
const RACE = new Set(["23505", "40001", "40P01"]);
// What jsonb refuses of what JSON.stringify writes: "\u0000", and lone surrogates.
const UNSTORABLE = new Set(["22P05", "22P02"]);

// A unique violation of the messages table's primary key.
const takenMessageId = (t: Layout, error: unknown) => {
  const { code, schema, table } = error as { code?: unknown; schema?: unknown; table?: unknown };
  return code === "23505" && schema === t.schema && table === "messages";
};

/** The statement was never sent: no connection could be had. */
class NotSent extends Error {}

// Sends one statement on a connection of its own, so that a failure to connect (nothing
// sent) is told apart from a connection lost while it ran (its fate unknown).
async function send(
  pool: Pool,
  query: { name: string; text: string; values: unknown[] },
): Promise<QueryResult> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new NotSent("no connection", { cause: error });
  }
  let lost: Error | undefined;
  // A connection lost mid-statement must not crash the process; the query reports it.
  const onError = (error: Error) => {
    lost ??= error;
  };
  client.on("error", onError);
  try {
    return await client.query(query);
  } catch (error) {
    if (isConnectionLoss(error)) lost ??= error as Error;
    throw error;
  } finally {
    client.off("error", onError);
    client.release(lost);
  }
}

async function currentHead(pool: Pool, t: Layout, workspaceId: string): Promise<number> {
  const { rows } = await pool.query<{ head: string }>(
    named(`SELECT head FROM ${t.heads} WHERE workspace_id = $1`, [workspaceId]),
  );
  return Number(rows[0]?.head ?? 0);
}

// What a writer that fails at row `n` got to write: the head row, then rows of the parts.
function before(all: readonly Part[], n: number): Part[] {
  let left = n - 2;
  return all.map((part) => {
    const rows = part.rows.slice(0, Math.max(0, left));
    left -= rows.length;
    return { ...part, rows };
  });
}

// The test hook: writes the rows before the failing one in a transaction, then throws in it.
async function appendFailing(
  context: AppendContext,
  statement: { move: HeadMove; all: readonly Part[]; failAtRow: number },
): Promise<never> {
  const { move, all, failAtRow } = statement;
  const client = await context.pool.connect();
  try {
    await client.query("BEGIN");
    if (failAtRow > 1) {
      const { text, values } = appendStatement(context.layout, move, before(all, failAtRow));
      await client.query(text, values);
    }
    throw new Error(`injected fault at row ${failAtRow} of an append`);
  } finally {
    await client.query("ROLLBACK").then(
      () => client.release(),
      (lost: Error) => client.release(lost),
    );
  }
}

/**
 * After the connection was lost mid-append: committed, it landed; provably not, the caller
 * decides again (nothing was written); when the server cannot be asked, the outcome is
 * unknown and says which append it is about.
 *
 * @throws WorkspaceError `unknown_outcome` (with `attempt`, the lost error as `cause`).
 */
async function settleLost(
  context: AppendContext,
  at: { readonly workspaceId: string; readonly expectedHead: number },
  batch: AppendBatch,
  lost: unknown,
): Promise<AppendResult> {
  const { workspaceId, expectedHead } = at;
  const first = batch.envelopes[0];
  // An append of entities only moves no position: whatever became of it, deciding again
  // at the head found is safe, and no envelope could say.
  if (first === undefined) {
    throw pgFault(lost, `append to workspace ${workspaceId} (no envelopes; decide again)`);
  }
  let settled: Settled;
  try {
    settled = await settle(context.pool, context.layout, { workspaceId, first });
  } catch (asking) {
    throw new WorkspaceError(
      "unknown_outcome",
      `workspace ${workspaceId}: the connection was lost while appending at ${expectedHead} ` +
        `(${(lost as Error).message}) and the server cannot be asked whether it committed ` +
        `(${(asking as Error).message}); settle seq ${first.seq}, envelope ${first.id}`,
      {
        cause: lost,
        attempt: { workspace_id: workspaceId, seq: first.seq, envelope_id: first.id },
      },
    );
  }
  const landed = settled.committed ? "it had committed" : "it had not committed";
  context.onError?.(
    new WorkspaceError(
      "store_unavailable",
      `workspace ${workspaceId}: the connection was lost while appending seq ${first.seq}; ` +
        `asked again, ${landed}`,
      { cause: lost },
    ),
  );
  return settled.committed
    ? { ok: true, head: expectedHead + batch.envelopes.length }
    : { ok: false, head: settled.head };
}

// What a failed append answers: a race lost, the text jsonb refuses, a lost connection
// settled, or the driver's error typed.
async function failed(
  context: AppendContext,
  at: { readonly workspaceId: string; readonly expectedHead: number },
  batch: AppendBatch,
  error: unknown,
): Promise<AppendResult> {
  const { workspaceId, expectedHead } = at;
  const what = `append to workspace ${workspaceId} at ${expectedHead}`;
  if (error instanceof NotSent) throw pgFault(error.cause, `${what} (nothing sent)`);
  if (UNSTORABLE.has(codeOf(error))) {
    throw new WorkspaceError(
      "invalid_argument",
      `workspace ${workspaceId}: PostgreSQL cannot store text with U+0000 or an unpaired ` +
        `surrogate (${(error as Error).message})`,
    );
  }
  if (isConnectionLoss(error)) return settleLost(context, at, batch, error);
  if (!RACE.has(codeOf(error))) throw pgFault(error, what);
  const found = await currentHead(context.pool, context.layout, workspaceId);
  if (found !== expectedHead) return { ok: false, head: found };
  // The head is where it was: a message id the batch writes was in use (the rules decided
  // it without reading it), and the workspace decides again with it read.
  if (takenMessageId(context.layout, error)) return { ok: false, head: found, taken: true };
  throw pgFault(error, what);
}

/**
 * Appends a batch if the workspace's head is still `expectedHead`, in one statement and so
 * one transaction: the head's compare-and-swap, the envelopes and entities, and a `NOTIFY`
 * delivered on commit. When another writer moved the head first, it writes nothing and
 * reports the head it found. When the connection is lost while the statement runs, it asks
 * again on a new one whether the statement committed (see {@link settle}).
 *
 * @throws WorkspaceError `invalid_argument` for a batch that does not continue the log or
 * holds text jsonb refuses; `unknown_outcome` when the lost append cannot be settled; the
 * store's fault codes (`disk_full`, `read_only`, `store_unavailable`…) otherwise.
 */
export async function append(
  context: AppendContext,
  at: { readonly workspaceId: string; readonly expectedHead: number },
  batch: AppendBatch,
): Promise<AppendResult> {
  const { pool, layout: t } = context;
  const { workspaceId, expectedHead } = at;
  checkBatch(workspaceId, expectedHead, batch);
  const head = expectedHead + batch.envelopes.length;
  const all = parts(t, batch);
  const move: HeadMove = {
    workspaceId,
    expectedHead,
    head,
    ordinals: all.reduce((n, part) => n + (part.ordered ? part.rows.length : 0), 0),
    channel: head > expectedHead ? t.channel : null,
  };
  const { failAtRow } = context.faults;
  const rows = 1 + all.reduce((n, part) => n + part.rows.length, 0);
  if (failAtRow !== undefined && failAtRow <= rows) {
    return appendFailing(context, { move, all, failAtRow });
  }
  const { text, values } = appendStatement(t, move, all);
  let landed: QueryResult;
  try {
    landed = await send(pool, named(text, values));
  } catch (error) {
    return failed(context, at, batch, error);
  }
  if (landed.rows.length === 1) return { ok: true, head };
  return { ok: false, head: await currentHead(pool, t, workspaceId) };
}
