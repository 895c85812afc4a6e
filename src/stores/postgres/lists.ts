import type { Pool } from "pg";
import { offersOf, pendingDecisions } from "../pending.ts";
import type { Store } from "../port.ts";
import { decisionPage } from "./decision-pages.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import { offerPage } from "./offer-pages.ts";
import {
  listedRunOf,
  listedThreadOf,
  type OfferingRow,
  offeringThreadOf,
  type RunRow,
  type ThreadRow,
} from "./rows.ts";

/** The store's lists of threads, runs, pending decisions and offers. */
type Lists = Pick<Store, "threads" | "runs" | "decisions" | "offers">;

const THREAD_COLUMNS = "id, status, deciding, offering, record_version, record";
const RUN_COLUMNS = "id, thread_id, status, deciding, record_version, record";

// Only the conditions asked for, so each combination gets a plan that uses its index.
function where(
  workspaceId: string,
  conditions: readonly (readonly [column: string, value: string | undefined])[],
): { where: string; values: unknown[] } {
  const values: unknown[] = [workspaceId];
  const terms = ["workspace_id = $1"];
  for (const [column, value] of conditions) {
    if (value === undefined) continue;
    values.push(value);
    terms.push(`${column} = $${values.length}`);
  }
  return { where: terms.join(" AND "), values };
}

/**
 * The lists of a store on `pool`: each a range of an index in creation order (the
 * `ordinal` every thread and run is given when first written), every row parsed.
 */
export function lists(pool: Pool, t: Layout): Lists {
  return {
    async threads(workspaceId, { status }) {
      const q = where(workspaceId, [["status", status]]);
      const { rows } = await pool.query<ThreadRow>(
        named(
          `SELECT ${THREAD_COLUMNS} FROM ${t.threads} WHERE ${q.where} ORDER BY ordinal`,
          q.values,
        ),
      );
      return rows.map((row) => listedThreadOf(workspaceId, row));
    },
    async runs(workspaceId, { threadId, status }) {
      const q = where(workspaceId, [
        ["thread_id", threadId],
        ["status", status],
      ]);
      const { rows } = await pool.query<RunRow>(
        named(`SELECT ${RUN_COLUMNS} FROM ${t.runs} WHERE ${q.where} ORDER BY ordinal`, q.values),
      );
      return rows.map((row) => listedRunOf(workspaceId, row));
    },
    async decisions(workspaceId, filter) {
      const { threadId, after, limit } = filter;
      if (after !== undefined || limit !== undefined) {
        return decisionPage(pool, t, workspaceId, filter);
      }
      // One statement, so both lists come from one snapshot: a decision moving between a
      // thread and a run is never listed twice or missed.
      const [ofThread, ofRun] =
        threadId === undefined ? ["", ""] : [" AND id = $2", " AND thread_id = $2"];
      type Row = RunRow & ThreadRow & { kind: "thread" | "run"; ordinal: string };
      const { rows } = await pool.query<Row>(
        named(
          `SELECT 'thread' AS kind, ordinal, id, id AS thread_id, status, deciding,
              record_version, record, offering
            FROM ${t.threads} WHERE workspace_id = $1 AND deciding${ofThread}
          UNION ALL
          SELECT 'run', ordinal, ${RUN_COLUMNS}, false
            FROM ${t.runs} WHERE workspace_id = $1 AND deciding${ofRun}`,
          threadId === undefined ? [workspaceId] : [workspaceId, threadId],
        ),
      );
      const inOrder = rows.sort((a, b) => Number(a.ordinal) - Number(b.ordinal));
      const threads = inOrder.filter((row) => row.kind === "thread");
      const runs = inOrder.filter((row) => row.kind === "run");
      return pendingDecisions(
        threads.map((row) => listedThreadOf(workspaceId, row)),
        runs.map((row) => listedRunOf(workspaceId, row)),
        threadId,
      );
    },
    async offers(workspaceId, filter) {
      const { threadId, after, limit } = filter;
      if (after !== undefined || limit !== undefined) {
        return offerPage(pool, t, workspaceId, filter);
      }
      // The threads whose agent made offers, from their index in creation order; with
      // `threadId`, that one among them (one row at most: nothing to order).
      const [text, values] =
        threadId === undefined
          ? [" AND offering ORDER BY ordinal", [workspaceId]]
          : [" AND id = $2 AND offering", [workspaceId, threadId]];
      const { rows } = await pool.query<OfferingRow>(
        named(
          `SELECT ${THREAD_COLUMNS}, offer_ids FROM ${t.threads} WHERE workspace_id = $1${text}`,
          values,
        ),
      );
      return offersOf(
        rows.map((row) => offeringThreadOf(workspaceId, row)),
        threadId,
      );
    },
  };
}
