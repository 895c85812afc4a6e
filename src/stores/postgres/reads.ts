import type { Pool } from "pg";
import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Run } from "../../model/runs.ts";
import { type Needs, revisionKey, type State } from "../../model/state.ts";
import type { Thread } from "../../model/threads.ts";
import type { Store } from "../port.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import {
  artifactOf,
  envelopeOf,
  type ProposalRow,
  proposalOf,
  type RecordRow,
  revisionOf,
  runOf,
  threadOf,
} from "./rows.ts";

/** The store's reads: each an index lookup or range scan, never a scan of the log. */
export type Reads = Pick<Store, "head" | "load" | "read" | "revisions" | "proposals" | "artifacts">;

/** What one branch of the load query returns: which kind of entity, by which key. */
interface LoadedRow extends RecordRow {
  readonly kind: "artifact" | "proposal" | "thread" | "run" | "message" | "revision" | "pending";
  readonly id: string;
  readonly n: string;
  readonly status: string;
  readonly artifact_id: string;
}

// One round trip for everything `needs` asks for, with a branch for each kind it names.
function loadQuery(
  t: Layout,
  workspaceId: string,
  needs: Needs,
): { text: string; values: unknown[] } {
  const values: unknown[] = [workspaceId];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const branches: string[] = [];
  const ids = (
    kind: LoadedRow["kind"],
    wanted: readonly string[],
    select: (p: string) => string,
  ) => {
    if (wanted.length > 0)
      branches.push(`SELECT '${kind}' AS kind, ${select(param(wanted, "text[]"))}`);
  };
  ids(
    "artifact",
    needs.artifacts,
    (p) =>
      `id, ordinal AS n, '' AS status, '' AS artifact_id, record_version, record
      FROM ${t.artifacts} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    "proposal",
    needs.proposals,
    (p) =>
      `id, ordinal, status, artifact_id, record_version, record
      FROM ${t.proposals} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    "thread",
    needs.threads,
    (p) =>
      `id, 0, '', '', record_version, record FROM ${t.threads} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    "run",
    needs.runs,
    (p) =>
      `id, 0, '', '', record_version, record FROM ${t.runs} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    "message",
    needs.messages,
    (p) => `id, 0, '', '', 0, NULL FROM ${t.messages} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  if (needs.revisions.length > 0) {
    const artifactIds = param(
      needs.revisions.map((r) => r.artifact_id),
      "text[]",
    );
    const versions = param(
      needs.revisions.map((r) => r.version),
      "int[]",
    );
    branches.push(
      `SELECT 'revision', r.artifact_id, r.version, '', r.artifact_id, r.record_version, r.record
        FROM ${t.revisions} r
        JOIN unnest(${artifactIds}, ${versions}) AS wanted(artifact_id, version)
          USING (artifact_id, version)
        WHERE r.workspace_id = $1`,
    );
  }
  ids(
    "pending",
    needs.pending,
    (p) =>
      `id, ordinal, status, artifact_id, record_version, record FROM ${t.proposals}
      WHERE workspace_id = $1 AND status = 'pending' AND artifact_id = ANY(${p})`,
  );
  return { text: branches.join("\n  UNION ALL "), values };
}

const byOrdinal = (a: { n: string }, b: { n: string }) => Number(a.n) - Number(b.n);

/** The reads of a store on `pool`, parsing every row it returns. */
export function reads(pool: Pool, t: Layout): Reads {
  async function load(workspaceId: string, needs: Needs): Promise<State> {
    const { text, values } = loadQuery(t, workspaceId, needs);
    const { rows } =
      values.length === 1 ? { rows: [] } : await pool.query<LoadedRow>(named(text, values));
    const artifacts = new Map<string, Versioned | null>(needs.artifacts.map((id) => [id, null]));
    const proposals = new Map<string, Proposal | null>(needs.proposals.map((id) => [id, null]));
    const threads = new Map<string, Thread | null>(needs.threads.map((id) => [id, null]));
    const runs = new Map<string, Run | null>(needs.runs.map((id) => [id, null]));
    const messages = new Map<string, boolean>(needs.messages.map((id) => [id, false]));
    const revisions = new Map<string, Revision | null>(
      needs.revisions.map((ref) => [revisionKey(ref), null]),
    );
    const pending = new Map<string, Proposal[]>(needs.pending.map((id) => [id, []]));
    for (const row of rows.sort(byOrdinal)) {
      switch (row.kind) {
        case "artifact":
          artifacts.set(row.id, artifactOf(workspaceId, row.id, row));
          break;
        case "proposal":
          proposals.set(row.id, proposalOf(workspaceId, row));
          break;
        case "thread":
          threads.set(row.id, threadOf(workspaceId, row.id, row));
          break;
        case "run":
          runs.set(row.id, runOf(workspaceId, row.id, row));
          break;
        case "message":
          messages.set(row.id, true);
          break;
        case "revision": {
          const ref = { artifact_id: row.id, version: Number(row.n) };
          const revision = revisionOf(
            workspaceId,
            { artifactId: row.id, version: ref.version },
            row,
          );
          revisions.set(revisionKey(ref), revision);
          break;
        }
        case "pending":
          pending.get(row.artifact_id)?.push(proposalOf(workspaceId, row));
          break;
      }
    }
    return { artifacts, proposals, threads, runs, messages, revisions, pending };
  }

  return {
    async head(workspaceId) {
      const { rows } = await pool.query<{ head: string }>(
        named(`SELECT head FROM ${t.heads} WHERE workspace_id = $1`, [workspaceId]),
      );
      return Number(rows[0]?.head ?? 0);
    },
    load,
    async read(workspaceId, { after, limit, threadId }) {
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
      // Only the conditions asked for, so each combination gets a plan that uses its index.
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
      const { rows } = await pool.query<ProposalRow>(
        named(
          `SELECT id, status, artifact_id, record_version, record FROM ${t.proposals}
            WHERE ${where.join(" AND ")} ORDER BY ordinal`,
          values,
        ),
      );
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
