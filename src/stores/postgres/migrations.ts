import type { PoolClient } from "pg";
import { fillSubjects } from "./fill-subjects.ts";
import type { Layout } from "./layout.ts";
import { listColumns, offerColumns } from "./migration-lists.ts";

/** One step of the schema's history: applied once, in order, never edited once released. */
interface Migration {
  readonly version: number;
  readonly name: string;
  /** The statements of the step, for a schema's layout. */
  readonly statements: (t: Layout) => readonly string[];
  /** Fills what the step added from rows already in the schema, after its statements. */
  readonly fill?: (client: PoolClient, t: Layout) => Promise<void>;
}

/** Every migration, oldest first; a store opens only schemas at or below the last version. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "log",
    statements: (t) => [
      `CREATE TABLE ${t.heads} (
        workspace_id text PRIMARY KEY,
        head bigint NOT NULL CHECK (head >= 0)
      )`,
      `CREATE TABLE ${t.log} (
        workspace_id text NOT NULL,
        seq bigint NOT NULL CHECK (seq >= 1),
        record_version smallint NOT NULL,
        envelope jsonb NOT NULL,
        PRIMARY KEY (workspace_id, seq)
      )`,
    ],
  },
  {
    version: 2,
    name: "entities",
    statements: (t) => [
      // Hands out creation order to artifacts and proposals, under the head's row lock.
      `ALTER TABLE ${t.heads} ADD COLUMN next_ordinal bigint NOT NULL DEFAULT 0`,
      `CREATE TABLE ${t.artifacts} (
        workspace_id text NOT NULL,
        id text NOT NULL,
        ordinal bigint NOT NULL,
        record_version smallint NOT NULL,
        record jsonb NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
      `CREATE TABLE ${t.revisions} (
        workspace_id text NOT NULL,
        artifact_id text NOT NULL,
        version integer NOT NULL,
        record_version smallint NOT NULL,
        record jsonb NOT NULL,
        PRIMARY KEY (workspace_id, artifact_id, version)
      )`,
      `CREATE TABLE ${t.proposals} (
        workspace_id text NOT NULL,
        id text NOT NULL,
        ordinal bigint NOT NULL,
        status text NOT NULL,
        artifact_id text NOT NULL,
        record_version smallint NOT NULL,
        record jsonb NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
      `CREATE TABLE ${t.threads} (
        workspace_id text NOT NULL,
        id text NOT NULL,
        record_version smallint NOT NULL,
        record jsonb NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
      `CREATE TABLE ${t.runs} (
        workspace_id text NOT NULL,
        id text NOT NULL,
        record_version smallint NOT NULL,
        record jsonb NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
      `CREATE TABLE ${t.messages} (
        workspace_id text NOT NULL,
        id text NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
    ],
  },
  {
    version: 3,
    name: "proposal_indexes",
    statements: (t) => [
      `CREATE INDEX ON ${t.proposals} (workspace_id, status, ordinal)`,
      `CREATE INDEX ON ${t.proposals} (workspace_id, artifact_id, status, ordinal)`,
      `CREATE INDEX ON ${t.artifacts} (workspace_id, ordinal)`,
    ],
  },
  {
    version: 4,
    name: "log_thread",
    // A copy of each envelope's thread_id, indexed so one thread's envelopes are read without
    // the rest of the log.
    statements: (t) => [
      `ALTER TABLE ${t.log} ADD COLUMN thread_id text`,
      `UPDATE ${t.log} SET thread_id = envelope->>'thread_id'`,
      `CREATE INDEX log_by_thread ON ${t.log} (workspace_id, thread_id, seq)`,
    ],
  },
  { version: 5, name: "thread_and_run_columns", statements: listColumns },
  {
    version: 6,
    name: "notes_cursors",
    // How far each viewer has heard of a workspace's log: delivery state, beside the log.
    statements: (t) => [
      `CREATE TABLE ${t.cursors} (
        workspace_id text NOT NULL,
        viewer text NOT NULL,
        position bigint NOT NULL,
        PRIMARY KEY (workspace_id, viewer)
      )`,
    ],
  },
  { version: 7, name: "thread_offering_columns", statements: offerColumns },
  {
    version: 8,
    name: "commands",
    // The commands that wrote, by their sender and id, each written with its append: the same
    // id sent again is answered with the record instead of running twice.
    statements: (t) => [
      `CREATE TABLE ${t.commands} (
        workspace_id text NOT NULL,
        participant text NOT NULL,
        command_id text NOT NULL,
        record_version smallint NOT NULL,
        record jsonb NOT NULL,
        PRIMARY KEY (workspace_id, participant, command_id)
      )`,
    ],
  },
  {
    version: 9,
    name: "proposal_order",
    // Unfiltered pages of proposals: a range of creation order, not a sort of every proposal.
    statements: (t) => [`CREATE INDEX ON ${t.proposals} (workspace_id, ordinal)`],
  },
  {
    version: 10,
    name: "envelope_subjects",
    // Each envelope's position under each of its subjects (the artifacts it is about, the
    // thread it concerns, who it is addressed to): a viewer's notes read these, not the log.
    // Existing envelopes are filed from their records, in the library's own terms.
    statements: (t) => [
      `CREATE TABLE ${t.subjects} (
        workspace_id text NOT NULL,
        subject text NOT NULL,
        seq bigint NOT NULL,
        PRIMARY KEY (workspace_id, subject, seq)
      )`,
    ],
    fill: fillSubjects,
  },
  {
    version: 11,
    name: "proposals_by_what_they_touch",
    // A thread's pending proposals on an artifact, by the record's thread (all a new proposal
    // may supersede); and each rejection under each hunk id it recorded (all a new proposal
    // with that hunk may repeat). Rejections already in the schema are filed from their records.
    statements: (t) => [
      `CREATE INDEX ON ${t.proposals} (workspace_id, artifact_id, (record->>'thread_id'), ordinal)
        WHERE status = 'pending'`,
      `CREATE TABLE ${t.rejectedHunks} (
        workspace_id text NOT NULL,
        artifact_id text NOT NULL,
        hunk_id text NOT NULL,
        proposal_id text NOT NULL,
        PRIMARY KEY (workspace_id, artifact_id, hunk_id, proposal_id)
      )`,
      `INSERT INTO ${t.rejectedHunks} (workspace_id, artifact_id, hunk_id, proposal_id)
        SELECT p.workspace_id, p.artifact_id, h, p.id
          FROM ${t.proposals} p, jsonb_array_elements_text(
            CASE WHEN jsonb_typeof(p.record->'resolution'->'hunk_ids') = 'array'
              THEN p.record->'resolution'->'hunk_ids' ELSE '[]'::jsonb END) AS h
          WHERE p.status = 'rejected'
        ON CONFLICT DO NOTHING`,
    ],
  },
];

/** The schema version this library writes. */
export const LATEST_VERSION: number = MIGRATIONS.at(-1)?.version ?? 0;
