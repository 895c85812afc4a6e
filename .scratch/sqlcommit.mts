import { mkdtempSync } from "node:fs"; import { tmpdir } from "node:os"; import { join } from "node:path";
import { createWorkspace } from "../src/index.ts"; import { sqliteStore } from "../src/sqlite.ts";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
const person = { kind: "user", id: "alice" } as const;
const nested = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`item${i}`, { title: `Item ${i}`, done: i % 2 === 0 }]));
const text = "A line of a long document, with some words in it.\n".repeat(200 * 20);
let n = 0;
for (const sync of ["full", "normal"] as const) {
  const ws = createWorkspace({ registry: fixtureRegistry(), store: sqliteStore({ path: join(mkdtempSync(join(tmpdir(), "x-")), "a.db"), synchronous: sync }) });
  for (const [label, make, count] of [["checklist", () => ({ type: "create_artifact", artifact_id: `c${++n}`, kind: "checklist", data: { title: "Launch", items: nested } }), 1000], ["note", () => ({ type: "create_artifact", artifact_id: `a${++n}`, kind: "note", data: { text } }), 300]] as const) {
    const times: number[] = [];
    for (let i = 0; i < count; i++) { const c = JSON.parse(JSON.stringify(make())); const t = performance.now(); const r = await ws.commit(c, person); times.push(performance.now() - t); if (!r.ok) throw new Error(JSON.stringify(r)); }
    times.sort((a, b) => a - b); console.log(sync, label, (times[times.length >> 1]! * 1000).toFixed(0), "µs per commit (median)");
  }
}
