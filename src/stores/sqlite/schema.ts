import type { Database } from "better-sqlite3";
import { WorkspaceError, type WorkspaceErrorCode } from "../../model/errors.ts";
import { faultCode, isSqliteError } from "./faults.ts";
import { fillSubjects } from "./fill-subjects.ts";

/** One step of the SQL schema: applied once, in order, inside the opening transaction. */
interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /** Fills what the step added from rows already in the file, after its `sql`. */
  readonly fill?: (db: Database) => void;
}

/**
 * Every step from an empty file to the current schema, oldest first. Never edit a released
 * step: add the next one. Every table is keyed by workspace first, so one file holds many.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "log and entities",
    // `v` is each record's format version; rowid order is creation order (upserts keep it).
    sql: `
      CREATE TABLE log (
        workspace_id TEXT NOT NULL, seq INTEGER NOT NULL, v INTEGER NOT NULL,
        envelope TEXT NOT NULL, PRIMARY KEY (workspace_id, seq));
      CREATE TABLE artifacts (
        workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id));
      CREATE TABLE revisions (
        workspace_id TEXT NOT NULL, artifact_id TEXT NOT NULL, version INTEGER NOT NULL,
        v INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (workspace_id, artifact_id, version));
      CREATE TABLE proposals (
        workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id));
      CREATE TABLE threads (
        workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id));
      CREATE TABLE runs (
        workspace_id TEXT NOT NULL, id TEXT NOT NULL, v INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id));
      CREATE TABLE messages (
        workspace_id TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (workspace_id, id));
    `,
  },
  {
    version: 2,
    name: "heads",
    // The head as one row: the compare-and-swap reads it, opening never touches the log.
    sql: `
      CREATE TABLE heads (workspace_id TEXT PRIMARY KEY, head INTEGER NOT NULL);
      INSERT INTO heads (workspace_id, head)
        SELECT workspace_id, max(seq) FROM log GROUP BY workspace_id;
    `,
  },
  {
    version: 3,
    name: "proposal status and artifact columns",
    // Copies of two record fields, indexed for the `proposals` filter and the pending loads.
    sql: `
      ALTER TABLE proposals ADD COLUMN status TEXT NOT NULL DEFAULT '';
      ALTER TABLE proposals ADD COLUMN artifact_id TEXT NOT NULL DEFAULT '';
      UPDATE proposals SET
        status = coalesce(json_extract(record, '$.status'), 'pending'),
        artifact_id = coalesce(json_extract(record, '$.change.artifact_id'), '')
        WHERE json_valid(record);
      CREATE INDEX proposals_by_status ON proposals (workspace_id, status);
      CREATE INDEX proposals_by_artifact ON proposals (workspace_id, artifact_id, status);
    `,
  },
  {
    version: 4,
    name: "log thread column",
    // A copy of each envelope's thread_id, indexed so one thread's envelopes are read without
    // the rest of the log. Rows that are not JSON keep NULL: reading them still reports them.
    sql: `
      ALTER TABLE log ADD COLUMN thread_id TEXT;
      UPDATE log SET thread_id = json_extract(envelope, '$.thread_id') WHERE json_valid(envelope);
      CREATE INDEX log_by_thread ON log (workspace_id, thread_id, seq);
    `,
  },
  {
    version: 5,
    name: "thread and run columns",
    // Copies of the fields threads and runs are listed by (a thread's status; a run's thread
    // and status; whether a decision is pending in either), indexed in rowid (creation) order.
    // Rows that are not JSON keep the defaults: reading them still reports them.
    sql: `
      ALTER TABLE threads ADD COLUMN status TEXT NOT NULL DEFAULT '';
      ALTER TABLE threads ADD COLUMN deciding INTEGER NOT NULL DEFAULT 0;
      UPDATE threads SET
        status = coalesce(json_extract(record, '$.status'), 'open'),
        deciding = coalesce(json_type(record, '$.decision.pending') = 'object', 0)
        WHERE json_valid(record);
      ALTER TABLE runs ADD COLUMN thread_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE runs ADD COLUMN status TEXT NOT NULL DEFAULT '';
      ALTER TABLE runs ADD COLUMN deciding INTEGER NOT NULL DEFAULT 0;
      UPDATE runs SET
        thread_id = coalesce(json_extract(record, '$.thread_id'), ''),
        status = coalesce(json_extract(record, '$.status'), 'running'),
        deciding = coalesce(json_type(record, '$.decision.pending') = 'object', 0)
        WHERE json_valid(record);
      CREATE INDEX threads_by_status ON threads (workspace_id, status);
      CREATE INDEX threads_deciding ON threads (workspace_id) WHERE deciding = 1;
      CREATE INDEX runs_by_thread ON runs (workspace_id, thread_id);
      CREATE INDEX runs_by_status ON runs (workspace_id, status);
      CREATE INDEX runs_deciding ON runs (workspace_id) WHERE deciding = 1;
      CREATE INDEX runs_deciding_by_thread ON runs (workspace_id, thread_id) WHERE deciding = 1;
    `,
  },
  {
    version: 6,
    name: "notes cursors",
    // How far each viewer has heard of a workspace's log: delivery state, beside the log.
    sql: `
      CREATE TABLE cursors (
        workspace_id TEXT NOT NULL, viewer TEXT NOT NULL, position INTEGER NOT NULL,
        PRIMARY KEY (workspace_id, viewer));
    `,
  },
  {
    version: 7,
    name: "thread offering column",
    // Whether a thread's agent made offers (its `offered` holds any), indexed in rowid
    // (creation) order for the `offers` list. Rows that are not JSON keep the default.
    sql: `
      ALTER TABLE threads ADD COLUMN offering INTEGER NOT NULL DEFAULT 0;
      UPDATE threads SET offering = coalesce(
          json_type(record, '$.offered') = 'object' AND json_extract(record, '$.offered') <> '{}',
          0)
        WHERE json_valid(record);
      CREATE INDEX threads_offering ON threads (workspace_id) WHERE offering = 1;
    `,
  },
  {
    version: 8,
    name: "commands",
    // The commands that wrote, by their sender and id, each written with its append: the same
    // id sent again is answered with the record instead of running twice.
    sql: `
      CREATE TABLE commands (
        workspace_id TEXT NOT NULL, participant TEXT NOT NULL, command_id TEXT NOT NULL,
        v INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (workspace_id, participant, command_id));
    `,
  },
  {
    version: 9,
    name: "proposal order",
    // A workspace's proposals in rowid (creation) order, for unfiltered pages: a range of
    // this index from where a page starts, not a sort of every proposal.
    sql: "CREATE INDEX proposals_by_order ON proposals (workspace_id);",
  },
  {
    version: 10,
    name: "envelope subjects",
    // Each envelope's position under each of its subjects (the artifacts it is about, the
    // thread it concerns, who it is addressed to): a viewer's notes read these, not the log.
    // Existing envelopes are filed from their records, in the library's own terms.
    sql: `
      CREATE TABLE subjects (
        workspace_id TEXT NOT NULL, subject TEXT NOT NULL, seq INTEGER NOT NULL,
        PRIMARY KEY (workspace_id, subject, seq)) WITHOUT ROWID;
    `,
    fill: fillSubjects,
  },
  {
    version: 11,
    name: "proposals by what they touch",
    // A thread's pending proposals on an artifact, by the record's thread (all a new proposal
    // may supersede; a record that is not JSON has none, and reading it still reports it); and
    // each rejection under each hunk id it recorded (all a new proposal with that hunk may
    // repeat). Rejections already in the file are filed from their records.
    sql: `
      CREATE INDEX proposals_pending_by_thread
        ON proposals (workspace_id, artifact_id,
          (CASE WHEN json_valid(record) THEN json_extract(record, '$.thread_id') END))
        WHERE status = 'pending';
      CREATE TABLE rejected_hunks (
        workspace_id TEXT NOT NULL, artifact_id TEXT NOT NULL, hunk_id TEXT NOT NULL,
        proposal_id TEXT NOT NULL,
        PRIMARY KEY (workspace_id, artifact_id, hunk_id, proposal_id)) WITHOUT ROWID;
      INSERT OR IGNORE INTO rejected_hunks (workspace_id, artifact_id, hunk_id, proposal_id)
        SELECT p.workspace_id, p.artifact_id, h.value, p.id
        FROM proposals p, json_each(p.record, '$.resolution.hunk_ids') h
        WHERE p.status = 'rejected' AND json_valid(p.record)
          AND json_type(p.record, '$.resolution.hunk_ids') = 'array' AND h.type = 'text';
    `,
  },
];

// SQLite's words for a step that does not fit the file (its tables are not what this
// library's schema had): the file is not what it claims to be.
const MISFIT = /^SQLITE_(ERROR|CONSTRAINT|MISMATCH)/;

// Why a step failed: the file (corrupt_record), or where it is (read-only, full, locked…).
function stepFault(error: unknown): WorkspaceErrorCode {
  const code = String((error as { code?: unknown }).code ?? "");
  return isSqliteError(error) && !MISFIT.test(code) ? faultCode(code) : "corrupt_record";
}

/** The schema version this library writes: the last migration's. */
export const SCHEMA_VERSION: number = MIGRATIONS.at(-1)?.version ?? 0;

const MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`;

/** The schema version of an open file (0 for a new one). */
function schemaVersion(db: Database): number {
  const row = db.prepare("SELECT max(version) AS version FROM schema_migrations").get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

/**
 * Brings the file to {@link SCHEMA_VERSION}, in one write transaction so concurrent openers
 * apply each step once. Returns the version the file was at.
 *
 * @throws WorkspaceError `unsupported_version` for a file from a newer schema; `corrupt_record`
 *   when a step does not fit the file; a fault's code (`read_only`, `disk_full`…) when a step
 *   cannot be written where the file is.
 */
export function migrate(db: Database, path: string): number {
  return db
    .transaction(() => {
      db.exec(MIGRATIONS_TABLE);
      const found = schemaVersion(db);
      if (found > SCHEMA_VERSION) {
        throw new WorkspaceError(
          "unsupported_version",
          `sqlite store ${path}: schema version ${found} is newer than this library's ` +
            `${SCHEMA_VERSION}; open it with a newer agent-workspace`,
        );
      }
      const record = db.prepare(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
      );
      for (const step of MIGRATIONS) {
        if (step.version <= found) continue;
        try {
          db.exec(step.sql);
          step.fill?.(db);
        } catch (error) {
          throw new WorkspaceError(
            stepFault(error),
            `sqlite store ${path}: migration ${step.version} (${step.name}) failed: ${String(error)}`,
            { cause: error },
          );
        }
        record.run(step.version, step.name, new Date().toISOString());
      }
      return found;
    })
    .immediate();
}
