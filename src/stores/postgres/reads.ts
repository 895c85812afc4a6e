import type { Pool } from "pg";
import { type About, subjectKeys } from "../../model/about.ts";
import type { Envelope } from "../../model/envelope.ts";
import type { PageAt, ProposalFilter, Store } from "../port.ts";
import type { Layout } from "./layout.ts";
import { loader } from "./load.ts";
import { named } from "./named.ts";
import {
  artifactOf,
  envelopeOf,
  type ProposalRow,
  proposalOf,
  type RecordRow,
  revisionOf,
} from "./rows.ts";

// Only the conditions asked for, so each combination gets a plan that uses its index; a page
// is a range of that index from where `after` was made (none, when it never was: `> NULL`).
function proposalQuery(t: Layout, workspaceId: string, filter: ProposalFilter & PageAt) {
  const values: unknown[] = [workspaceId];
  const where = ["workspace_id = $1"];
  for (const [column, value] of [
    ["status", filter.status],
    ["artifact_id", filter.artifactId],
  ] as const) {
    if (value === undefined) continue;
    values.push(value);
    where.push(`${column} = $${values.length}`);
  }
  if (filter.after !== undefined) {
    values.push(filter.after);
    where.push(`ordinal > (SELECT ordinal FROM ${t.proposals}
      WHERE workspace_id = $1 AND id = $${values.length})`);
  }
  let limit = "";
  if (filter.limit !== undefined) {
    values.push(filter.limit);
    limit = ` LIMIT $${values.length}`;
  }
  return named(
    `SELECT id, status, artifact_id, record_version, record FROM ${t.proposals}
      WHERE ${where.join(" AND ")} ORDER BY ordinal${limit}`,
    values,
  );
}

// By subject: a range of the subjects key from `after` for each subject (one statement for
// them all), each position once, then those envelopes by the log's key.
async function readAbout(
  pool: Pool,
  t: Layout,
  workspaceId: string,
  { after, limit, about }: { after: number; limit: number | undefined; about: About },
): Promise<Envelope[]> {
  const { rows } = await pool.query<RecordRow & { seq: string }>(
    named(
      `SELECT seq, record_version, envelope AS record FROM ${t.log}
        WHERE workspace_id = $1 AND seq IN (
          SELECT seq FROM ${t.subjects}
            WHERE workspace_id = $1 AND subject = ANY($2::text[]) AND seq > $3)
        ORDER BY seq LIMIT $4`,
      [workspaceId, subjectKeys(about), after, limit ?? null],
    ),
  );
  return rows.map((row) => envelopeOf(workspaceId, Number(row.seq), row));
}

/** The store's reads: each an index lookup or range scan, never a scan of the log. */
type Reads = Pick<Store, "head" | "load" | "read" | "revisions" | "proposals" | "artifacts">;

/** The reads of a store on `pool`, parsing every row it returns. */
export function reads(pool: Pool, t: Layout): Reads {
  return {
    async head(workspaceId) {
      const { rows } = await pool.query<{ head: string }>(
        named(`SELECT head FROM ${t.heads} WHERE workspace_id = $1`, [workspaceId]),
      );
      return Number(rows[0]?.head ?? 0);
    },
    load: loader(pool, t),
    async read(workspaceId, { after, limit, threadId, about }) {
      if (about !== undefined) return readAbout(pool, t, workspaceId, { after, limit, about });
      // By thread, a range of the (workspace_id, thread_id, seq) index; else of the key.
      const query =
        threadId === undefined
          ? named(
              `SELECT seq, record_version, envelope AS record FROM ${t.log}
              WHERE workspace_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
              [workspaceId, after, limit ?? null],
            )
          : named(
              `SELECT seq, record_version, envelope AS record FROM ${t.log}
              WHERE workspace_id = $1 AND thread_id = $2 AND seq > $3 ORDER BY seq LIMIT $4`,
              [workspaceId, threadId, after, limit ?? null],
            );
      const { rows } = await pool.query<RecordRow & { seq: string }>(query);
      return rows.map((row) => envelopeOf(workspaceId, Number(row.seq), row, threadId));
    },
    async revisions(workspaceId, artifactId) {
      const { rows } = await pool.query<RecordRow & { version: number }>(
        named(
          `SELECT version, record_version, record FROM ${t.revisions}
          WHERE workspace_id = $1 AND artifact_id = $2 ORDER BY version`,
          [workspaceId, artifactId],
        ),
      );
      return rows.map((row) => revisionOf(workspaceId, { artifactId, version: row.version }, row));
    },
    async proposals(workspaceId, filter) {
      const { rows } = await pool.query<ProposalRow>(proposalQuery(t, workspaceId, filter));
      return rows.map((row) => proposalOf(workspaceId, row));
    },
    async artifacts(workspaceId) {
      const { rows } = await pool.query<RecordRow & { id: string }>(
        named(
          `SELECT id, record_version, record FROM ${t.artifacts}
          WHERE workspace_id = $1 ORDER BY ordinal`,
          [workspaceId],
        ),
      );
      return rows.map((row) => artifactOf(workspaceId, row.id, row));
    },
  };
}
