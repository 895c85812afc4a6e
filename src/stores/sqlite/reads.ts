import type { Database } from "better-sqlite3";
import { type About, subjectKeys } from "../../model/about.ts";
import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { Envelope } from "../../model/envelope.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Run } from "../../model/runs.ts";
import { type Needs, pendingKey, rejectedKey, revisionKey, type State } from "../../model/state.ts";
import type { PageAt, ProposalFilter } from "../port.ts";
import { proposalPages } from "./proposal-pages.ts";
import {
  artifactOf,
  envelopeOf,
  listedArtifactOf,
  type ProposalRow,
  proposalOf,
  revisionOf,
  runOf,
  threadOf,
} from "./rows.ts";
import type { Statements } from "./statements.ts";

/** The runs of each thread with a pending decision, read inside `load`'s transaction. */
type Deciding = (workspaceId: string, threadIds: readonly string[]) => Map<string, Run[]>;

/** The store's reads, each parsing every row it returns. */
interface Reads {
  /** The workspace's head (0 when it has no log). */
  head(workspaceId: string): number;
  /** What `needs` asks for, read in one snapshot. */
  load(workspaceId: string, needs: Needs): State;
  /**
   * Envelopes after `after`, at most `limit`; with `threadId`, only that thread's, with
   * `about`, only those about its subjects (each by an index).
   */
  log(
    workspaceId: string,
    options: { after: number; limit?: number; threadId?: string; about?: About },
  ): Envelope[];
  /** Every revision of an artifact, oldest first. */
  revisions(workspaceId: string, artifactId: string): Revision[];
  /** The proposals matching the filter, in the order they were made (or a page of them). */
  proposals(workspaceId: string, filter: ProposalFilter & PageAt): Proposal[];
  /** Every artifact, in the order they were created. */
  artifacts(workspaceId: string): Versioned[];
}

/** How many statements loading `needs` runs: one per id, list or revision asked for. */
const statementsOf = (needs: Needs): number =>
  needs.artifacts.length +
  needs.proposals.length +
  needs.threads.length +
  needs.runs.length +
  needs.messages.length +
  needs.revisions.length +
  needs.pending.length +
  needs.rejected.length +
  needs.deciding.length;

// The log's read: a range of its key; by thread, of the thread index; by subject, of the
// subjects key for each subject (one statement for them all), then those rows by the key.
function logOf(s: Statements): Reads["log"] {
  return (ws, { after, limit, threadId, about }) => {
    if (about !== undefined) {
      const keys = JSON.stringify(subjectKeys(about));
      const rows = s.readAboutLog.all(ws, ws, after, keys, limit ?? -1);
      return rows.map((row) => envelopeOf(ws, row));
    }
    return threadId === undefined
      ? s.readLog.all(ws, after, limit ?? -1).map((row) => envelopeOf(ws, row))
      : s.readThreadLog
          .all(ws, threadId, after, limit ?? -1)
          .map((row) => envelopeOf(ws, row, threadId));
  };
}

/** The reads of one connection, over its prepared statements. */
export function reads(db: Database, s: Statements, deciding: Deciding): Reads {
  const byId = <T, R>(
    statement: { get(ws: string, id: string): R | undefined },
    parse: (ws: string, id: string, row: R) => T,
  ) => {
    return (ws: string, ids: readonly string[]) =>
      new Map(
        ids.map((id) => {
          const row = statement.get(ws, id);
          return [id, row === undefined ? null : parse(ws, id, row)] as const;
        }),
      );
  };
  const artifacts = byId(s.artifact, artifactOf);
  const proposals = byId(s.proposal, (ws, _id, row) => proposalOf(ws, row));
  const threads = byId(s.thread, threadOf);
  const runs = byId(s.run, runOf);
  const page = proposalPages(db);
  const proposalList = (ws: string, rows: readonly ProposalRow[]) =>
    rows.map((row) => proposalOf(ws, row));

  // Every entity of a decision comes from the same commit: one read transaction, unless a
  // single statement reads them all (a statement reads one snapshot by itself).
  const loadAll = (ws: string, needs: Needs): State => ({
    artifacts: artifacts(ws, needs.artifacts),
    proposals: proposals(ws, needs.proposals),
    threads: threads(ws, needs.threads),
    runs: runs(ws, needs.runs),
    messages: new Map(needs.messages.map((id) => [id, s.message.get(ws, id) !== undefined])),
    revisions: new Map(
      needs.revisions.map((ref) => {
        const key = revisionKey(ref);
        const row = s.revision.get(ws, ref.artifact_id, ref.version);
        const at = { artifactId: ref.artifact_id, version: ref.version };
        return [key, row === undefined ? null : revisionOf(ws, at, row)] as const;
      }),
    ),
    pending: new Map(
      needs.pending.map((ref) => [
        pendingKey(ref),
        proposalList(ws, s.pendingOfThread.all(ws, ref.artifact_id, ref.thread_id)),
      ]),
    ),
    rejected: new Map(
      needs.rejected.map((ref) => [
        rejectedKey(ref),
        proposalList(ws, s.rejectedWithHunk.all(ws, ref.artifact_id, ref.hunk_id)),
      ]),
    ),
    deciding: deciding(ws, needs.deciding),
  });
  const load = db.transaction(loadAll);

  return {
    head: (ws) => s.head.get(ws)?.head ?? 0,
    load: (ws, needs) => (statementsOf(needs) > 1 ? load.deferred(ws, needs) : loadAll(ws, needs)),
    log: logOf(s),
    revisions: (ws, artifactId) =>
      s.revisions
        .all(ws, artifactId)
        .map((row) => revisionOf(ws, { artifactId, version: row.version }, row)),
    proposals(ws, filter) {
      const { status, artifactId } = filter;
      if (filter.after !== undefined || filter.limit !== undefined) {
        return proposalList(ws, page(ws, filter));
      }
      const rows =
        status === undefined
          ? artifactId === undefined
            ? s.proposals.all(ws)
            : s.proposalsByArtifact.all(ws, artifactId)
          : artifactId === undefined
            ? s.proposalsByStatus.all(ws, status)
            : s.proposalsByBoth.all(ws, artifactId, status);
      return proposalList(ws, rows);
    },
    artifacts: (ws) => s.artifacts.all(ws).map((row) => listedArtifactOf(ws, row)),
  };
}
