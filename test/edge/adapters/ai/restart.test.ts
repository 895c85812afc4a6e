import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateText, type ModelMessage } from "ai";
import { afterAll, expect, it } from "vitest";
import type { AiPauseResult } from "../../../../src/edge/adapters/ai/api.ts";
import { resumeMessages } from "../../../../src/edge/adapters/ai/resume.ts";
import { aiTools } from "../../../../src/edge/adapters/ai/tools.ts";
import { sqliteStore } from "../../../../src/stores/sqlite/sqlite-store.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { inAnotherProcess } from "../child-process.ts";
import { agent, alice, registry, scriptedModel, toolOutputs } from "./kit.ts";

const dir = mkdtempSync(join(tmpdir(), "aw-ai-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const toolApproval = { edit_plan: "user-approval" } as const;

it("pauses in one process and resumes in another: the model gets the approval", async () => {
  const path = join(dir, "restart.db");
  const messages: ModelMessage[] = [{ role: "user", content: "Move the release to Monday." }];

  // The first process: the model asks to edit; the run pauses, and the process ends.
  const first = (await inAnotherProcess(join(import.meta.dirname, "pause-process.ts"), [path])) as {
    paused: AiPauseResult;
    responseMessages: ModelMessage[];
  };
  const { paused } = first;
  if (!paused.ok || paused.status !== "paused") throw new Error(JSON.stringify(paused));

  // The person, on another surface: the decision is in the file, and answering it is enough.
  const surface = createWorkspace({ registry, store: sqliteStore({ path }) });
  const [pending] = await surface.decisions();
  expect(pending?.decision.id).toBe(paused.decisionId);
  const picked = await surface.answerDecision(
    {
      scope: pending?.scope ?? { kind: "run", id: "r1" },
      decision_id: paused.decisionId ?? "",
      option_id: "approve",
    },
    alice,
  );
  expect(picked).toMatchObject({ ok: true, status: "delivered" });
  await surface.close();

  // The next process: the resume data and the answer come from the store.
  const next = createWorkspace({ registry, store: sqliteStore({ path }) });
  const resumed = await resumeMessages(next, { runId: "r1" });
  if (!resumed.ok || resumed.status !== "resumed") throw new Error(JSON.stringify(resumed));
  expect(resumed.messages.slice(0, 2)).toEqual([messages[0], first.responseMessages[0]]);
  const after = scriptedModel([{ text: "Proposed Monday." }]);
  const final = await generateText({
    model: after,
    tools: aiTools(next, { agent }),
    toolApproval,
    messages: resumed.messages,
  });
  expect(final.text).toBe("Proposed Monday.");
  expect(String(toolOutputs(after, 0).c1?.value)).toMatch(/^Submitted for review as proposal/);
  const [proposal] = await next.proposals({ status: "pending" });
  expect(proposal?.change.artifact_id).toBe("p1");
  expect(await next.run("r1")).toMatchObject({ status: "running", resume: null });
  await next.close();
});
