import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { CommandRecord } from "../../model/command-record.ts";
import type { Envelope } from "../../model/envelope.ts";
import { WorkspaceError } from "../../model/errors.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Run } from "../../model/runs.ts";
import type { Thread } from "../../model/threads.ts";
import {
  type Corruption,
  RECORD_VERSION,
  type RecordKey,
  recordDecoders,
  type StoredRecord,
  type WordCorruption,
} from "../rows.ts";

/** A stored record as it comes back from a query: `jsonb`, parsed by the driver. */
export interface RecordRow {
  readonly record_version: number;
  readonly record: unknown;
}

/** A proposal row: its record and the columns it is filtered by. */
export interface ProposalRow extends RecordRow {
  readonly id: string;
  readonly status: string;
  readonly artifact_id: string;
}

/** The copies of record fields that both listed thread and run rows keep. */
interface ListedRow extends RecordRow {
  readonly id: string;
  readonly status: string;
  readonly deciding: boolean;
}

/** A thread row as listed: its record and the copies of the fields its indexes use. */
export interface ThreadRow extends ListedRow {
  readonly offering: boolean;
}

/** A thread row listed for its offers: with their ids in the order made (jsonb keeps none). */
export interface OfferingRow extends ThreadRow {
  readonly offer_ids: unknown;
}

/** A run row as listed, with its thread too. */
export interface RunRow extends ListedRow {
  readonly thread_id: string;
}

const stored = (row: RecordRow): StoredRecord => ({
  version: row.record_version,
  value: row.record,
});

// What a record is, for messages: `log entry 12`, `revision 2 of artifact n1`, `artifact n1`.
const what = (key: RecordKey): string => {
  switch (key.kind) {
    case "log":
      return `log entry ${key.seq}`;
    case "revision":
      return `revision ${key.version} of artifact ${key.artifactId}`;
    case "command":
      return `command ${key.commandId} of ${key.participant}`;
    default:
      return `${key.kind} ${key.id}`;
  }
};

function reason(why: Corruption): string {
  switch (why.type) {
    case "version":
      return typeof why.found === "number" && why.found > RECORD_VERSION
        ? `record version ${why.found} is newer than this library's ${RECORD_VERSION}`
        : `record version ${String(why.found)} is unknown`;
    case "not_text":
      return "the record is not text";
    case "not_json":
      return "the record is not JSON";
    case "invalid":
      return `${why.path === "" ? "" : `${why.path}: `}${why.message ?? "invalid"}`;
    case "foreign": {
      const show = JSON.stringify;
      return `its ${why.field} is ${show(why.inRecord)} but its row's is ${show(why.inRow)}`;
    }
  }
}

const word: WordCorruption = (workspaceId, key, why) =>
  `workspace ${workspaceId}: stored ${what(key)} is corrupt: ${reason(why)}`;

const decoders = recordDecoders(word);

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
  return decoders.envelope(workspaceId, seq, stored(row), threadId);
}

/** Parses an artifact row. @throws WorkspaceError `corrupt_record` naming the artifact. */
export function artifactOf(workspaceId: string, id: string, row: RecordRow): Versioned {
  return decoders.artifact(workspaceId, id, stored(row));
}

/** Parses a revision row. @throws WorkspaceError `corrupt_record` naming the revision. */
export function revisionOf(
  workspaceId: string,
  ref: { readonly artifactId: string; readonly version: number },
  row: RecordRow,
): Revision {
  return decoders.revision(workspaceId, ref, stored(row));
}

/**
 * Parses a proposal row, checking the columns it was found by agree with the record.
 * @throws WorkspaceError `corrupt_record` naming the proposal.
 */
export function proposalOf(workspaceId: string, row: ProposalRow): Proposal {
  return decoders.proposal(workspaceId, row, stored(row));
}

/** Parses a thread row. @throws WorkspaceError `corrupt_record` naming the thread. */
export function threadOf(workspaceId: string, id: string, row: RecordRow): Thread {
  return decoders.thread(workspaceId, id, stored(row));
}

/**
 * Parses a thread row read by its indexed columns, which must agree with its record.
 * @throws WorkspaceError `corrupt_record` naming the thread.
 */
export function listedThreadOf(workspaceId: string, row: ThreadRow): Thread {
  return decoders.thread(workspaceId, row.id, stored(row), row);
}

/**
 * Parses a thread row listed for its offers: its indexed columns must agree with its record,
 * and its `offer_ids` must be its offers' ids, each once. The thread comes back with its
 * offers in that order, the order they were made, as the record's key order (which jsonb
 * does not keep) had them.
 * @throws WorkspaceError `corrupt_record` naming the thread.
 */
export function offeringThreadOf(workspaceId: string, row: OfferingRow): Thread {
  const thread = listedThreadOf(workspaceId, row);
  const ids = row.offer_ids;
  const keys = Object.keys(thread.offered);
  const fits =
    Array.isArray(ids) &&
    ids.length === keys.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => typeof id === "string" && Object.hasOwn(thread.offered, id));
  if (!fits) {
    const key: RecordKey = { kind: "thread", id: row.id };
    const why: Corruption = {
      type: "foreign",
      field: "offer_ids",
      inRecord: keys,
      inRow: ids,
      own: key,
    };
    throw new WorkspaceError("corrupt_record", word(workspaceId, key, why));
  }
  const made = new Map(Object.entries(thread.offered));
  const inOrder = ids.flatMap((id: string) => {
    const offer = made.get(id);
    return offer === undefined ? [] : [[id, offer] as const];
  });
  return { ...thread, offered: Object.fromEntries(inOrder) };
}

/** Parses a run row. @throws WorkspaceError `corrupt_record` naming the run. */
export function runOf(workspaceId: string, id: string, row: RecordRow): Run {
  return decoders.run(workspaceId, id, stored(row));
}

/**
 * Parses a run row read by its indexed columns, which must agree with its record.
 * @throws WorkspaceError `corrupt_record` naming the run.
 */
export function listedRunOf(workspaceId: string, row: RunRow): Run {
  return decoders.run(workspaceId, row.id, stored(row), row);
}

/**
 * Parses the row of a command a sender carried out under an id.
 * @throws WorkspaceError `corrupt_record` naming the command.
 */
export function commandOf(
  workspaceId: string,
  key: { readonly participant: string; readonly commandId: string },
  row: RecordRow,
): CommandRecord {
  return decoders.command(workspaceId, key, stored(row));
}
