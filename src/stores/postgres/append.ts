import type { Pool } from "pg";
import { WorkspaceError } from "../../model/errors.ts";
import type { StoreFaults } from "../faults.ts";
import type { AppendBatch, AppendResult } from "../port.ts";
import { appendStatement, type HeadMove, type Part, parts } from "./append-sql.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";

/** How appends reach the database. */
interface AppendContext {
  readonly pool: Pool;
  readonly layout: Layout;
  /** Injected by tests only (`withFaults`). */
  readonly faults: StoreFaults;
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
 * Appends a batch if the workspace's head is still `expectedHead`, in one statement and so
 * one transaction: the head's compare-and-swap, the envelopes and entities, and a `NOTIFY`
 * delivered on commit. When another writer moved the head first, it writes nothing and
 * reports the head it found; it throws only for what no retry can fix.
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
  try {
    const landed = await pool.query(named(text, values));
    if (landed.rows.length === 1) return { ok: true, head };
  } catch (error) {
    if (UNSTORABLE.has(codeOf(error))) {
      throw new WorkspaceError(
        "invalid_argument",
        `workspace ${workspaceId}: PostgreSQL cannot store text with U+0000 or an unpaired ` +
          `surrogate (${(error as Error).message})`,
      );
    }
    if (!RACE.has(codeOf(error))) throw error;
    const found = await currentHead(pool, t, workspaceId);
    if (found === expectedHead) throw error;
    return { ok: false, head: found };
  }
  return { ok: false, head: await currentHead(pool, t, workspaceId) };
}
