import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createRegistry } from "../../../model/registry.ts";
import type { Store } from "../../../stores/port.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { createWorkspace } from "../../../workspace/workspace.ts";
import { optionValue } from "./args.ts";
import { failed, usage } from "./exit.ts";
import type { Io } from "./io.ts";
import { type CliHost, loadHost, loadRegistry } from "./modules.ts";

/** What a command works on: the workspace, and the host module when one was given. */
export interface Session {
  readonly workspace: Workspace;
  readonly host: CliHost | null;
  /** Closes the workspace's store. */
  close(): Promise<void>;
}

type Args = Readonly<Record<string, unknown>>;

// The drivers are optional peers: a missing one is named, with how to get it.
async function driver<T>(load: () => Promise<T>, name: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND" && String(error).includes(name)) {
      throw failed(`the ${name} driver is not installed: npm i ${name}`);
    }
    throw error;
  }
}

/**
 * Opens the store `--db` or `--pg` names (exactly one). A SQLite file must exist: a typo must
 * not create an empty workspace.
 *
 * @throws CliError `usage` for none or both, or a missing file; store faults as thrown by it.
 */
async function openStore(args: Args, io: Io): Promise<Store> {
  const db = optionValue(args, "db");
  const pg = optionValue(args, "pg");
  if ((db === undefined) === (pg === undefined)) {
    throw usage("give the workspace's store: --db <file> (SQLite) or --pg <url> (PostgreSQL)");
  }
  if (db !== undefined) {
    const path = resolve(io.cwd, db);
    if (!existsSync(path)) throw usage(`--db ${db}: no such file`);
    const { sqliteStore } = await driver(
      () => import("../../../stores/sqlite/sqlite-store.ts"),
      "better-sqlite3",
    );
    return sqliteStore({ path });
  }
  const schema = optionValue(args, "pg-schema");
  const { postgresStore } = await driver(() => import("../../../stores/postgres/store.ts"), "pg");
  return postgresStore(
    { connectionString: pg ?? "" },
    { ...(schema === undefined ? {} : { schema }), onError: () => {} },
  );
}

/**
 * Opens a session from a command's options: the registry module, the host module (for the
 * commands that take `--host`), then the store and the workspace on it.
 *
 * @throws CliError `usage` for bad options or modules; store faults as the store throws them.
 */
export async function openSession(args: Args, io: Io): Promise<Session> {
  const registrySpec = optionValue(args, "registry");
  const registry =
    registrySpec === undefined ? createRegistry() : await loadRegistry(registrySpec, io.cwd);
  const hostSpec = optionValue(args, "host");
  const host = hostSpec === undefined ? null : await loadHost(hostSpec, io.cwd);
  const store = await openStore(args, io);
  const workspace = createWorkspace({
    registry,
    store,
    id: optionValue(args, "workspace") ?? "default",
    answerChannels: host?.answerChannels ?? {},
  });
  return { workspace, host, close: () => workspace.close() };
}
