import type { z } from "zod";
import {
  type Revision,
  RevisionSchema,
  type Versioned,
  VersionedSchema,
} from "../../model/artifacts.ts";
import { type Envelope, EnvelopeSchema } from "../../model/envelope.ts";
import { WorkspaceError } from "../../model/errors.ts";
import { type Proposal, ProposalSchema } from "../../model/proposals.ts";
import { type Run, RunSchema } from "../../model/runs.ts";
import { type Thread, ThreadSchema } from "../../model/threads.ts";
import { RECORD_VERSION } from "./layout.ts";

/** A stored record as it comes back from a query. */
export interface RecordRow {
  readonly record_version: number;
  readonly record: unknown;
}

/** What a record is, for error messages: `log entry 12`, `artifact n1`. */
interface Where {
  readonly workspaceId: string;
  readonly what: string;
}

function corrupt(where: Where, why: string): WorkspaceError {
  return new WorkspaceError(
    "corrupt_record",
    `workspace ${where.workspaceId}: stored ${where.what} is corrupt: ${why}`,
  );
}

function parse<S extends z.ZodType>(schema: S, row: RecordRow, where: Where): z.output<S> {
  if (row.record_version > RECORD_VERSION) {
    throw corrupt(
      where,
      `record version ${row.record_version} is newer than this library's ${RECORD_VERSION}`,
    );
  }
  const parsed = schema.safeParse(row.record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join(".") ?? "";
    throw corrupt(where, `${path === "" ? "" : `${path}: `}${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

// A record under another key than its own is foreign: copied or moved in by hand.
function own<T>(value: T, field: string, found: [unknown, unknown], where: Where): T {
  const [inRecord, inRow] = found;
  if (inRecord !== inRow) {
    const show = JSON.stringify;
    throw corrupt(where, `its ${field} is ${show(inRecord)} but its row's is ${show(inRow)}`);
  }
  return value;
}

/**
 * Parses a log row. `threadId` is the thread it was found under when read by thread: its
 * envelope must be of that thread too, so a `thread_id` column that disagrees with the
 * envelope never hands out another thread's event.
 * @throws WorkspaceError `corrupt_record` naming the workspace and seq.
 */
export function envelopeOf(
  workspaceId: string,
  seq: number,
  row: RecordRow,
  threadId?: string,
): Envelope {
  const where = { workspaceId, what: `log entry ${seq}` };
  const envelope = parse(EnvelopeSchema, row, where);
  own(envelope, "workspace_id", [envelope.workspace_id, workspaceId], where);
  if (threadId !== undefined) own(envelope, "thread_id", [envelope.thread_id, threadId], where);
  return own(envelope, "seq", [envelope.seq, seq], where);
}

/** Parses an artifact row. @throws WorkspaceError `corrupt_record` naming the artifact. */
export function artifactOf(workspaceId: string, id: string, row: RecordRow): Versioned {
  const where = { workspaceId, what: `artifact ${id}` };
  const artifact = parse(VersionedSchema, row, where);
  return own(artifact, "id", [artifact.id, id], where);
}

/** Parses a revision row. @throws WorkspaceError `corrupt_record` naming the revision. */
export function revisionOf(
  workspaceId: string,
  ref: { readonly artifactId: string; readonly version: number },
  row: RecordRow,
): Revision {
  const where = { workspaceId, what: `revision ${ref.version} of artifact ${ref.artifactId}` };
  const revision = parse(RevisionSchema, row, where);
  own(revision, "artifact_id", [revision.artifact_id, ref.artifactId], where);
  return own(revision, "version", [revision.version, ref.version], where);
}

/** A proposal row: its record and the columns it is filtered by. */
export interface ProposalRow extends RecordRow {
  readonly id: string;
  readonly status: string;
  readonly artifact_id: string;
}

/**
 * Parses a proposal row, checking the columns it was found by agree with the record.
 * @throws WorkspaceError `corrupt_record` naming the proposal.
 */
export function proposalOf(workspaceId: string, row: ProposalRow): Proposal {
  const where = { workspaceId, what: `proposal ${row.id}` };
  const proposal = parse(ProposalSchema, row, where);
  own(proposal, "status", [proposal.status, row.status], where);
  own(proposal, "artifact_id", [proposal.change.artifact_id, row.artifact_id], where);
  return own(proposal, "id", [proposal.id, row.id], where);
}

/** Parses a thread row. @throws WorkspaceError `corrupt_record` naming the thread. */
export function threadOf(workspaceId: string, id: string, row: RecordRow): Thread {
  const where = { workspaceId, what: `thread ${id}` };
  const thread = parse(ThreadSchema, row, where);
  return own(thread, "id", [thread.id, id], where);
}

/** Parses a run row. @throws WorkspaceError `corrupt_record` naming the run. */
export function runOf(workspaceId: string, id: string, row: RecordRow): Run {
  const where = { workspaceId, what: `run ${id}` };
  const run = parse(RunSchema, row, where);
  return own(run, "id", [run.id, id], where);
}
