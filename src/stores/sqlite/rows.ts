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

/**
 * The format version of every JSON record written (column `v`). Readers accept the versions
 * they know; a later format adds a case here rather than rewriting old rows.
 */
export const RECORD_VERSION = 1;

/** A row of `log`. */
export interface LogRow {
  readonly seq: number;
  readonly v: number;
  readonly envelope: string;
}

/** A row of an entity table: its key, format version and JSON record. */
export interface RecordRow {
  readonly v: number;
  readonly record: string;
}

/** A row of `proposals`, with the copies of the record's fields that its indexes use. */
export interface ProposalRow extends RecordRow {
  readonly status: string;
  readonly artifact_id: string;
}

function corrupt(workspaceId: string, where: string, why: string): WorkspaceError {
  return new WorkspaceError("corrupt_record", `workspace ${workspaceId} ${where}: ${why}`);
}

function decode<T>(
  schema: z.ZodType<T>,
  row: { readonly v: unknown; readonly json: unknown },
  fail: (why: string) => WorkspaceError,
): T {
  if (row.v !== RECORD_VERSION) throw fail(`record version ${String(row.v)} is unknown`);
  if (typeof row.json !== "string") throw fail("the record is not text");
  let raw: unknown;
  try {
    raw = JSON.parse(row.json);
  } catch {
    throw fail("the record is not JSON");
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw fail(`the record does not parse (${issue?.path.join(".") || "root"}: ${issue?.message})`);
}

/**
 * Parses a log row back into its envelope. `threadId` is the thread the row was found under
 * (its `thread_id` column), when read by thread: the envelope must be of that thread too, so
 * a column that disagrees with its envelope never hands out another thread's event.
 *
 * @throws WorkspaceError `corrupt_record` naming the workspace and seq, for a row that is not
 * JSON, not an envelope, or another workspace's, position's or thread's.
 */
export function envelopeOf(workspaceId: string, row: LogRow, threadId?: string): Envelope {
  const fail = (why: string) => corrupt(workspaceId, `at seq ${row.seq}`, why);
  const envelope = decode(EnvelopeSchema, { v: row.v, json: row.envelope }, fail);
  if (envelope.workspace_id !== workspaceId)
    throw fail(`the envelope belongs to workspace ${envelope.workspace_id}`);
  if (envelope.seq !== row.seq) throw fail(`the envelope says seq ${envelope.seq}`);
  if (threadId !== undefined && envelope.thread_id !== threadId)
    throw fail(`the envelope is of thread ${String(envelope.thread_id)}, not ${threadId}`);
  return envelope;
}

// Parses an entity and checks it is the one its key says.
function entity<T>(
  kind: string,
  schema: z.ZodType<T>,
  keyOf: (record: T) => string,
): (workspaceId: string, key: string, row: RecordRow) => T {
  return (workspaceId, key, row) => {
    const fail = (why: string) => corrupt(workspaceId, `${kind} ${key}`, why);
    const record = decode(schema, { v: row.v, json: row.record }, fail);
    if (keyOf(record) !== key) throw fail(`the record is ${keyOf(record)}'s`);
    return record;
  };
}

/** Parses an artifact row. @throws WorkspaceError `corrupt_record` naming the workspace and id. */
export const artifactOf: (workspaceId: string, id: string, row: RecordRow) => Versioned = entity(
  "artifact",
  VersionedSchema,
  (a) => a.id,
);

/**
 * Parses a revision row; `key` is `artifact_id@version`.
 * @throws WorkspaceError `corrupt_record` naming the workspace, artifact and version.
 */
export const revisionOf: (workspaceId: string, key: string, row: RecordRow) => Revision = entity(
  "revision",
  RevisionSchema,
  (r) => `${r.artifact_id}@${r.version}`,
);

/** Parses a thread row. @throws WorkspaceError `corrupt_record` naming the workspace and id. */
export const threadOf: (workspaceId: string, id: string, row: RecordRow) => Thread = entity(
  "thread",
  ThreadSchema,
  (t) => t.id,
);

/** Parses a run row. @throws WorkspaceError `corrupt_record` naming the workspace and id. */
export const runOf: (workspaceId: string, id: string, row: RecordRow) => Run = entity(
  "run",
  RunSchema,
  (r) => r.id,
);

const proposalRecord = entity("proposal", ProposalSchema, (p) => p.id);

/**
 * Parses a proposal row, whose indexed columns must agree with its record.
 * @throws WorkspaceError `corrupt_record` naming the workspace and id.
 */
export function proposalOf(workspaceId: string, id: string, row: ProposalRow): Proposal {
  const proposal = proposalRecord(workspaceId, id, row);
  if (proposal.status !== row.status || proposal.change.artifact_id !== row.artifact_id) {
    throw corrupt(workspaceId, `proposal ${id}`, "its indexed columns disagree with its record");
  }
  return proposal;
}
