import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../../src/conformance/fixtures.ts";
import { mcpResult } from "../../../../src/edge/adapters/mcp/results.ts";
import type { ActorInput } from "../../../../src/model/actors.ts";
import { sequentialIds } from "../../../../src/model/ids.ts";
import { workspaceTools } from "../../../../src/tools/workspace-tools.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { connect, texts } from "./connect.ts";

const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const agent = { kind: "agent", thread_id: "t1" } as const;

async function workspace() {
  const ws = createWorkspace({ registry: fixtureRegistry(), newId: sequentialIds() });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  return ws;
}

describe("createMcpServer: the tool set", () => {
  it.each<[string, ActorInput]>([
    ["a thread's agent", agent],
    ["an external agent", { kind: "external_agent", client_id: "ide" }],
  ])("lists exactly workspaceTools for %s, each input its strict JSON Schema", async (_, who) => {
    const ws = await workspace();
    const { client, close } = await connect(ws, { agent: who });
    const { tools } = await client.listTools();
    const expected = workspaceTools(ws, { agent: who });
    expect(tools.map((t) => t.name)).toEqual(expected.map((t) => t.name));
    for (const [i, tool] of tools.entries()) {
      expect(tool.inputSchema, tool.name).toEqual(expected[i]?.jsonSchema);
      expect(tool.inputSchema.type).toBe("object");
      expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBe(
        Object.keys((expected[i]?.jsonSchema.properties ?? {}) as object).length,
      );
      expect(tool.description).toBe(expected[i]?.description);
    }
    const caps = client.getServerCapabilities();
    expect(caps?.tools).toBeDefined();
    await close();
  });

  it("refuses an agent that is not one, and a person who is not a user", async () => {
    const ws = await workspace();
    await expect(connect(ws, { agent: alice })).rejects.toMatchObject({
      code: "invalid_argument",
    });
    await expect(connect(ws, { agent, person: agent })).rejects.toMatchObject({
      code: "invalid_argument",
    });
  });
});

describe("createMcpServer: results", () => {
  it("answers a write with neutral text, and a proposal as neither success nor failure", async () => {
    const ws = await workspace();
    const { call, close } = await connect(ws, { agent });
    const created = await call("create_note", { artifact_id: "n1", data: { text: "Plan A" } });
    expect(created.isError).toBe(false);
    expect(texts(created)).toHaveLength(1);
    const proposed = await call("create_memo", { artifact_id: "m1", data: { text: "Plan B" } });
    expect(proposed.isError).toBe(false);
    expect(texts(proposed)[0]).toMatch(
      /^Submitted for review as proposal prp_\d+; it is not applied/,
    );
    await close();
  });

  it("carries the person's answer, with their changes as a diff, as a second block, once", async () => {
    const ws = await workspace();
    const { call, close } = await connect(ws, { agent });
    await call("create_memo", { artifact_id: "m1", data: { text: "Plan B" } });
    const [pending] = await ws.proposals({ status: "pending" });
    await ws.commit(
      {
        type: "respond_to_proposal",
        proposal_id: pending?.id ?? "",
        decision: "accept",
        changes: { kind: "text_edits", edits: [{ old: "Plan B", new: "Plan C" }] },
      },
      alice,
    );
    const next = await call("list_artifacts");
    expect(next.isError).toBe(false);
    const [body, notes] = texts(next);
    expect(body).toBe("- m1 (memo, version 1)");
    expect(notes).toMatch(/^Since you last looked:\n/);
    expect(notes).toContain(`Alice accepted your proposal ${pending?.id} for m1`);
    expect(notes).toContain("-Plan B");
    expect(notes).toContain("+Plan C");
    expect(texts(await call("list_artifacts"))).toEqual(["- m1 (memo, version 1)"]);
    await close();
  });

  it("gives read_notes the notes once, in one block", async () => {
    const ws = await workspace();
    const { call, close } = await connect(ws, { agent });
    await ws.commit(
      { type: "create_artifact", kind: "note", artifact_id: "n1", data: { text: "x" } },
      alice,
    );
    const notes = texts(await call("read_notes"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("n1");
    expect(texts(await call("read_notes"))).toEqual(["Nothing new."]);
    await close();
  });

  it("marks a refusal isError, with words that say what to do", async () => {
    const ws = await workspace();
    const { call, close } = await connect(ws, { agent });
    await call("create_note", { artifact_id: "n1", data: { text: "Plan A" } });
    const stale = await call("edit_note", {
      artifact_id: "n1",
      base_version: 7,
      summary: null,
      text_edits: { field: "text", edits: [{ old: "A", new: "B" }] },
      set: null,
    });
    expect(stale.isError).toBe(true);
    expect(texts(stale)[0]).toMatch(/version/);
    const missing = await call("read_artifact", { artifact_id: "nope" });
    expect(missing.isError).toBe(true);
    await close();
  });

  it("never crashes on malformed arguments or an unknown tool, and keeps serving", async () => {
    const ws = await workspace();
    const { client, call, close } = await connect(ws, { agent });
    const bad = await call("create_note", { artifact_id: 5, data: "text", extra: true });
    expect(bad.isError).toBe(true);
    expect(texts(bad)[0]).toMatch(/^Not applied: the input is not valid \(artifact_id: /);
    const none = await call("create_note");
    expect(none.isError).toBe(true);
    const ask = await call("ask_person", { prompt: "", options: [] });
    expect(ask.isError).toBe(true);
    const unknown = await call("answer_decision", { option_id: "yes" });
    expect(unknown.isError).toBe(true);
    expect(texts(unknown)[0]).toMatch(/^There is no tool named answer_decision\./);
    // Arguments that are not an object: refused by the SDK's request schema before the handler
    // runs (the low-level Server answers that with -32603, not McpServer's -32602).
    await expect(
      client.request(
        { method: "tools/call", params: { name: "list_artifacts", arguments: "x" } },
        CallToolResultSchema,
      ),
    ).rejects.toMatchObject({ code: -32603 });
    expect(await ws.artifacts()).toEqual([]);
    expect((await call("list_artifacts")).isError).toBe(false);
    await close();
  });

  it("answers a store fault as an error result", async () => {
    const ws = await workspace();
    const broken = { ...ws, artifacts: () => Promise.reject(new Error("disk on fire")) };
    const { call, close } = await connect(broken, { agent });
    const failed = await call("list_artifacts");
    expect(failed.isError).toBe(true);
    expect(texts(failed)[0]).toContain("disk on fire");
    expect((await call("read_notes")).isError).toBe(false);
    await close();
  });
});

describe("mcpResult", () => {
  it("splits the notes off the text, and leaves a text without notes whole", () => {
    const split = mcpResult({
      ok: true,
      text: "Done.\n\nSince you last looked:\n- a note",
      body: "Done.",
      notes: "- a note",
      value: null,
    });
    expect(texts(split)).toEqual(["Done.", "Since you last looked:\n- a note"]);
    expect(split.isError).toBe(false);
    const alone = mcpResult({ ok: true, text: "Done.", body: "Done.", notes: "", value: null });
    expect(texts(alone)).toEqual(["Done."]);
  });
});
