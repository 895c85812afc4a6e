// The MCP round trip: the `agent-workspace-mcp` bin serves a thread's agent over stdio from a
// SQLite file; a scripted MCP client stands in for the model and prints what it would see.
// The agent's edit becomes a proposal, the person accepts it with a change of their own from
// another process, and the note with the diff rides on the agent's next tool result. Then the
// agent asks the person a question, answered in the client (MCP elicitation).
//   npm run example:mcp
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  ElicitRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { createWorkspace } from "agent-workspace";
import { sqliteStore } from "agent-workspace/sqlite";
import { personAcceptsElsewhere } from "./another-process.ts";
import registry from "./registry.ts";

const root = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "agent-workspace-mcp-"));
const db = join(dir, "workspace.db");
const alice = { kind: "user", id: "alice", name: "Alice" } as const;

// The person's plan, in the file before the agent starts.
const seed = createWorkspace({ registry, store: sqliteStore({ path: db }) });
await seed.commit(
  {
    type: "create_artifact",
    kind: "plan",
    artifact_id: "plan",
    data: { text: "Release: Tuesday\n" },
  },
  alice,
);
await seed.close();

// What an MCP host would run; in this repository, the bin's source under tsx.
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [
    "--import",
    "tsx",
    "src/edge/bin/mcp.ts",
    "--db",
    db,
    "--registry",
    "examples/frameworks/registry.ts",
  ].concat(["--thread", "thr_release", "--person", "alice"]),
  cwd: root,
  stderr: "inherit",
});
const client = new Client(
  { name: "scripted-model", version: "1.0.0" },
  { capabilities: { elicitation: {} } },
);
// The person, answering in the client when the agent asks.
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  console.log(`\n[the client asks Alice] ${request.params.message}`);
  return { action: "accept", content: { answer: "monday" } };
});
await client.connect(transport);

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  console.log(`\n> model calls ${name} ${JSON.stringify(args)}`);
  const result = (await client.callTool(
    { name, arguments: args },
    CallToolResultSchema,
  )) as CallToolResult;
  for (const block of result.content) {
    if (block.type === "text") console.log(block.text.replace(/^/gm, "  | "));
  }
  if (result.isError === true) console.log("  (isError)");
  return result;
}

try {
  const { tools } = await client.listTools();
  console.log(`tools: ${tools.map((t) => t.name).join(", ")}`);
  await call("read_artifact", { artifact_id: "plan" });
  await call("edit_plan", {
    artifact_id: "plan",
    base_version: 1,
    summary: "Ship a day earlier",
    text_edits: { field: "text", edits: [{ old: "Tuesday", new: "Monday" }] },
    set: null,
  });
  console.log(`\n[another process] ${personAcceptsElsewhere(db)}`);
  const next = await call("list_artifacts");
  if (next.content.length !== 2) throw new Error("the note did not ride on the next result");
  const asked = await call("ask_person", {
    prompt: "Announce the release on Monday or on Tuesday?",
    options: [
      { id: "monday", label: "Monday" },
      { id: "tuesday", label: "Tuesday" },
    ],
  });
  if (asked.isError === true) throw new Error("the question was not answered");
} finally {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
}
