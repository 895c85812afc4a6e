// The first process of the restart test: the SDK agent asks to edit note n1, the run pauses
// on the approval with the SDK's RunState in the SQLite file, and this process ends.
//   tsx test/adapters/openai-agents/pause-process.ts <sqlite file>
import { sqliteStore } from "../../../../src/stores/sqlite/sqlite-store.ts";
import { pauseOnBye, setup } from "./helpers.ts";

const [path] = process.argv.slice(2);
if (path === undefined) throw new Error("usage: pause-process.ts <sqlite file>");
const ws = await setup(sqliteStore({ path }));
const step = await pauseOnBye(ws);
await ws.close();
console.log(JSON.stringify({ status: step.status, decision: step.decision ?? null }));
