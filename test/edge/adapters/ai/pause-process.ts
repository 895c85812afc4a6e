// The first process of the restart test: the model asks to edit the plan, the run pauses on
// the approval, the conversation goes into the SQLite file, and this process ends.
//   tsx test/adapters/ai/pause-process.ts <sqlite file>
import { generateText, type ModelMessage } from "ai";
import { pauseForPerson } from "../../../../src/edge/adapters/ai/pause.ts";
import { aiTools } from "../../../../src/edge/adapters/ai/tools.ts";
import { sqliteStore } from "../../../../src/stores/sqlite/sqlite-store.ts";
import { agent, editPlan, scriptedModel, setup } from "./kit.ts";

const [path] = process.argv.slice(2);
if (path === undefined) throw new Error("usage: pause-process.ts <sqlite file>");
const ws = await setup(sqliteStore({ path }));
const messages: ModelMessage[] = [{ role: "user", content: "Move the release to Monday." }];
const model = scriptedModel([
  { calls: [{ id: "c1", name: "edit_plan", args: editPlan("Friday", "Monday") }] },
]);
const result = await generateText({
  model,
  tools: aiTools(ws, { agent }),
  toolApproval: { edit_plan: "user-approval" },
  messages,
});
const paused = await pauseForPerson(ws, { agent, result, messages });
await ws.close();
console.log(JSON.stringify({ paused, responseMessages: result.responseMessages }));
