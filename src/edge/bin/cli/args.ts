import type { ArgsDef } from "citty";
import { usage } from "./exit.ts";

/** Where the workspace is, and how to read it: options every command takes. */
export const WORKSPACE_ARGS = {
  db: { type: "string", valueHint: "file", description: "The workspace's SQLite file" },
  pg: { type: "string", valueHint: "url", description: "A PostgreSQL URL (instead of --db)" },
  "pg-schema": {
    type: "string",
    valueHint: "name",
    description: "The PostgreSQL schema of the store (default agent_workspace)",
  },
  workspace: {
    type: "string",
    valueHint: "id",
    default: "default",
    description: "The workspace's id in the store",
  },
  registry: {
    type: "string",
    valueHint: "module",
    description: "A module whose default export is the registry of artifact types",
  },
  json: { type: "boolean", description: "Print machine-readable JSON only, never colour" },
} as const satisfies ArgsDef;

/** The person a write is made as: every command that writes takes it, and requires it. */
export const PERSON_ARGS = {
  as: {
    type: "string",
    valueHint: "person",
    required: true,
    description: "The person acting (a user id); each write is recorded as them, surface cli",
  },
} as const satisfies ArgsDef;

/**
 * `--as` on a read: accepted and ignored (a read acts as nobody), so a script can pass the
 * same options to every command.
 */
export const READER_ARGS = {
  as: {
    type: "string",
    valueHint: "person",
    description: "Ignored by this read (accepted so scripts can pass the same options everywhere)",
  },
} as const satisfies ArgsDef;

/** The host's module: the ports offers start through, the channels decisions are delivered on. */
export const HOST_ARGS = {
  host: {
    type: "string",
    valueHint: "module",
    description:
      "A module whose default export gives the host's ports (checkout, confirmSharedCheckout, dispatch) and answerChannels",
  },
} as const satisfies ArgsDef;

/** The value of a string option, `undefined` when absent; a usage error when given empty. */
export function optionValue(
  args: Readonly<Record<string, unknown>>,
  name: string,
): string | undefined {
  const value = args[name];
  if (value === undefined || value === false) return undefined;
  if (typeof value !== "string" || value === "") throw usage(`--${name} needs a value`);
  return value;
}

/** A whole number option (a log position, a count), `undefined` when absent. @throws CliError `usage` */
export function countValue(
  args: Readonly<Record<string, unknown>>,
  name: string,
): number | undefined {
  const value = optionValue(args, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw usage(`--${name} ${value}: expected a whole number`);
  return Number(value);
}
