import type { ModelMessage } from "ai";
import { expect, it } from "vitest";
import { resume, turn } from "../../../../examples/frameworks/ai-host-loop.ts";
import { agent, alice, scriptedModel, setup, toolOutputs } from "./kit.ts";

it("the host loop example: archiving waits for the person's approval, then resumes", async () => {
  const ws = await setup();
  const messages: ModelMessage[] = [{ role: "user", content: "The plan is done; archive it." }];
  const archive = { artifact_id: "p1", base_version: 1 };
  const model = scriptedModel([
    { calls: [{ id: "c1", name: "archive_artifact", args: archive }] },
    { text: "Archiving is up to you now." },
  ]);
  const paused = await turn(ws, model, agent, messages);
  if (!paused.ok || paused.status !== "paused") throw new Error(JSON.stringify(paused));
  expect(await ws.proposals()).toEqual([]);
  expect(await resume(ws, model, agent)).toMatchObject({ ok: true, status: "waiting" });

  const scope = { kind: "run", id: "r1" } as const;
  const decision_id = paused.decisionId ?? "";
  await ws.answerDecision({ scope, decision_id, option_id: "approve" }, alice);
  const final = await resume(ws, model, agent);
  expect(final && "text" in final && final.text).toBe("Archiving is up to you now.");
  expect(String(toolOutputs(model, 1).c1?.value)).toMatch(/^Submitted for review as proposal/);
  const [proposal] = await ws.proposals({ status: "pending" });
  expect(proposal?.change).toMatchObject({ type: "archive_artifact", artifact_id: "p1" });
});
