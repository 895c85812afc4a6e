import type { Pool } from "pg";
import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Run } from "../../model/runs.ts";
import { type Needs, revisionKey, type State } from "../../model/state.ts";
import type { Thread } from "../../model/threads.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import { artifactOf, proposalOf, type RecordRow, revisionOf, runOf, threadOf } from "./rows.ts";

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

// Everything asked for, as absent until a row says otherwise.
function absent(needs: Needs) {
  return {
    artifacts: new Map<string, Versioned | null>(needs.artifacts.map((id) => [id, null])),
    proposals: new Map<string, Proposal | null>(needs.proposals.map((id) => [id, null])),
    threads: new Map<string, Thread | null>(needs.threads.map((id) => [id, null])),
    runs: new Map<string, Run | null>(needs.runs.map((id) => [id, null])),
    messages: new Map<string, boolean>(needs.messages.map((id) => [id, false])),
    revisions: new Map<string, Revision | null>(
      needs.revisions.map((ref) => [revisionKey(ref), null]),
    ),
    pending: new Map<string, Proposal[]>(needs.pending.map((id) => [id, []])),
  };
}

// Parses one row of the load query into its place in the state.
function place(state: ReturnType<typeof absent>, workspaceId: string, row: LoadedRow): void {
  switch (row.kind) {
    case "artifact":
      state.artifacts.set(row.id, artifactOf(workspaceId, row.id, row));
      break;
    case "proposal":
      state.proposals.set(row.id, proposalOf(workspaceId, row));
      break;
    case "thread":
      state.threads.set(row.id, threadOf(workspaceId, row.id, row));
      break;
    case "run":
      state.runs.set(row.id, runOf(workspaceId, row.id, row));
      break;
    case "message":
      state.messages.set(row.id, true);
      break;
    case "revision": {
      const ref = { artifact_id: row.id, version: Number(row.n) };
      const revision = revisionOf(workspaceId, { artifactId: row.id, version: ref.version }, row);
      state.revisions.set(revisionKey(ref), revision);
      break;
    }
    case "pending":
      state.pending.get(row.artifact_id)?.push(proposalOf(workspaceId, row));
      break;
  }
}

const byOrdinal = (a: { n: string }, b: { n: string }) => Number(a.n) - Number(b.n);

/** The store's `load`: everything `needs` asks for, in one round trip, every row parsed. */
export function loader(
  pool: Pool,
  t: Layout,
): (workspaceId: string, needs: Needs) => Promise<State> {
  return async (workspaceId, needs) => {
    const { text, values } = loadQuery(t, workspaceId, needs);
    const { rows } =
      values.length === 1 ? { rows: [] } : await pool.query<LoadedRow>(named(text, values));
    const state = absent(needs);
    for (const row of rows.sort(byOrdinal)) place(state, workspaceId, row);
    return state;
  };
}
