// The AI SDK adapter end to end, with a scripted model and a SQLite file: the agent's edit
// of the plan becomes a proposal, the person accepts it with a change of their own from
// another process, and the agent's next tool result carries the note with the diff.
//   npm run example:ai
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createWorkspace } from "agent-workspace";
import { aiTools } from "agent-workspace/ai";
import { sqliteStore } from "agent-workspace/sqlite";
import { generateText, type ModelMessage, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { personAcceptsElsewhere } from "./another-process.ts";
import registry from "./registry.ts";

const dir = mkdtempSync(join(tmpdir(), "aw-example-ai-"));
const path = join(dir, "workspace.db");
const ws = createWorkspace({ registry, store: sqliteStore({ path }) });

const alice = { kind: "user", id: "alice", name: "Alice" } as const;
const agent = { kind: "agent", thread_id: "thr_release", run_id: "run_1" } as const;
await ws.commit({ type: "create_thread", thread_id: "thr_release" }, alice);
await ws.commit(
  { type: "create_artifact", artifact_id: "plan", kind: "plan", data: { text: "Ship on Friday." } },
  alice,
);
await ws.record({ type: "run_started", run_id: "run_1", thread_id: "thr_release" }, agent);

// The model, scripted: each call to it answers with the next of these turns.
const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const call = (toolCallId: string, toolName: string, args: unknown) => ({
  content: [{ type: "tool-call" as const, toolCallId, toolName, input: JSON.stringify(args) }],
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: [],
});
const say = (text: string) => ({
  content: [{ type: "text" as const, text }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: [],
});
const edit = {
  artifact_id: "plan",
  base_version: 1,
  summary: "Move the release to Monday",
  text_edits: { field: "text", edits: [{ old: "Friday", new: "Monday" }] },
  set: null,
};
const model = new MockLanguageModelV4({
  doGenerate: [
    call("call_1", "edit_plan", edit),
    say("I proposed moving the release to Monday."),
    call("call_2", "read_artifact", { artifact_id: "plan" }),
    say("The release is on Monday at 10:00."),
  ],
});

/** Prints the tool results the model was sent in its latest prompt. */
function printWhatTheModelSaw(): void {
  const prompt = model.doGenerateCalls.at(-1)?.prompt ?? [];
  const last = prompt.at(-1);
  if (last?.role !== "tool") return;
  for (const part of last.content) {
    if (part.type !== "tool-result" || !("value" in part.output)) continue;
    console.log(`The model saw, from ${part.toolName}:\n${String(part.output.value)}\n`);
  }
}

const tools = aiTools(ws, { agent });
const messages: ModelMessage[] = [{ role: "user", content: "Move the release to Monday." }];
const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
printWhatTheModelSaw();
console.log(`The model said: ${first.text}\n`);

// The person answers elsewhere: another process opens the file and accepts with a change.
console.log(`Another process: ${personAcceptsElsewhere(path)}\n`);

messages.push(...first.responseMessages, { role: "user", content: "When is the release now?" });
const second = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
printWhatTheModelSaw();
console.log(`The model said: ${second.text}`);

await ws.close();
rmSync(dir, { recursive: true, force: true });
