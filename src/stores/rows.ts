import type { z } from "zod";
import {
  type Revision,
  RevisionSchema,
  type Versioned,
  VersionedSchema,
} from "../model/artifacts.ts";
import { type CommandRecord, CommandRecordSchema } from "../model/command-record.ts";
import { type Envelope, EnvelopeSchema } from "../model/envelope.ts";
import { WorkspaceError } from "../model/errors.ts";
import { type Proposal, ProposalSchema } from "../model/proposals.ts";
import { type Run, RunSchema } from "../model/runs.ts";
import { type Thread, ThreadSchema } from "../model/threads.ts";

/**
 * The format version of every record the durable stores write. Readers accept the versions
 * they know; a later format adds a case to the decoding rather than rewriting old rows.
 */
export const RECORD_VERSION = 1;

/**
 * A record as an adapter read it: its format version and its JSON, either as text (SQLite
 * keeps text) or already parsed (PostgreSQL's `jsonb` comes back parsed).
 */
export type StoredRecord =
  | { readonly version: unknown; readonly text: unknown }
  | { readonly version: unknown; readonly value: unknown };

/** The key a row is stored under: what the record in it must say it is. */
export type RecordKey =
  | { readonly kind: "log"; readonly seq: number }
  | { readonly kind: "artifact" | "proposal" | "thread" | "run"; readonly id: string }
  | { readonly kind: "revision"; readonly artifactId: string; readonly version: number }
  | { readonly kind: "command"; readonly participant: string; readonly commandId: string };

/** Why a stored record was refused, before an adapter words it. Switch on `type`. */
export type Corruption =
  | { readonly type: "version"; readonly found: unknown }
  | { readonly type: "not_text" }
  | { readonly type: "not_json" }
  /** The first issue zod found; `path` is `""` at the root. */
  | { readonly type: "invalid"; readonly path: string; readonly message: string | undefined }
  /**
   * A field of the record disagrees with its row (its key or an indexed column): the record
   * is foreign, copied or moved in by hand. `own` is the key the record gives itself.
   */
  | {
      readonly type: "foreign";
      readonly field: string;
      readonly inRecord: unknown;
      readonly inRow: unknown;
      readonly own: RecordKey;
    };

/** The copies of fields that both a thread's and a run's rows keep beside the record. */
interface ListedColumns {
  readonly status: string;
  /** Whether the row is filed as having a pending decision. */
  readonly deciding: boolean;
}

/**
 * The copies of a thread's fields that its row keeps beside the record, for the indexes that
 * list threads by status and find pending decisions and offers; given when a row was read
 * with them.
 */
interface ThreadColumns extends ListedColumns {
  /** Whether the row is filed as a thread whose agent made offers. */
  readonly offering: boolean;
}

/** The copies of a run's fields that its row keeps beside the record, for its indexes. */
interface RunColumns extends ListedColumns {
  readonly thread_id: string;
}

/** Whether a thread's agent made offers: what its row's `offering` column says. */
export function isOffering(thread: Thread): boolean {
  return Object.keys(thread.offered).length > 0;
}

/** How an adapter words a `corrupt_record` error: the workspace, the row's key and why. */
export type WordCorruption = (workspaceId: string, key: RecordKey, why: Corruption) => string;

/** Decoders of every kind of stored record, each checking the record is its row's. */
interface RecordDecoders {
  /**
   * Decodes the envelope at `seq`. `threadId` is the thread its row was found under, when
   * read by thread: the envelope must be of that thread too, so a column that disagrees with
   * its envelope never hands out another thread's event.
   */
  envelope(workspaceId: string, seq: number, stored: StoredRecord, threadId?: string): Envelope;
  /** Decodes the artifact stored under `id`. */
  artifact(workspaceId: string, id: string, stored: StoredRecord): Versioned;
  /** Decodes the revision stored under an artifact and version. */
  revision(
    workspaceId: string,
    ref: { readonly artifactId: string; readonly version: number },
    stored: StoredRecord,
  ): Revision;
  /** Decodes a proposal, whose indexed columns must agree with its record. */
  proposal(
    workspaceId: string,
    row: { readonly id: string; readonly status: string; readonly artifact_id: string },
    stored: StoredRecord,
  ): Proposal;
  /**
   * Decodes the thread stored under `id`; with `columns` (a row read by them), they must agree
   * with the record, so an index that disagrees never lists a thread where it is not.
   */
  thread(workspaceId: string, id: string, stored: StoredRecord, columns?: ThreadColumns): Thread;
  /** Decodes the run stored under `id`; with `columns`, they must agree with the record. */
  run(workspaceId: string, id: string, stored: StoredRecord, columns?: RunColumns): Run;
  /** Decodes the command a sender carried out under an id. */
  command(
    workspaceId: string,
    key: { readonly participant: string; readonly commandId: string },
    stored: StoredRecord,
  ): CommandRecord;
}

// A record, or why it was refused: worded where the row's key is known.
type Decoded<T> =
  | { readonly ok: true; readonly record: T }
  | { readonly ok: false; readonly why: Corruption };

const refused = (why: Corruption) => ({ ok: false, why }) as const;

function json(stored: StoredRecord): Decoded<unknown> {
  if (!("text" in stored)) return { ok: true, record: stored.value };
  if (typeof stored.text !== "string") return refused({ type: "not_text" });
  try {
    return { ok: true, record: JSON.parse(stored.text) };
  } catch {
    return refused({ type: "not_json" });
  }
}

function decode<T>(schema: z.ZodType<T>, stored: StoredRecord): Decoded<T> {
  // Only one format so far; a later one upgrades older records here.
  if (stored.version !== RECORD_VERSION) return refused({ type: "version", found: stored.version });
  const raw = json(stored);
  if (!raw.ok) return raw;
  const parsed = schema.safeParse(raw.record);
  if (parsed.success) return { ok: true, record: parsed.data };
  const issue = parsed.error.issues[0];
  return refused({ type: "invalid", path: issue?.path.join(".") ?? "", message: issue?.message });
}

/** A field of a record and the value its row holds for it: they must be equal. */
type Owned = readonly [field: string, inRecord: unknown, inRow: unknown];

/**
 * Decodes one kind of record: parses it, then compares each owned field with its row, in
 * order. `ownKey` is the key the record gives itself, for messages.
 */
function decoder<T>(
  schema: z.ZodType<T>,
  ownKey: (record: T) => RecordKey,
  word: WordCorruption,
): (workspaceId: string, key: RecordKey, stored: StoredRecord, owned: (r: T) => Owned[]) => T {
  return (workspaceId, key, stored, owned) => {
    const decoded = decode(schema, stored);
    if (decoded.ok) {
      const { record } = decoded;
      const foreign = owned(record).find(([, inRecord, inRow]) => inRecord !== inRow);
      if (foreign === undefined) return record;
      const [field, inRecord, inRow] = foreign;
      const why = { type: "foreign", field, inRecord, inRow, own: ownKey(record) } as const;
      throw new WorkspaceError("corrupt_record", word(workspaceId, key, why));
    }
    throw new WorkspaceError("corrupt_record", word(workspaceId, key, decoded.why));
  };
}

// What a thread's or run's row files it under: its status, and whether a decision is pending.
function ownedColumns(owner: Thread | Run, columns: ListedColumns): Owned[] {
  return [
    ["status", owner.status, columns.status],
    ["deciding", owner.decision.pending !== null, columns.deciding],
  ];
}

// What a thread's row files it under: those, and whether its agent made offers.
const ownedThreadColumns = (thread: Thread, columns: ThreadColumns): Owned[] => [
  ...ownedColumns(thread, columns),
  ["offering", isOffering(thread), columns.offering],
];

/**
 * The decoders of an adapter, which words the errors. Each throws a `WorkspaceError`
 * `corrupt_record` naming the workspace and the row's seq or key, for a record of an unknown
 * format version, one that is not JSON or not what its table holds, or one that belongs to
 * another workspace, position, thread or key than its row's.
 */
export function recordDecoders(word: WordCorruption): RecordDecoders {
  const envelope = decoder(EnvelopeSchema, (e) => ({ kind: "log", seq: e.seq }), word);
  const artifact = decoder(VersionedSchema, (a) => ({ kind: "artifact", id: a.id }), word);
  const revision = decoder(
    RevisionSchema,
    (r) => ({ kind: "revision", artifactId: r.artifact_id, version: r.version }),
    word,
  );
  const proposal = decoder(ProposalSchema, (p) => ({ kind: "proposal", id: p.id }), word);
  const thread = decoder(ThreadSchema, (t) => ({ kind: "thread", id: t.id }), word);
  const run = decoder(RunSchema, (r) => ({ kind: "run", id: r.id }), word);
  const command = decoder(
    CommandRecordSchema,
    (c) => ({ kind: "command", participant: c.participant, commandId: c.command_id }),
    word,
  );
  return {
    envelope: (ws, seq, stored, threadId) =>
      envelope(ws, { kind: "log", seq }, stored, (e) => [
        ["workspace_id", e.workspace_id, ws],
        ["seq", e.seq, seq],
        ...(threadId === undefined ? [] : [["thread_id", e.thread_id, threadId] as const]),
      ]),
    artifact: (ws, id, stored) =>
      artifact(ws, { kind: "artifact", id }, stored, (a) => [["id", a.id, id]]),
    revision: (ws, { artifactId, version }, stored) =>
      revision(ws, { kind: "revision", artifactId, version }, stored, (r) => [
        ["artifact_id", r.artifact_id, artifactId],
        ["version", r.version, version],
      ]),
    proposal: (ws, row, stored) =>
      proposal(ws, { kind: "proposal", id: row.id }, stored, (p) => [
        ["id", p.id, row.id],
        ["status", p.status, row.status],
        ["artifact_id", p.change.artifact_id, row.artifact_id],
      ]),
    thread: (ws, id, stored, columns) =>
      thread(ws, { kind: "thread", id }, stored, (t) => [
        ["id", t.id, id],
        ...(columns === undefined ? [] : ownedThreadColumns(t, columns)),
      ]),
    run: (ws, id, stored, columns) =>
      run(ws, { kind: "run", id }, stored, (r) => [
        ["id", r.id, id],
        ...(columns === undefined
          ? []
          : [["thread_id", r.thread_id, columns.thread_id] as const, ...ownedColumns(r, columns)]),
      ]),
    command: (ws, { participant, commandId }, stored) =>
      command(ws, { kind: "command", participant, commandId }, stored, (c) => [
        ["participant", c.participant, participant],
        ["command_id", c.command_id, commandId],
      ]),
  };
}
