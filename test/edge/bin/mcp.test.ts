// The agent-workspace-mcp bin, run for real: a child process over stdio on a temp SQLite file,
// driven by the MCP SDK's own client, with the person answering from yet another process.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  ElicitRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { personAcceptsElsewhere } from "../../../examples/frameworks/another-process.ts";
import registry from "../../../examples/frameworks/registry.ts";
import { sqliteStore } from "../../../src/stores/sqlite/sqlite-store.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const BIN = ["--import", "tsx", "src/edge/bin/mcp.ts"];
const REGISTRY = ["--registry", "examples/frameworks/registry.ts"];
const alice = { kind: "user", id: "alice", name: "Alice" } as const;

let dir = "";
let db = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "aw-mcp-bin-"));
  db = join(dir, "workspace.db");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the file in this process, does something, and closes it again. */
async function inFile<T>(run: (ws: ReturnType<typeof createWorkspace>) => Promise<T>, id?: string) {
  const ws = createWorkspace({ registry, store: sqliteStore({ path: db }), ...(id ? { id } : {}) });
  try {
    return await run(ws);
  } finally {
    await ws.close();
  }
}

/**
 * The bin as a child process, with the SDK's client over its stdin and stdout; with `elicit`,
 * the client can elicit and the person answers each question with the next of those answers.
 */
async function spawnBin(
  args: string[],
  options: { elicit?: string | string[]; whileAsked?: () => Promise<void> } = {},
) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...BIN, "--db", db, ...REGISTRY, ...args],
    cwd: root,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const capabilities = options.elicit === undefined ? {} : { elicitation: {} };
  const client = new Client({ name: "bin-test", version: "1.0.0" }, { capabilities });
  const asked: string[] = [];
  if (options.elicit !== undefined) {
    const answers = [options.elicit].flat();
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      await options.whileAsked?.();
      const answer = answers[Math.min(asked.length, answers.length) - 1] ?? "";
      return { action: "accept", content: { answer } };
    });
  }
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args }, CallToolResultSchema)) as CallToolResult;
  return { client, call, asked, stderr: () => stderr, close: () => client.close() };
}

const texts = (result: CallToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : ""));

describe("agent-workspace-mcp", () => {
  it("serves a thread's agent: an edit becomes a proposal, the person's answer arrives as a note with the diff", async () => {
    await inFile(async (ws) => {
      const created = await ws.commit(
        {
          type: "create_artifact",
          kind: "plan",
          artifact_id: "plan",
          data: { text: "Release: Tuesday\n" },
        },
        alice,
      );
      expect(created.ok).toBe(true);
    });
    const bin = await spawnBin(["--thread", "thr_release"]);
    const { tools } = await bin.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "list_artifacts",
      "read_artifact",
      "create_plan",
      "edit_plan",
      "archive_artifact",
      "comment_on_proposal",
      "read_notes",
      "offer_thread",
      "ask_person",
    ]);
    const edit = tools.find((t) => t.name === "edit_plan");
    expect(edit?.inputSchema).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["artifact_id", "base_version", "summary", "revises", "text_edits", "set"],
    });
    const proposed = await bin.call("edit_plan", {
      artifact_id: "plan",
      base_version: 1,
      summary: "Ship a day earlier",
      revises: null,
      text_edits: { field: "text", edits: [{ old: "Tuesday", new: "Monday" }] },
      set: null,
    });
    expect(proposed.isError).toBe(false);
    expect(texts(proposed)[0]).toMatch(
      /^Submitted for review as proposal prp_\w+; it is not applied/,
    );

    expect(personAcceptsElsewhere(db)).toMatch(/^accepted prp_\w+ with changes$/);

    const next = await bin.call("read_artifact", { artifact_id: "plan" });
    const [body, notes] = texts(next);
    expect(body).toContain('"text": "Release: Monday at 10:00\\n"');
    expect(notes).toMatch(/^Since you last looked:\n/);
    expect(notes).toContain("Alice accepted your proposal");
    expect(notes).toMatch(/^ +-Release: Monday$/m);
    expect(notes).toMatch(/^ +\+Release: Monday at 10:00$/m);
    expect(texts(await bin.call("list_artifacts"))).toEqual(["- plan (plan, version 2)"]);
    await bin.close();
    expect(bin.stderr()).toBe("");
    // The store was closed on exit: SQLite folds its write-ahead log back into the file.
    expect(existsSync(`${db}-wal`)).toBe(false);
    const thread = await inFile((ws) => ws.thread("thr_release"));
    expect(thread?.id).toBe("thr_release");
  });

  it("starts the run it is given, and asks the person through elicitation, recorded as theirs", async () => {
    const bin = await spawnBin(
      ["--thread", "thr_1", "--run", "run_1", "--workspace", "w2", "--person", "alice"],
      { elicit: "yes" },
    );
    const asked = await bin.call("ask_person", {
      prompt: "Ship it?",
      options: [
        { id: "yes", label: "Yes" },
        { id: "no", label: "Not yet" },
      ],
    });
    expect(texts(asked)).toEqual(["The person answered: Yes (option yes)."]);
    await bin.close();
    const log = await inFile((ws) => ws.log(), "w2");
    expect(log.map((e) => [e.event.type, e.actor.kind])).toEqual([
      ["thread_created", "system"],
      ["run_started", "agent"],
      ["run_paused", "agent"],
      ["decision_requested", "agent"],
      ["decision_answered", "user"],
      ["run_started", "agent"],
    ]);
    const answer = log.find((e) => e.event.type === "decision_answered");
    expect(answer?.event).toMatchObject({ option_id: "yes", channel: "mcp", surface: "mcp" });
    expect(answer?.actor).toMatchObject({ kind: "user", id: "alice" });
    expect(log.at(-1)?.event).toMatchObject({ run_id: "run_1", trigger: "resume" });
  });

  it("asks the person again and again in one run: paused while asked, running again after each answer", async () => {
    const whileAsked: string[] = [];
    const bin = await spawnBin(
      ["--thread", "thr_1", "--run", "run_1", "--workspace", "w2", "--person", "alice"],
      {
        elicit: ["yes", "no", "yes"],
        whileAsked: async () => {
          const run = await inFile((ws) => ws.run("run_1"), "w2");
          whileAsked.push(`${run?.status} on ${run?.pending.map((r) => r.tool_call_id)}`);
        },
      },
    );
    const ship = {
      options: [
        { id: "yes", label: "Yes" },
        { id: "no", label: "Not yet" },
      ],
    };
    const answers: string[][] = [];
    for (const prompt of ["Ship it?", "Tell the team?", "Tag the release?"]) {
      answers.push(texts(await bin.call("ask_person", { prompt, ...ship })));
      // Told to the model, and the run goes on: the next question is not refused as paused.
      const run = await inFile((ws) => ws.run("run_1"), "w2");
      expect(run).toMatchObject({ status: "running", pending: [], decision: { pending: null } });
    }
    expect(bin.asked).toEqual(["Ship it?", "Tell the team?", "Tag the release?"]);
    expect(answers).toEqual([
      ["The person answered: Yes (option yes)."],
      ["The person answered: Not yet (option no)."],
      ["The person answered: Yes (option yes)."],
    ]);
    await bin.close();
    expect(bin.stderr()).toBe("");
    const log = await inFile((ws) => ws.log(), "w2");
    const runs = log.filter(
      (e) => e.event.type.startsWith("run_") || e.event.type.startsWith("decision_"),
    );
    const question = [
      ["run_paused", "agent"],
      ["decision_requested", "agent"],
      ["decision_answered", "user"],
      ["run_started", "resume"],
    ];
    expect(
      runs.map((e) => [
        e.event.type,
        e.event.type === "run_started" ? (e.event as { trigger: string }).trigger : e.actor.kind,
      ]),
    ).toEqual([["run_started", "api"], ...question, ...question, ...question]);
    // Each pause waits on exactly the question asked while it lasts.
    const paused = runs.filter((e) => e.event.type === "run_paused");
    const asked = runs.filter((e) => e.event.type === "decision_requested");
    const ids = asked.map((e) => (e.event as { decision: { id: string } }).decision.id);
    expect(whileAsked).toEqual(ids.map((id) => `paused on ${id}`));
    expect(
      paused.map((e) => (e.event as { requests: { tool_call_id: string }[] }).requests),
    ).toEqual(ids.map((id) => [expect.objectContaining({ tool_call_id: id, kind: "question" })]));
  });

  it("without --person, resumes the run once the person answered elsewhere: the answer as a note, and the agent may ask again", async () => {
    const bin = await spawnBin(["--thread", "thr_1", "--run", "run_1"], { elicit: "yes" });
    const first = await bin.call("ask_person", {
      prompt: "Ship it?",
      options: [
        { id: "yes", label: "Yes" },
        { id: "no", label: "Not yet" },
      ],
    });
    expect(texts(first)[0]).toMatch(
      /^Your question is in front of the person, and your run is paused/,
    );
    expect(bin.asked).toEqual([]);
    const answered = await inFile(async (ws) => {
      expect((await ws.run("run_1"))?.status).toBe("paused");
      const [pending] = await ws.decisions();
      const decision_id = pending?.decision.id ?? "";
      const scope = { kind: "run", id: "run_1" } as const;
      return ws.answerDecision({ scope, decision_id, option_id: "no" }, alice);
    });
    expect(answered).toMatchObject({ ok: true, status: "delivered" });
    // Answered, but nothing resumed it yet: no host loop runs an MCP client's agent.
    expect((await inFile((ws) => ws.run("run_1")))?.status).toBe("paused");

    const notes = texts(await bin.call("read_notes"));
    expect(notes.join("\n")).toMatch(/Alice answered your question call_[\w-]+: "Not yet"$/m);
    expect((await inFile((ws) => ws.run("run_1")))?.status).toBe("running");
    const again = await bin.call("ask_person", { prompt: "Tell the team?", options: null });
    expect(again.isError).toBe(false);
    expect(texts(again)[0]).toMatch(/your run is paused until they answer/);
    await bin.close();
    const log = await inFile((ws) => ws.log());
    expect(log.map((e) => e.event.type).filter((t) => t.startsWith("run_"))).toEqual([
      "run_started",
      "run_paused",
      "run_started",
      "run_paused",
    ]);
  });

  it("says in --help what --person means: the client's answers are that person's", async () => {
    const run = promisify(execFile);
    const { stdout, stderr } = await run(process.execPath, [...BIN, "--help"], { cwd: root });
    expect(stdout).toBe("");
    const help = stderr.replace(/\s+/g, " ");
    expect(help).toContain(
      "--person=<user id> The user at this client: its elicitation answers are recorded as theirs, whoever drives it. For a client the person runs, never for an agent's own process",
    );
  });

  it("writes errors and usage to stderr, never to stdout", async () => {
    const run = promisify(execFile);
    const fail = (args: string[]) =>
      run(process.execPath, [...BIN, ...args], { cwd: root }).then(
        () => ({ code: 0, stdout: "", stderr: "" }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const missing = await fail(["--db", db]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain("Missing required argument: --registry");
    const module = join(dir, "not-a-registry.mjs");
    writeFileSync(module, "export default 42;\n");
    const wrong = await fail(["--db", db, "--registry", module, "--thread", "t1"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr).toContain("the default export is not a registry");
  });
});
