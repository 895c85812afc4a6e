import type { Pool } from "pg";
import type { PendingDecision, Scope } from "../../model/decisions.ts";
import { decisionPageOf } from "../list-pages.ts";
import type { DecisionFilter, PageAt } from "../port.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import { listedRunOf, listedThreadOf, type RunRow, type ThreadRow } from "./rows.ts";

type Row = RunRow & ThreadRow & { kind: "thread" | "run"; ordinal: string };

/** A statement under construction: its values, each added where the text names it. */
class Values {
  readonly all: unknown[] = [];
  /** `$n` of `value`, added. */
  add(value: unknown): string {
    this.all.push(value);
    return `$${this.all.length}`;
  }
}

// The deciding threads' part of a page: after the thread `after` names, at most `limit`.
function threadPart(t: Layout, v: Values, threadId?: string, after?: string, limit?: string) {
  const own = threadId === undefined ? "" : ` AND id = ${v.add(threadId)}`;
  const from =
    after === undefined
      ? ""
      : ` AND ordinal > (SELECT ordinal FROM ${t.threads} WHERE workspace_id = $1 AND id = ${after})`;
  return `(SELECT 'thread' AS kind, ordinal, id, id AS thread_id, status, deciding,
      record_version, record, offering
    FROM ${t.threads} WHERE workspace_id = $1 AND deciding${own}${from}
    ORDER BY ordinal${limit === undefined ? "" : ` LIMIT ${limit}`})`;
}

// The deciding runs' part: after the run `after` names, or all of them once the threads'
// part is read from the thread `known` names (which must be the workspace's).
function runPart(t: Layout, v: Values, threadId?: string, from?: string, limit?: string) {
  const own = threadId === undefined ? "" : ` AND thread_id = ${v.add(threadId)}`;
  return `(SELECT 'run' AS kind, ordinal, id, thread_id, status, deciding, record_version, record,
      false AS offering
    FROM ${t.runs} WHERE workspace_id = $1 AND deciding${own}${from ?? ""}
    ORDER BY ordinal${limit === undefined ? "" : ` LIMIT ${limit}`})`;
}

/**
 * A page of the decisions pending now, in one statement (one snapshot): the deciding threads
 * after `after`'s place (none when it is a run's), then the deciding runs after it, each a
 * range of its partial index in creation order (`ordinal`). A scope never made reads nothing.
 */
export async function decisionPage(
  pool: Pool,
  t: Layout,
  workspaceId: string,
  { threadId, after, limit }: DecisionFilter & PageAt<Scope>,
): Promise<PendingDecision[]> {
  const v = new Values();
  v.add(workspaceId);
  const most = limit === undefined ? undefined : v.add(limit);
  const cursor = after === undefined ? undefined : v.add(after.id);
  const parts: string[] = [];
  if (after?.kind !== "run") {
    parts.push(threadPart(t, v, threadId, cursor, most));
    // The runs follow the threads only from a thread this workspace made.
    const known =
      cursor === undefined
        ? ""
        : ` AND EXISTS (SELECT 1 FROM ${t.threads} WHERE workspace_id = $1 AND id = ${cursor})`;
    parts.push(runPart(t, v, threadId, known, most));
  } else {
    const from = ` AND ordinal > (SELECT ordinal FROM ${t.runs} WHERE workspace_id = $1 AND id = ${cursor})`;
    parts.push(runPart(t, v, threadId, from, most));
  }
  const { rows } = await pool.query<Row>(named(parts.join(" UNION ALL "), v.all));
  // Threads' rows first, each part in creation order; only the page's rows are parsed.
  const rank = (row: Row) => (row.kind === "thread" ? 0 : 1);
  const inOrder = rows.sort((a, b) => rank(a) - rank(b) || Number(a.ordinal) - Number(b.ordinal));
  const page = limit === undefined ? inOrder : inOrder.slice(0, Math.max(0, limit));
  return decisionPageOf(
    page.filter((row) => row.kind === "thread").map((row) => listedThreadOf(workspaceId, row)),
    page.filter((row) => row.kind === "run").map((row) => listedRunOf(workspaceId, row)),
    threadId,
    limit,
  );
}
