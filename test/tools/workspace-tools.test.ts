import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { defineArtifactType } from "../../src/model/artifact-type.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import type { JsonObject } from "../../src/model/json.ts";
import { createRegistry } from "../../src/model/registry.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import type { WorkspaceTool } from "../../src/tools/api.ts";
import type { JsonSchema } from "../../src/tools/strict-schema.ts";
import { workspaceTools } from "../../src/tools/workspace-tools.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { sdkProblems } from "./sdk-checks.ts";

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
      "comment_on_proposal",
      "read_notes",
      "offer_thread",
      "ask_person",
    ]);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.jsonSchema.type, tool.name).toBe("object");
      expect(await sdkProblems(tool.name, tool.jsonSchema), tool.name).toEqual([]);
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

// Kinds of every shape: a tuple, enums and literals, nested and nullable fields, a union at
// the root, an open record.
const task = defineArtifactType({
  kind: "task",
  writePolicy: "direct",
  schema: z.strictObject({
    title: z.string(),
    status: z.enum(["todo", "done"]).default("todo"),
    kind: z.literal("task").default("task"),
    at: z.tuple([z.number(), z.number()]).optional(),
    owner: z.object({ name: z.string(), email: z.string().optional() }).optional(),
    due: z.string().nullable().default(null),
    // Optional fields type as possibly undefined, which a JSON object's type leaves out: the
    // schema is handed over as the JSON object schema its parsed values are.
  }) as unknown as z.ZodType<JsonObject>,
});
const shape = defineArtifactType({
  kind: "shape",
  writePolicy: "direct",
  schema: z.discriminatedUnion("t", [
    z.object({ t: z.literal("circle"), r: z.number() }),
    z.object({ t: z.literal("square"), side: z.number() }),
  ]),
});
const doc = (kind: string) =>
  defineArtifactType({
    kind,
    writePolicy: "propose",
    schema: z.object({ body: z.string(), meta: z.record(z.string(), z.string()).default({}) }),
  });

async function richTools(kinds = [task, shape, doc("doc.v2")]) {
  const ws = createWorkspace({
    registry: createRegistry({ artifactTypes: kinds }),
    newId: sequentialIds(),
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  const tools = workspaceTools(ws, { agent: { kind: "agent", thread_id: "t1", run_id: null } });
  let n = 0;
  const call = (name: string, args: unknown) => {
    const found = tools.find((t) => t.name === name);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found.execute(args, { toolCallId: `call_${++n}` });
  };
  return { ws, tools, call };
}

describe("the tools of kinds of every shape", () => {
  it("are made, and each input is what every SDK takes as strict", async () => {
    const { tools } = await richTools();
    expect(tools.map((t) => t.name)).toContain("create_task");
    for (const tool of tools) {
      expect(await sdkProblems(tool.name, tool.jsonSchema), tool.name).toEqual([]);
    }
  });

  it("take the same keys in zod as in their JSON Schema", async () => {
    const { tools } = await richTools();
    for (const tool of tools) {
      const keys = Object.keys((tool.inputSchema as z.ZodObject).shape);
      expect(keys, tool.name).toEqual(Object.keys(tool.jsonSchema.properties as object));
    }
    const { call } = await richTools();
    const both = await call("edit_task", {
      artifact_id: "x",
      base_version: 1,
      set_json: '{"title":"T"}',
    });
    expect(both.text).toContain("set_json");
    expect(both.rejection).toMatchObject({ type: "validation_failed" });
  });

  it("offer only free-text fields to text edits, not enums or literals", async () => {
    const { tools } = await richTools();
    const edit = tools.find((t) => t.name === "edit_task")?.jsonSchema as {
      properties: { text_edits: { anyOf: [{ properties: { field: JsonSchema } }] } };
    };
    expect(edit.properties.text_edits.anyOf[0].properties.field).toEqual({
      type: "string",
      enum: ["title"],
    });
  });

  it("clear a field to null where it may be null, and leave it out where it may be", async () => {
    const { ws, call } = await richTools();
    const created = await call("create_task", {
      artifact_id: "x1",
      data: {
        title: "T",
        status: null,
        kind: null,
        at: [1, 2],
        owner: { name: "Ada", email: null },
        due: "2027-01-01",
      },
    });
    expect(created.text).toBe("Applied: x1 is now at version 1.");
    const cleared = await call("edit_task", {
      artifact_id: "x1",
      base_version: 1,
      summary: null,
      text_edits: null,
      set: null,
      clear: ["due", "at"],
    });
    expect(cleared.text).toBe("Applied: x1 is now at version 2.");
    expect((await ws.artifact("x1"))?.data).toEqual({
      title: "T",
      status: "todo",
      kind: "task",
      owner: { name: "Ada" },
      due: null,
    });
    // A field set leaves out (null) is left as it is, whatever its default.
    const done = await call("edit_task", {
      artifact_id: "x1",
      base_version: 2,
      set: { title: null, status: "done", kind: null, at: null, owner: null, due: null },
    });
    expect(done.text).toBe("Applied: x1 is now at version 3.");
    const renamed = await call("edit_task", {
      artifact_id: "x1",
      base_version: 3,
      set: { title: "U", status: null, kind: null, at: null, owner: null, due: null },
    });
    expect(renamed.text).toBe("Applied: x1 is now at version 4.");
    expect((await ws.artifact("x1"))?.data).toMatchObject({ title: "U", status: "done" });
    const twice = await call("edit_task", {
      artifact_id: "x1",
      base_version: 4,
      set: { title: "V" },
      clear: ["title"],
    });
    expect(twice.rejection).toMatchObject({ type: "validation_failed" });
  });

  it("refuse two kinds whose tools would have the same name, naming both", async () => {
    await expect(richTools([doc("doc.v2"), doc("doc_v2")])).rejects.toThrow(
      expect.objectContaining({
        code: "invalid_argument",
        message: expect.stringContaining("doc.v2 and doc_v2 both make the tool create_doc_v2"),
      }),
    );
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
    // Nested past any depth a workspace takes (the argument walks would run out of stack),
    // cyclic, or not JSON at all: refused in words, like any other bad argument.
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const odd = [{ data: deep }, { data: cyclic }, { data: { f: () => 1 } }, { s: Symbol("s") }];
    for (const args of [
      undefined,
      null,
      5,
      "x",
      { artifact_id: 3 },
      { base_version: "2" },
      ...odd,
    ]) {
      const result = await call("edit_note", args);
      expect(result.ok, String(args)).toBe(false);
      expect(result.text).toMatch(/^Not applied: /);
      expect((await call("create_note", args)).ok).toBe(false);
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

  it("refuses a question that cannot be asked before it pauses the run, never leaving it waiting on nothing", async () => {
    const { ws, tools } = await setup();
    const ask = tools.find((t) => t.name === "ask_person") as WorkspaceTool;
    const twice = [
      { id: "a", label: "A" },
      { id: "a", label: "B" },
    ];
    for (const options of [
      twice,
      [{ id: "a\nb", label: "A" }],
      [{ id: "x".repeat(300), label: "X" }],
    ]) {
      const refused = await ask.execute({ prompt: "Which?", options }, { toolCallId: "call_q" });
      expect(refused.ok).toBe(false);
      expect(await ws.run("r1")).toMatchObject({ status: "running", pending: [] });
    }
    // A tool call id whose question was answered before (a provider reusing ids) is refused too.
    const yes = [{ id: "yes", label: "Yes" }];
    const first = await ask.execute({ prompt: "Go?", options: yes }, { toolCallId: "call_0" });
    expect(first.ok).toBe(true);
    const answered = await ws.answerDecision(
      { scope: { kind: "run", id: "r1" }, decision_id: "call_0", option_id: "yes" },
      alice,
    );
    expect(answered.ok).toBe(true);
    await ws.record(
      { type: "run_started", run_id: "r1", thread_id: "t1", trigger: "resume" },
      agent,
    );
    const again = await ask.execute({ prompt: "Go?", options: yes }, { toolCallId: "call_0" });
    expect(again).toMatchObject({ ok: false, text: expect.stringContaining("already ended") });
    expect(await ws.run("r1")).toMatchObject({ status: "running", pending: [] });
  });

  it("asks the person in its run, pausing it on the deferred channel; the answer comes as a note", async () => {
    const { ws, call } = await setup();
    await call("read_notes", {});
    const asked = await call("ask_person", {
      prompt: "Which day?",
      options: [
        { id: "mon", label: "Monday" },
        { id: "fri", label: "Friday" },
      ],
    });
    expect(asked.text).toBe(
      "Your question is in front of the person, and your run is paused until they answer. Their answer will come to you as a note. Do not ask it again.",
    );
    expect(await ws.run("r1")).toMatchObject({
      status: "paused",
      decision: { pending: { id: "call_2", channel: "deferred" } },
    });
    const answered = await ws.answerDecision(
      { scope: { kind: "run", id: "r1" }, decision_id: "call_2", option_id: "fri" },
      alice,
    );
    expect(answered).toMatchObject({ ok: true, status: "delivered" });
    expect((await ws.run("r1"))?.answers).toEqual({ call_2: { answer: "fri", approved: null } });
    const notes = await call("read_notes", {});
    expect(notes.text).toBe('- Alice answered your question call_2: "Friday"');
    expect((await call("read_notes", {})).text).toBe("Nothing new.");
  });

  it("asks a thread's question on the notes channel: options kept, answerable, told by its notes", async () => {
    const { ws, call } = await richTools();
    const asked = await call("ask_person", {
      prompt: "Which day?",
      options: [
        { id: "mon", label: "Monday" },
        { id: "fri", label: "Friday" },
      ],
    });
    expect(asked.text).toMatch(/^Your question and its options are in front of the person\. /);
    const [pending] = await ws.decisions({ threadId: "t1" });
    expect(pending?.decision).toMatchObject({
      id: "call_1",
      channel: "notes",
      options: [
        { id: "mon", label: "Monday" },
        { id: "fri", label: "Friday" },
      ],
    });
    const scope = { kind: "thread", id: "t1" } as const;
    expect(
      await ws.answerDecision({ scope, decision_id: "call_1", option_id: "mon" }, alice),
    ).toMatchObject({ ok: true, status: "delivered", channel: "notes" });
    const next = await call("list_artifacts", {});
    expect(next.notes).toBe('- Alice answered your question call_1: "Monday"');
  });

  it("says so when the question cannot be answered where the person sees it", async () => {
    const { ws } = await setup();
    const thread = { kind: "agent", thread_id: "t1", run_id: null } as const;
    const [ask] = workspaceTools(ws, { agent: thread, decisionChannel: null }).filter(
      (t) => t.name === "ask_person",
    );
    const asked = await ask?.execute({ prompt: "Which day?", options: null }, { toolCallId: "q" });
    expect(asked?.text).toMatch(/^Your question is shown to the person, but it cannot be answered/);
  });
});
