import { generateText, type ModelMessage } from "ai";
import { describe, expect, it, vi } from "vitest";
import { pauseForPerson } from "../../../../src/edge/adapters/ai/pause.ts";
import { aiTools } from "../../../../src/edge/adapters/ai/tools.ts";
import { waitForAnswers } from "../../../../src/edge/adapters/ai/wait.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { agent, alice, editPlan, scriptedModel, setup } from "./kit.ts";

const messages: ModelMessage[] = [{ role: "user", content: "Tidy the plan." }];

async function pausedOnTwo(ws: Workspace): Promise<string[]> {
  const model = scriptedModel([
    {
      calls: [
        { id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") },
        { id: "c2", name: "archive_artifact", args: { artifact_id: "p1", base_version: 1 } },
      ],
    },
  ]);
  const result = await generateText({
    model,
    tools: aiTools(ws, { agent }),
    toolApproval: { edit_plan: "user-approval", archive_artifact: "user-approval" },
    messages,
  });
  const paused = await pauseForPerson(ws, { agent, result, messages });
  if (!paused.ok || paused.status !== "paused") throw new Error(JSON.stringify(paused));
  return [...paused.requests];
}

const pendingIds = async (ws: Workspace) => (await ws.decisions()).map((d) => d.decision.id);

describe("waitForAnswers", () => {
  it("asks each next request as the last is answered, and resolves with the messages", async () => {
    const ws = await setup();
    const [first = "", second = ""] = await pausedOnTwo(ws);
    const waiting = waitForAnswers(ws, { runId: "r1" });
    const scope = { kind: "run", id: "r1" } as const;
    await ws.answerDecision({ scope, decision_id: first, option_id: "approve" }, alice);
    // Nobody but the waiter asks the second one.
    await vi.waitFor(async () => expect(await pendingIds(ws)).toEqual([second]));
    await ws.answerDecision({ scope, decision_id: second, option_id: "deny" }, alice);
    const resumed = await waiting;
    expect(resumed).toMatchObject({
      ok: true,
      status: "resumed",
      answers: [
        { id: first, approved: true },
        { id: second, approved: false },
      ],
    });
    expect(await ws.run("r1")).toMatchObject({ status: "running" });
  });

  it("stops when its signal aborts, having written nothing of its own", async () => {
    const ws = await setup();
    await pausedOnTwo(ws);
    const head = await ws.head();
    const stop = new AbortController();
    const waiting = waitForAnswers(ws, { runId: "r1", signal: stop.signal });
    stop.abort(new Error("host shutting down"));
    await expect(waiting).rejects.toThrow("host shutting down");
    expect(await ws.head()).toBe(head);
  });

  it("answers a rejection at once for a run it cannot resume", async () => {
    const ws = await setup();
    expect(await waitForAnswers(ws, { runId: "r1" })).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state" },
    });
  });
});
