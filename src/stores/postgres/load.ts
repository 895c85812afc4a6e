import type { Pool } from "pg";
import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Run } from "../../model/runs.ts";
import { type Needs, pendingKey, rejectedKey, revisionKey, type State } from "../../model/state.ts";
import type { Thread } from "../../model/threads.ts";
import type { Layout } from "./layout.ts";
import { named } from "./named.ts";
import {
  artifactOf,
  listedRunOf,
  proposalOf,
  type RecordRow,
  revisionOf,
  runOf,
  threadOf,
} from "./rows.ts";

/** What one branch of the load query returns: which kind of entity, by which key. */
interface LoadedRow extends RecordRow {
  readonly kind:
    | "artifact"
    | "proposal"
    | "thread"
    | "run"
    | "message"
    | "revision"
    | "pending"
    | "rejected"
    | "deciding";
  readonly id: string;
  readonly n: string;
  readonly status: string;
  /** What the row is grouped under: a pending or rejected proposal's artifact, a deciding run's thread. */
  readonly owner: string;
  readonly deciding: boolean;
}

// Each branch's columns, named in every branch: a union takes its names from its first.
const columns = (
  kind: LoadedRow["kind"],
  c: { id: string; n?: string; status?: string; owner?: string; deciding?: string },
  record = "record_version, record",
) =>
  `SELECT '${kind}' AS kind, ${c.id} AS id, ${c.n ?? "0"} AS n, ${c.status ?? "''"} AS status,
    ${c.owner ?? "''"} AS owner, ${c.deciding ?? "false"} AS deciding, ${record}`;

// The branches of the lists a proposal touches (ADR 0062): a thread's pending proposals on an
// artifact, and the rejections there that recorded a hunk. A pending row's `status` holds its
// thread, a rejected row's the hunk it was asked by: with `owner`, the key it is listed under.
function touchedBranches(
  t: Layout,
  needs: Needs,
  param: (value: unknown, type: string) => string,
): string[] {
  const branches: string[] = [];
  const text = (values: readonly string[]) => param(values, "text[]");
  const p = { id: "p.id", n: "p.ordinal", owner: "p.artifact_id" };
  const record = "p.record_version, p.record";
  if (needs.pending.length > 0) {
    const artifacts = text(needs.pending.map((r) => r.artifact_id));
    const threads = text(needs.pending.map((r) => r.thread_id));
    branches.push(
      `${columns("pending", { ...p, status: "p.record->>'thread_id'" }, record)}
        FROM ${t.proposals} p
        JOIN unnest(${artifacts}, ${threads}) AS wanted(artifact_id, thread_id)
          ON p.artifact_id = wanted.artifact_id AND p.record->>'thread_id' = wanted.thread_id
        WHERE p.workspace_id = $1 AND p.status = 'pending'`,
    );
  }
  if (needs.rejected.length > 0) {
    const artifacts = text(needs.rejected.map((r) => r.artifact_id));
    const hunks = text(needs.rejected.map((r) => r.hunk_id));
    branches.push(
      `${columns("rejected", { ...p, status: "h.hunk_id" }, record)}
        FROM ${t.rejectedHunks} h
        JOIN unnest(${artifacts}, ${hunks}) AS wanted(artifact_id, hunk_id)
          USING (artifact_id, hunk_id)
        JOIN ${t.proposals} p ON p.workspace_id = h.workspace_id AND p.id = h.proposal_id
        WHERE h.workspace_id = $1 AND p.status = 'rejected'`,
    );
  }
  return branches;
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
  const ids = (wanted: readonly string[], select: (p: string) => string) => {
    if (wanted.length > 0) branches.push(select(param(wanted, "text[]")));
  };
  const proposal = { id: "id", n: "ordinal", status: "status", owner: "artifact_id" };
  ids(
    needs.artifacts,
    (p) => `${columns("artifact", { id: "id", n: "ordinal" })}
      FROM ${t.artifacts} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    needs.proposals,
    (p) => `${columns("proposal", proposal)}
      FROM ${t.proposals} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    needs.threads,
    (p) => `${columns("thread", { id: "id" })}
      FROM ${t.threads} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    needs.runs,
    (p) => `${columns("run", { id: "id" })}
      FROM ${t.runs} WHERE workspace_id = $1 AND id = ANY(${p})`,
  );
  ids(
    needs.messages,
    (p) => `${columns("message", { id: "id" }, "0, NULL::jsonb")}
      FROM ${t.messages} WHERE workspace_id = $1 AND id = ANY(${p})`,
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
      `${columns("revision", { id: "r.artifact_id", n: "r.version" }, "r.record_version, r.record")}
        FROM ${t.revisions} r
        JOIN unnest(${artifactIds}, ${versions}) AS wanted(artifact_id, version)
          USING (artifact_id, version)
        WHERE r.workspace_id = $1`,
    );
  }
  branches.push(...touchedBranches(t, needs, param));
  ids(
    needs.deciding,
    (
      p,
    ) => `${columns("deciding", { id: "id", n: "ordinal", status: "status", owner: "thread_id", deciding: "deciding" })}
      FROM ${t.runs} WHERE workspace_id = $1 AND deciding AND thread_id = ANY(${p})`,
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
    pending: new Map<string, Proposal[]>(needs.pending.map((ref) => [pendingKey(ref), []])),
    rejected: new Map<string, Proposal[]>(needs.rejected.map((ref) => [rejectedKey(ref), []])),
    deciding: new Map<string, Run[]>(needs.deciding.map((id) => [id, []])),
  };
}

// Parses one row of the load query into its place in the state.
function place(state: ReturnType<typeof absent>, workspaceId: string, row: LoadedRow): void {
  switch (row.kind) {
    case "artifact":
      state.artifacts.set(row.id, artifactOf(workspaceId, row.id, row));
      break;
    case "proposal":
      state.proposals.set(row.id, proposalOf(workspaceId, { ...row, artifact_id: row.owner }));
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
      state.pending
        .get(pendingKey({ artifact_id: row.owner, thread_id: row.status }))
        ?.push(proposalOf(workspaceId, { ...row, status: "pending", artifact_id: row.owner }));
      break;
    case "rejected":
      state.rejected
        .get(rejectedKey({ artifact_id: row.owner, hunk_id: row.status }))
        ?.push(proposalOf(workspaceId, { ...row, status: "rejected", artifact_id: row.owner }));
      break;
    case "deciding":
      state.deciding
        .get(row.owner)
        ?.push(listedRunOf(workspaceId, { ...row, thread_id: row.owner }));
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
