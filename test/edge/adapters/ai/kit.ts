// What the AI SDK adapter's tests share: a workspace with a plan the agent may only propose
// changes to, and a scripted model that records every prompt it was sent.
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { createRegistry, defineArtifactType } from "../../../../src/entries/index.ts";
import { sequentialIds } from "../../../../src/model/ids.ts";
import { memoryStore } from "../../../../src/stores/memory.ts";
import type { Store } from "../../../../src/stores/port.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";

export const alice = { kind: "user", id: "alice", name: "Alice" } as const;
export const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

const plan = defineArtifactType({
  kind: "plan",
  description: "The release plan; a person approves every change.",
  schema: z.strictObject({ text: z.string() }),
  writePolicy: "propose",
});
export const registry = createRegistry({ artifactTypes: [plan] });

/** A workspace with thread t1, plan p1 ("Ship on Friday.") and run r1 of t1's agent started. */
export async function setup(store: Store = memoryStore()): Promise<Workspace> {
  const ws = createWorkspace({ registry, store, newId: sequentialIds() });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit(
    { type: "create_artifact", artifact_id: "p1", kind: "plan", data: { text: "Ship on Friday." } },
    alice,
  );
  await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
  return ws;
}

/** One call the scripted model makes. */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
}

/** One model turn: tool calls, or a text answer. */
export type Turn = { readonly calls: readonly ScriptedCall[] } | { readonly text: string };

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that answers each call with the next turn (text "done" once they run out). */
export function scriptedModel(turns: readonly Turn[]): MockLanguageModelV4 {
  let next = 0;
  return new MockLanguageModelV4({
    // Files by URL go to the model as they are: nothing is downloaded.
    supportedUrls: { "*/*": [/^https:/] },
    doGenerate: async () => {
      const turn = turns[next++] ?? { text: "done" };
      if ("text" in turn) {
        return {
          content: [{ type: "text", text: turn.text }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      }
      return {
        content: turn.calls.map((c) => ({
          type: "tool-call" as const,
          toolCallId: c.id,
          toolName: c.name,
          input: JSON.stringify(c.args),
        })),
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

/** What the model was told of its tool calls in its `call`-th prompt (from 0), by call id. */
export function toolOutputs(
  model: MockLanguageModelV4,
  call: number,
): Record<string, { readonly type: string; readonly value?: unknown; readonly reason?: unknown }> {
  const prompt = model.doGenerateCalls[call]?.prompt ?? [];
  const outputs: Record<string, { type: string; value?: unknown; reason?: unknown }> = {};
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") outputs[part.toolCallId] = part.output;
    }
  }
  return outputs;
}

/** An `edit_plan` call's arguments: one text edit of p1 from version 1, as a strict model sends. */
export function editPlan(old: string, replacement: string, base_version = 1): unknown {
  return {
    artifact_id: "p1",
    base_version,
    summary: null,
    text_edits: { field: "text", edits: [{ old, new: replacement }] },
    set: null,
  };
}
