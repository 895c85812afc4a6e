import { WorkspaceError } from "../../model/errors.ts";

/** The schema used when none is given. */
export const DEFAULT_SCHEMA = "agent_workspace";

// Plain names only: they become quoted identifiers and a NOTIFY channel (at most 63 bytes).
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;

/** The qualified names of a store's tables, and the channel its appends are announced on. */
export interface Layout {
  readonly schema: string;
  readonly channel: string;
  readonly migrations: string;
  readonly heads: string;
  readonly log: string;
  readonly artifacts: string;
  readonly revisions: string;
  readonly proposals: string;
  readonly threads: string;
  readonly runs: string;
  readonly messages: string;
  readonly cursors: string;
  readonly commands: string;
  readonly subjects: string;
  readonly rejectedHunks: string;
}

/** The layout of a schema. @throws WorkspaceError `invalid_argument` for a bad schema name. */
export function layout(schema: string): Layout {
  if (!SCHEMA_NAME.test(schema)) {
    throw new WorkspaceError(
      "invalid_argument",
      `postgres schema ${JSON.stringify(schema)}: use 1-40 lowercase letters, digits or _`,
    );
  }
  const table = (name: string) => `"${schema}".${name}`;
  return {
    schema,
    channel: `${schema}_appends`,
    migrations: table("migrations"),
    heads: table("heads"),
    log: table("log"),
    artifacts: table("artifacts"),
    revisions: table("revisions"),
    proposals: table("proposals"),
    threads: table("threads"),
    runs: table("runs"),
    messages: table("messages"),
    cursors: table("cursors"),
    commands: table("commands"),
    subjects: table("subjects"),
    rejectedHunks: table("rejected_hunks"),
  };
}
