import { limitProblem, DEFAULT_LIMITS } from "../src/model/limits.ts";
const nested = Object.fromEntries(
  Array.from({ length: 50 }, (_, i) => [`item${i}`, { title: `Item ${i}`, done: i % 2 === 0 }]),
);
const mk = (n: number) => JSON.parse(JSON.stringify({ type: "create_artifact", artifact_id: `c${n}`, kind: "checklist", data: { title: "Launch", items: nested } }));
const cmds = Array.from({ length: 200 }, (_, i) => mk(i));
const text = "A line of a long document, with some words in it.\n".repeat(200 * 20);
const notes = Array.from({ length: 50 }, (_, i) => JSON.parse(JSON.stringify({ type: "create_artifact", artifact_id: `a${i}`, kind: "note", data: { text } })));
function time(label: string, arr: unknown[], reps: number) {
  const loops: number[] = [];
  for (let k = 0; k < reps; k++) {
    const t = performance.now();
    for (const c of arr) if (limitProblem(c, DEFAULT_LIMITS) !== null) throw new Error("refused");
    loops.push((performance.now() - t) / arr.length * 1000);
  }
  loops.sort((a, b) => a - b);
  console.log(label, loops[loops.length >> 1]!.toFixed(2), "µs");
}
for (let r = 0; r < 3; r++) { time("checklist", cmds, 51); time("note", notes, 51); }
const s = text;
let t = performance.now(); for (let i = 0; i < 1000; i++) s.includes("\u0000"); console.log("includes", ((performance.now() - t)).toFixed(2), "µs each");
t = performance.now(); for (let i = 0; i < 1000; i++) (s as any).isWellFormed(); console.log("isWellFormed", ((performance.now() - t)).toFixed(2), "µs each");
const re = /[\u0000\ud800-\udfff]/;
t = performance.now(); for (let i = 0; i < 1000; i++) re.test(s); console.log("regex", ((performance.now() - t)).toFixed(2), "µs each");
