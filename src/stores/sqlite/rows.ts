import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { CommandRecord } from "../../model/command-record.ts";
import type { Envelope } from "../../model/envelope.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Run } from "../../model/runs.ts";
import type { Thread } from "../../model/threads.ts";
import {
  type Corruption,
  type RecordKey,
  recordDecoders,
  type StoredRecord,
  type WordCorruption,
} from "../rows.ts";

/** A row of `log`: its seq, the envelope's format version (`v`) and its JSON text. */
export interface LogRow {
  readonly seq: number;
  readonly v: number;
  readonly envelope: string;
}

/** A row of an entity table: its format version (`v`) and JSON record. */
export interface RecordRow {
  readonly v: number;
  readonly record: string;
}

/** A row of an entity table read with its id column (a list). */
interface Row extends RecordRow {
  readonly id: string;
}

/** A row of `proposals`, with the copies of the record's fields that its indexes use. */
export interface ProposalRow extends RecordRow {
  readonly id: string;
  readonly status: string;
  readonly artifact_id: string;
}

/** The copies of record fields that both listed thread and run rows keep. */
interface ListedRow extends RecordRow {
  readonly id: string;
  readonly status: string;
  /** 1 when a decision is pending in the thread or run, else 0. */
  readonly deciding: number;
}

/** A row of `threads` as listed: its record and the copies of the fields its indexes use. */
export interface ThreadRow extends ListedRow {
  /** 1 when the thread's agent made offers, else 0. */
  readonly offering: number;
}

/** A row of `runs` as listed, with its thread too. */
export interface RunRow extends ListedRow {
  readonly thread_id: string;
}

// SQLite keeps each record as JSON text beside its format version.
const stored = (row: RecordRow): StoredRecord => ({ version: row.v, text: row.record });

const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The key a row's column holds, as its record gives it. A key with an unpaired surrogate
 * (written before appends refused them) is kept as its WTF-8 bytes, which read back with three
 * U+FFFD for each; its record's JSON keeps it exactly. So a column that reads with U+FFFD is
 * matched to the record's key as SQLite would read that back, and the record's key, exact, is
 * the row's (ADR 0022). Anything else is the column as read.
 */
function keyOf(column: string, row: RecordRow, field: (record: unknown) => unknown): string {
  if (!column.includes("\ufffd")) return column;
  let own: unknown;
  try {
    own = field(JSON.parse(row.record));
  } catch {
    return column; // not JSON: the decoder says so
  }
  return typeof own === "string" && own.replace(UNPAIRED, "\ufffd\ufffd\ufffd") === column
    ? own
    : column;
}

const fieldOf = (record: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (at, key) =>
      typeof at === "object" && at !== null && Object.hasOwn(at, key)
        ? (at as Record<string, unknown>)[key]
        : undefined,
    record,
  );

// How a key reads in messages: `n1`, `n1@2`.
const keyText = (key: RecordKey): string => {
  switch (key.kind) {
    case "log":
      return `seq ${key.seq}`;
    case "revision":
      return `${key.artifactId}@${key.version}`;
    case "command":
      return `${key.commandId} of ${key.participant}`;
    default:
      return key.id;
  }
};

function foreign(key: RecordKey, why: Extract<Corruption, { type: "foreign" }>): string {
  const [inRecord, inRow] = [String(why.inRecord), String(why.inRow)];
  if (key.kind === "log") {
    if (why.field === "workspace_id") return `the envelope belongs to workspace ${inRecord}`;
    if (why.field === "seq") return `the envelope says seq ${inRecord}`;
    return `the envelope is of thread ${inRecord}, not ${inRow}`;
  }
  // Proposals, threads and runs keep copies of fields beside the record, for their indexes.
  if (["proposal", "thread", "run"].includes(key.kind) && why.field !== "id") {
    return "its indexed columns disagree with its record";
  }
  return `the record is ${keyText(why.own)}'s`;
}

function reason(key: RecordKey, why: Corruption): string {
  switch (why.type) {
    case "version":
      return `record version ${String(why.found)} is unknown`;
    case "not_text":
      return "the record is not text";
    case "not_json":
      return "the record is not JSON";
    case "invalid":
      return `the record does not parse (${why.path || "root"}: ${why.message})`;
    case "foreign":
      return foreign(key, why);
  }
}

// `workspace w1 at seq 3: …`, `workspace w1 revision n1@2: …`.
const word: WordCorruption = (workspaceId, key, why) =>
  `workspace ${workspaceId} ${key.kind === "log" ? "at" : key.kind} ${keyText(key)}: ${reason(key, why)}`;

const decoders = recordDecoders(word);

/**
 * Parses a log row back into its envelope. `threadId` is the thread the row was found under
 * (its `thread_id` column), when read by thread: the envelope must be of that thread too.
 * @throws WorkspaceError `corrupt_record` naming the workspace and seq, for a row that is not
 * JSON, not an envelope, or another workspace's, position's or thread's.
 */
export function envelopeOf(workspaceId: string, row: LogRow, threadId?: string): Envelope {
  const record = { version: row.v, text: row.envelope };
  return decoders.envelope(workspaceId, row.seq, record, threadId);
}

/** Parses an artifact row. @throws WorkspaceError `corrupt_record` naming the workspace and id. */
export function artifactOf(workspaceId: string, id: string, row: RecordRow): Versioned {
  return decoders.artifact(workspaceId, id, stored(row));
}

/**
 * Parses an artifact row read with its id column (a list), whose key is the record's when the
 * column lost an unpaired surrogate. @throws WorkspaceError `corrupt_record`
 */
export function listedArtifactOf(workspaceId: string, row: Row): Versioned {
  const id = keyOf(row.id, row, (r) => fieldOf(r, "id"));
  return decoders.artifact(workspaceId, id, stored(row));
}

/**
 * Parses the revision row of an artifact and version.
 * @throws WorkspaceError `corrupt_record` naming the workspace, artifact and version.
 */
export function revisionOf(
  workspaceId: string,
  ref: { readonly artifactId: string; readonly version: number },
  row: RecordRow,
): Revision {
  return decoders.revision(workspaceId, ref, stored(row));
}

/**
 * Parses a proposal row, whose id and indexed columns must agree with its record.
 * @throws WorkspaceError `corrupt_record` naming the workspace and id.
 */
export function proposalOf(workspaceId: string, row: ProposalRow): Proposal {
  const keys = {
    id: keyOf(row.id, row, (r) => fieldOf(r, "id")),
    status: row.status,
    artifact_id: keyOf(row.artifact_id, row, (r) => fieldOf(r, "change", "artifact_id")),
  };
  return decoders.proposal(workspaceId, keys, stored(row));
}

/** Parses a thread row. @throws WorkspaceError `corrupt_record` naming the workspace and id. */
export function threadOf(workspaceId: string, id: string, row: RecordRow): Thread {
  return decoders.thread(workspaceId, id, stored(row));
}

/**
 * Parses a thread row read by its indexed columns, which must agree with its record.
 * @throws WorkspaceError `corrupt_record` naming the workspace and id.
 */
export function listedThreadOf(workspaceId: string, row: ThreadRow): Thread {
  const columns = {
    status: row.status,
    deciding: row.deciding === 1,
    offering: row.offering === 1,
  };
  return decoders.thread(
    workspaceId,
    keyOf(row.id, row, (r) => fieldOf(r, "id")),
    stored(row),
    columns,
  );
}

/** Parses a run row. @throws WorkspaceError `corrupt_record` naming the workspace and id. */
export function runOf(workspaceId: string, id: string, row: RecordRow): Run {
  return decoders.run(workspaceId, id, stored(row));
}

/**
 * Parses a run row read by its indexed columns, which must agree with its record.
 * @throws WorkspaceError `corrupt_record` naming the workspace and id.
 */
export function listedRunOf(workspaceId: string, row: RunRow): Run {
  const columns = {
    thread_id: keyOf(row.thread_id, row, (r) => fieldOf(r, "thread_id")),
    status: row.status,
    deciding: row.deciding === 1,
  };
  return decoders.run(
    workspaceId,
    keyOf(row.id, row, (r) => fieldOf(r, "id")),
    stored(row),
    columns,
  );
}

/**
 * Parses the row of a command a sender carried out under an id.
 * @throws WorkspaceError `corrupt_record` naming the workspace, sender and id.
 */
export function commandOf(
  workspaceId: string,
  key: { readonly participant: string; readonly commandId: string },
  row: RecordRow,
): CommandRecord {
  return decoders.command(workspaceId, key, stored(row));
}
