import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import type { WorkspaceTool } from "../../src/tools/api.ts";
import type { JsonSchema } from "../../src/tools/strict-schema.ts";
import { workspaceTools } from "../../src/tools/workspace-tools.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

async function setup(store: Store = memoryStore()) {
  const ws = createWorkspace({ registry: fixtureRegistry(), store, newId: sequentialIds() });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
  const tools = workspaceTools(ws, { agent });
  const byName = (name: string): WorkspaceTool => {
    const found = tools.find((t) => t.name === name);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found;
  };
  let n = 0;
  const call = (name: string, args: unknown) =>
    byName(name).execute(args, { toolCallId: `call_${++n}` });
  return { ws, tools, call };
}

/** Strict as OpenAI reads it: every object closed, every property required, no refs. */
function strictProblems(node: JsonSchema, at = "$"): string[] {
  const problems: string[] = [];
  if ("$ref" in node || "$defs" in node) problems.push(`${at}: a reference`);
  if (node.type === "object") {
    const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
    if (node.additionalProperties !== false) problems.push(`${at}: not closed`);
    const required = new Set((node.required ?? []) as string[]);
    for (const key of Object.keys(properties)) {
      if (!required.has(key)) problems.push(`${at}.${key}: not required`);
      problems.push(...strictProblems(properties[key] as JsonSchema, `${at}.${key}`));
    }
  }
  if (node.type === "array") problems.push(...strictProblems(node.items as JsonSchema, `${at}[]`));
  for (const variant of (node.anyOf ?? []) as JsonSchema[])
    problems.push(...strictProblems(variant, at));
  return problems;
}

describe("the tool set", () => {
  it("is what an agent may do, each input a strict top-level object", async () => {
    const { tools } = await setup();
    expect(tools.map((t) => t.name)).toEqual([
      "list_artifacts",
      "read_artifact",
      "create_note",
      "edit_note",
      "create_checklist",
      "edit_checklist",
      "create_counter",
      "edit_counter",
      "create_memo",
      "edit_memo",
      "archive_artifact",
      "read_notes",
      "offer_thread",
      "ask_person",
    ]);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.jsonSchema.type, tool.name).toBe("object");
      expect(strictProblems(tool.jsonSchema), tool.name).toEqual([]);
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
    }
  });

  it("types a kind's data by its schema, or asks for JSON text where no strict schema can say it", async () => {
    const { tools } = await setup();
    const note = tools.find((t) => t.name === "create_note")?.jsonSchema as {
      properties: Record<string, JsonSchema>;
    };
    expect(note.properties.data).toMatchObject({
      type: "object",
      properties: { text: { anyOf: [{ type: "string" }, { type: "null" }] } },
    });
    const checklist = tools.find((t) => t.name === "create_checklist")?.jsonSchema as {
      properties: Record<string, JsonSchema>;
    };
    expect(checklist.properties.data_json).toMatchObject({ type: "string" });
    expect(String(checklist.properties.data_json?.description)).toContain('"items"');
  });

  it("gives an external agent no thread of its own to offer from or ask in", async () => {
    const { ws } = await setup();
    const names = workspaceTools(ws, { agent: { kind: "external_agent", client_id: "mcp" } }).map(
      (t) => t.name,
    );
    expect(names).not.toContain("offer_thread");
    expect(names).not.toContain("ask_person");
  });
});

describe("calling the tools", () => {
  it("writes under the policies, with neutral text for every outcome", async () => {
    const { ws, call } = await setup();
    const created = await call("create_note", {
      artifact_id: "n1",
      data: { text: "Ship on Friday.", title: null },
    });
    expect(created).toMatchObject({ ok: true, text: "Applied: n1 is now at version 1." });
    const edited = await call("edit_note", {
      artifact_id: "n1",
      base_version: 1,
      summary: null,
      text_edits: { field: "text", edits: [{ old: "Friday", new: "Monday" }] },
      set: null,
    });
    expect(edited.text).toBe("Applied: n1 is now at version 2.");
    expect((await ws.artifact("n1"))?.data).toEqual({ text: "Ship on Monday.", title: "" });

    const list = await call("create_checklist", {
      artifact_id: "c1",
      data_json: '{"title":"Launch"}',
    });
    expect(list.ok).toBe(true);
    expect(list.text).toMatch(/^Submitted for review as proposal prp_\d+; it is not applied yet\./);
    expect(await ws.artifact("c1")).toBeNull();
  });

  it("answers every refusal with text that says what to do, and never throws", async () => {
    const { call } = await setup();
    await call("create_note", { artifact_id: "n1", data: { text: "a", title: "b" } });
    const stale = await call("edit_note", {
      artifact_id: "n1",
      base_version: 7,
      summary: null,
      text_edits: null,
      set: { text: "c", title: null },
    });
    expect(stale).toMatchObject({ ok: false, rejection: { type: "version_conflict" } });
    expect(stale.text).toContain("base the change on version 1");
    for (const args of [undefined, null, 5, "x", { artifact_id: 3 }, { base_version: "2" }]) {
      const result = await call("edit_note", args);
      expect(result.ok, JSON.stringify(args)).toBe(false);
      expect(result.text).toMatch(/^Not applied: /);
    }
    const both = await call("edit_note", {
      artifact_id: "n1",
      base_version: 1,
      text_edits: { field: "text", edits: [{ old: "a", new: "z" }] },
      set: { title: "t" },
    });
    expect(both.text).toContain("give exactly one of text_edits and set");
    expect(await call("read_artifact", { artifact_id: "nope" })).toMatchObject({
      ok: false,
      text: "Not applied: artifact nope does not exist.",
    });
  });

  it("carries the answer to a proposal, with the person's changes as a diff, on the next result, once", async () => {
    const store = memoryStore();
    const { ws, call } = await setup(store);
    await ws.commit(
      { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: "Plan A\n" } },
      alice,
    );
    const proposed = await call("edit_memo", {
      artifact_id: "m1",
      base_version: 1,
      text_edits: { field: "text", edits: [{ old: "Plan A", new: "Plan B" }] },
    });
    if (!proposed.ok) throw new Error(proposed.text);
    const proposal_id = (proposed.value as { proposal_id: string }).proposal_id;
    await ws.commit(
      {
        type: "respond_to_proposal",
        proposal_id,
        decision: "accept",
        changes: { kind: "text_edits", edits: [{ old: "Plan B", new: "Plan C" }] },
      },
      alice,
    );
    const next = await call("list_artifacts", {});
    expect(next.notes).toContain(`Alice accepted your proposal ${proposal_id} for m1`);
    expect(next.notes).toContain("-Plan B\n    +Plan C");
    expect(next.text).toContain("Since you last looked:");
    // The cursor is durable: a new tool set (another process) does not hear it again.
    const again = workspaceTools(ws, { agent });
    const later = await again
      .find((t) => t.name === "read_notes")
      ?.execute({}, { toolCallId: "x" });
    expect(later?.text).toBe("Nothing new.");
  });

  it("offers a thread, stored whole, for the card to be drawn from the workspace", async () => {
    const { ws, call } = await setup();
    const offer = {
      title: "Tests",
      summary: "Cover the loader.",
      rationale: null,
      prompt: "Write the loader's tests.",
      files: null,
    };
    const result = await call("offer_thread", offer);
    expect(result.text).toMatch(/^Your offer of a new thread, "Tests", is now shown to the person/);
    expect((await ws.thread("t1"))?.offered).toEqual({
      call_1: {
        title: "Tests",
        summary: "Cover the loader.",
        rationale: null,
        prompt: "Write the loader's tests.",
        files: [],
      },
    });
  });

  it("asks the person in its run, pausing it on the deferred channel until they answer", async () => {
    const { ws, call } = await setup();
    const asked = await call("ask_person", {
      prompt: "Which day?",
      options: [
        { id: "mon", label: "Monday" },
        { id: "fri", label: "Friday" },
      ],
    });
    expect(asked.text).toContain("Your run is paused until they answer");
    expect(await ws.run("r1")).toMatchObject({
      status: "paused",
      decision: { pending: { id: "call_1", channel: "deferred" } },
    });
    const answered = await ws.answerDecision(
      { scope: { kind: "run", id: "r1" }, decision_id: "call_1", option_id: "fri" },
      alice,
    );
    expect(answered).toMatchObject({ ok: true, status: "delivered" });
    expect((await ws.run("r1"))?.answers).toEqual({ call_1: { answer: "fri", approved: null } });
  });
});
