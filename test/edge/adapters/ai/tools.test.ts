import { generateText, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { aiTools } from "../../../../src/edge/adapters/ai/tools.ts";
import { workspaceTools } from "../../../../src/tools/workspace-tools.ts";
import { agent, alice, editPlan, scriptedModel, setup, toolOutputs } from "./kit.ts";

describe("aiTools", () => {
  it("sends the model each tool's strict JSON Schema, in strict mode", async () => {
    const ws = await setup();
    const model = scriptedModel([{ text: "hello" }]);
    await generateText({ model, tools: aiTools(ws, { agent }), prompt: "hi" });
    const sent = model.doGenerateCalls[0]?.tools ?? [];
    const plain = workspaceTools(ws, { agent });
    expect(sent.map((t) => t.name)).toEqual(plain.map((t) => t.name));
    for (const tool of plain) {
      expect(sent.find((t) => t.name === tool.name)).toMatchObject({
        type: "function",
        description: tool.description,
        inputSchema: tool.jsonSchema,
        strict: true,
      });
    }
  });

  it("turns the agent's edit of a propose artifact into a proposal, and tells the model so", async () => {
    const ws = await setup();
    const model = scriptedModel([
      { calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }] },
      { text: "I proposed Monday." },
    ]);
    const result = await generateText({
      model,
      tools: aiTools(ws, { agent }),
      prompt: "Move the release to Monday.",
      stopWhen: stepCountIs(3),
    });
    const [proposal] = await ws.proposals({ status: "pending" });
    expect(proposal).toMatchObject({ change: { artifact_id: "p1" }, status: "pending" });
    expect((await ws.artifact("p1"))?.data).toEqual({ text: "Ship on Friday." });
    const told = toolOutputs(model, 1).c1;
    expect(told?.type).toBe("text");
    expect(told?.value).toMatch(
      new RegExp(`^Submitted for review as proposal ${proposal?.id}; it is not applied yet\\.`),
    );
    // What the agent had not heard of rides along: here, the plan the person made.
    expect(told?.value).toContain("Since you last looked:\n- Alice created p1 (plan, v1)");
    // The host reads the whole result; the model, its text.
    expect(result.toolResults[0]?.output).toMatchObject({ ok: true, value: { type: "proposed" } });
    expect(result.text).toBe("I proposed Monday.");
  });

  it("gives a refusal to the model as error text that says what to do", async () => {
    const ws = await setup();
    const model = scriptedModel([
      { calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday", 7) }] },
    ]);
    await generateText({
      model,
      tools: aiTools(ws, { agent }),
      prompt: "go",
      stopWhen: stepCountIs(2),
    });
    const output = toolOutputs(model, 1).c1;
    expect(output?.type).toBe("error-text");
    expect(output?.value).toMatch(/^Not applied: /);
    expect(output?.value).toContain("base the change on version 1");
    expect(await ws.proposals()).toEqual([]);
  });

  it("refuses a malformed call before it runs, naming the field, and writes nothing", async () => {
    const ws = await setup();
    const head = await ws.head();
    const model = scriptedModel([
      {
        calls: [{ id: "c1", name: "edit_plan", args: { artifact_id: "p1", base_version: "one" } }],
      },
    ]);
    const result = await generateText({
      model,
      tools: aiTools(ws, { agent }),
      toolApproval: { edit_plan: "user-approval" },
      prompt: "go",
      stopWhen: stepCountIs(2),
    });
    // Never put to a person for approval, never executed.
    expect(result.content.some((p) => p.type === "tool-approval-request")).toBe(false);
    const output = toolOutputs(model, 1).c1;
    expect(output?.type).toBe("error-text");
    expect(output?.value).toContain(
      "Not applied: the input is not valid (base_version: Input should be a valid number). Correct it and try again.",
    );
    expect(await ws.head()).toBe(head);
  });

  it.each([
    ["beside a megabyte edit", editPlan("Friday", "x".repeat(1_000_000)), "one"],
    ["that is itself a megabyte", editPlan("Friday", "Monday"), "x".repeat(1_000_000)],
  ])(
    "refuses one bad field %s in a few words naming it, as every adapter does",
    async (_how, edit, bad) => {
      const ws = await setup();
      const args = { ...(edit as object), base_version: bad };
      const model = scriptedModel([{ calls: [{ id: "c1", name: "edit_plan", args }] }]);
      await generateText({
        model,
        tools: aiTools(ws, { agent }),
        prompt: "go",
        stopWhen: stepCountIs(2),
      });
      const told = String(toolOutputs(model, 1).c1?.value);
      expect(told.length).toBeLessThan(1_000);
      expect(told).not.toMatch(/x{50}/);
      const refusal =
        "Not applied: the input is not valid (base_version: Input should be a valid number). Correct it and try again.";
      expect(told).toContain(refusal);
      // The same words the tool itself answers with, and so the other adapters.
      const [plain] = workspaceTools(ws, { agent }).filter((t) => t.name === "edit_plan");
      expect((await plain?.execute(args, { toolCallId: "c2" }))?.body).toBe(refusal);
      expect(await ws.proposals()).toEqual([]);
    },
  );

  it("carries the agent's notes on its next result, once: the answer and the person's diff", async () => {
    const ws = await setup();
    const tools = aiTools(ws, { agent });
    const first = scriptedModel([
      { calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }] },
    ]);
    await generateText({ model: first, tools, prompt: "go", stopWhen: stepCountIs(2) });
    const [proposal] = await ws.proposals({ status: "pending" });
    await ws.commit(
      {
        type: "respond_to_proposal",
        proposal_id: proposal?.id ?? "",
        decision: "accept",
        changes: { kind: "text_edits", edits: [{ old: "Monday", new: "Monday at 10:00" }] },
      },
      alice,
    );
    const next = scriptedModel([
      { calls: [{ id: "c2", name: "read_artifact", args: { artifact_id: "p1" } }] },
      { calls: [{ id: "c3", name: "list_artifacts", args: {} }] },
    ]);
    await generateText({ model: next, tools, prompt: "go on", stopWhen: stepCountIs(3) });
    const told = String(toolOutputs(next, 1).c2?.value);
    expect(told).toContain("Since you last looked:");
    expect(told).toContain(`Alice accepted your proposal ${proposal?.id} for p1`);
    expect(told).toMatch(/-Ship on Monday\.\n.*\n\s+\+Ship on Monday at 10:00\./);
    expect(String(toolOutputs(next, 2).c3?.value)).not.toContain("Since you last looked:");
  });
});
