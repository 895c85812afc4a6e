// The person's side of the framework examples, in a process of its own: opens the SQLite
// file, accepts the one pending proposal with a change of their own, and exits.
//   node --import tsx examples/frameworks/person-accepts.ts <db file> <workspace id>
import { createWorkspace } from "agent-workspace";
import { sqliteStore } from "agent-workspace/sqlite";
import registry from "./registry.ts";

const [path = "", id = "default"] = process.argv.slice(2);
const ws = createWorkspace({ registry, store: sqliteStore({ path }), id });
const [pending] = await ws.proposals({ status: "pending" });
if (pending === undefined) throw new Error("no pending proposal to accept");
const answer = await ws.commit(
  {
    type: "respond_to_proposal",
    proposal_id: pending.id,
    decision: "accept",
    // The person's own change, on top of what the agent proposed.
    changes: { kind: "text_edits", edits: [{ old: "Monday", new: "Monday at 10:00" }] },
    surface: "review-page",
  },
  { kind: "user", id: "alice", name: "Alice" },
);
console.log(answer.ok ? `accepted ${pending.id} with changes` : answer.rejection.message);
await ws.close();
