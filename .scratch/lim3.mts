import { limitProblem, DEFAULT_LIMITS } from "../src/model/limits.ts";
const nested = Object.fromEntries(
  Array.from({ length: 50 }, (_, i) => [`item${i}`, { title: `Item ${i}`, done: i % 2 === 0 }]),
);
const mk = (n: number) => JSON.parse(JSON.stringify({ type: "create_artifact", artifact_id: `c${n}`, kind: "checklist", data: { title: "Launch", items: nested } }));
const cmds = Array.from({ length: 200 }, (_, i) => mk(i));
const t = performance.now();
for (let k = 0; k < 3000; k++) for (const c of cmds) limitProblem(c, DEFAULT_LIMITS);
console.log((performance.now() - t) / 600000 * 1000, "µs");
