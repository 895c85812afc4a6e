import type { Pool } from "pg";
import type { OfferEntry, OfferRef } from "../../model/offers.ts";
import { offerPageOf } from "../list-pages.ts";
import type { OfferFilter, PageAt } from "../port.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import { type OfferingRow, offeringThreadOf } from "./rows.ts";

const COLUMNS = "id, status, deciding, offering, record_version, record, offer_ids";
const OF_X = COLUMNS.split(", ")
  .map((column) => `x.${column}`)
  .join(", ");
type Row = OfferingRow & { part: number; ordinal: string };

/**
 * A page of offers, in one statement (one snapshot): the thread that made `after`, then the
 * offering threads created after it, a range of their partial index in creation order. Every
 * offering thread made one offer at least, so `limit` of them hold the page.
 */
export async function offerPage(
  pool: Pool,
  t: Layout,
  workspaceId: string,
  filter: OfferFilter & PageAt<OfferRef>,
): Promise<OfferEntry[]> {
  const { threadId, after, limit } = filter;
  const values: unknown[] = [workspaceId];
  const add = (value: unknown) => `$${values.push(value)}`;
  const own = threadId === undefined ? "" : ` AND id = ${add(threadId)}`;
  const n = limit === undefined ? undefined : add(limit);
  const most = n === undefined ? "" : ` LIMIT ${n}`;
  const cursor = after === undefined ? undefined : add(after.thread_id);
  const from =
    cursor === undefined
      ? ""
      : ` AND ordinal > (SELECT ordinal FROM ${t.threads} WHERE workspace_id = $1 AND id = ${cursor})`;
  // The offering threads' ids and how many offers came before each, from the index; then the
  // records of only those the page reaches (a thread of many offers fills it alone).
  const ahead = `SELECT id, ordinal, sum(jsonb_array_length(offer_ids)) OVER (ORDER BY ordinal)
      - jsonb_array_length(offer_ids) AS before
    FROM ${t.threads} WHERE workspace_id = $1 AND offering${own}${from} ORDER BY ordinal${most}`;
  const reached = n === undefined ? "" : ` WHERE a.before < ${n}`;
  const rest = `(SELECT 1 AS part, a.ordinal, ${OF_X}
    FROM (${ahead}) a JOIN ${t.threads} x ON x.workspace_id = $1 AND x.id = a.id${reached})`;
  const text =
    cursor === undefined
      ? rest
      : `SELECT 0 AS part, ordinal, ${COLUMNS} FROM ${t.threads}
          WHERE workspace_id = $1 AND id = ${cursor} UNION ALL ${rest}`;
  const { rows } = await pool.query<Row>(named(text, values));
  const inOrder = rows.sort((a, b) => a.part - b.part || Number(a.ordinal) - Number(b.ordinal));
  const first = inOrder[0]?.part === 0 ? inOrder.shift() : undefined;
  if (after !== undefined && first === undefined) return [];
  return offerPageOf(
    first === undefined ? null : offeringThreadOf(workspaceId, first),
    inOrder.map((row) => offeringThreadOf(workspaceId, row)),
    filter,
  );
}
