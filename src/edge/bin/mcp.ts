#!/usr/bin/env node
// agent-workspace-mcp: serves one thread's agent tools over stdio, from a SQLite file.
//   agent-workspace-mcp --db <file> --registry <module> --thread <id> [--run <id>]
//                       [--workspace <id>] [--person <user id>]
// stdout is the protocol: everything else, errors and usage included, goes to stderr.
// --person makes the client's elicitation answers that person's: whoever drives the client is
// taken to be them. Give it only to a client the person runs (their IDE, their chat app), never
// to an agent's own process, which would answer its own questions in their name. Without it,
// a question is answered on another surface (a review page, the CLI), told as a note.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { defineCommand, renderUsage, runMain } from "citty";
import type { ActorInput } from "../../model/actors.ts";
import type { Registry } from "../../model/registry.ts";
import { sqliteStore } from "../../stores/sqlite/sqlite-store.ts";
import type { Workspace } from "../../workspace/api.ts";
import { createWorkspace } from "../../workspace/workspace.ts";
import { MCP_ANSWER_CHANNEL, mcpAnswerChannel } from "../adapters/mcp/answer-channel.ts";
import type { McpServerOptions } from "../adapters/mcp/api.ts";
import { createMcpServer } from "../adapters/mcp/server.ts";

const SYSTEM = { kind: "system", name: "agent-workspace-mcp" } as const;

/** What the command line says to serve. */
interface ServeArgs {
  readonly db: string;
  readonly registry: string;
  readonly thread: string;
  readonly run?: string | undefined;
  readonly workspace: string;
  readonly person?: string | undefined;
}

function isRegistry(value: unknown): value is Registry {
  const registry = value as Partial<Registry> | null;
  return (
    typeof registry?.artifactTypes === "function" && typeof registry.artifactType === "function"
  );
}

/** The registry a module exports by default (a path, resolved from the working directory). */
async function loadRegistry(specifier: string): Promise<Registry> {
  const module = (await import(pathToFileURL(resolve(specifier)).href)) as { default?: unknown };
  if (!isRegistry(module.default)) {
    throw new Error(`${specifier}: the default export is not a registry (createRegistry)`);
  }
  return module.default;
}

/** Creates the thread (as the system) and starts the run (as its agent) when missing. */
async function prepare(ws: Workspace, args: ServeArgs, agent: ActorInput): Promise<void> {
  if ((await ws.thread(args.thread)) === null) {
    const made = await ws.commit({ type: "create_thread", thread_id: args.thread }, SYSTEM);
    if (!made.ok) throw new Error(`cannot create thread ${args.thread}: ${made.rejection.message}`);
  }
  if (args.run === undefined || (await ws.run(args.run)) !== null) return;
  const started = await ws.record(
    { type: "run_started", run_id: args.run, thread_id: args.thread, trigger: "api" },
    agent,
  );
  if (!started.ok) throw new Error(`cannot start run ${args.run}: ${started.rejection.message}`);
}

/** Serves until the client hangs up (stdin ends) or a signal comes, then closes the store. */
async function serve(args: ServeArgs): Promise<void> {
  const registry = await loadRegistry(args.registry);
  const answerChannel = mcpAnswerChannel();
  const ws = createWorkspace({
    registry,
    store: sqliteStore({ path: args.db }),
    id: args.workspace,
    answerChannels: { [MCP_ANSWER_CHANNEL]: answerChannel },
  });
  try {
    const agent = { kind: "agent", thread_id: args.thread, run_id: args.run ?? null } as const;
    await prepare(ws, args, agent);
    const options: McpServerOptions = {
      agent,
      answerChannel,
      ...(args.person === undefined ? {} : { person: { kind: "user", id: args.person } }),
    };
    const server = createMcpServer(ws, options);
    const done = new Promise<void>((resolve) => {
      process.stdin.once("end", resolve);
      process.stdin.once("close", resolve);
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
      server.onclose = resolve;
    });
    await server.connect(new StdioServerTransport());
    await done;
    await server.close();
  } finally {
    await ws.close();
  }
}

const command = defineCommand({
  meta: {
    name: "agent-workspace-mcp",
    description: "Serve a thread's agent tools over MCP (stdio), from a SQLite workspace file.",
  },
  args: {
    db: { type: "string", required: true, valueHint: "file", description: "The SQLite file" },
    registry: {
      type: "string",
      required: true,
      valueHint: "module",
      description: "A module whose default export is the registry of artifact types",
    },
    thread: {
      type: "string",
      required: true,
      valueHint: "id",
      description: "The thread whose agent this is (created if missing)",
    },
    run: { type: "string", valueHint: "id", description: "The agent's run (started if missing)" },
    workspace: {
      type: "string",
      default: "default",
      valueHint: "id",
      description: "The workspace",
    },
    person: {
      type: "string",
      valueHint: "user id",
      description:
        "The user at this client: its elicitation answers are recorded as theirs, whoever drives it. For a client the person runs, never for an agent's own process",
    },
  },
  run: ({ args }) => serve(args),
});

// Nothing but the protocol may reach stdout: stray logs go to stderr, and so does usage.
console.log = console.error;
await runMain(command, {
  showUsage: async (cmd, parent) => {
    process.stderr.write(`${await renderUsage(cmd, parent)}\n`);
  },
});
// Served and closed: stdin may still hold the event loop open (after a signal).
process.exit(0);
