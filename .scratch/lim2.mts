import { limitProblem, DEFAULT_LIMITS } from "../src/model/limits.ts";
const text = "A line of a long document, with some words in it.\n".repeat(200 * 20);
const strs = Array.from({ length: 50 }, () => JSON.parse(JSON.stringify(text)));
function time(label: string, f: () => void, n: number) {
  const loops: number[] = [];
  for (let k = 0; k < 31; k++) { const t = performance.now(); f(); loops.push((performance.now() - t) / n * 1000); }
  loops.sort((a, b) => a - b); console.log(label, loops[15]!.toFixed(2), "µs");
}
time("limit(str)", () => { for (const s of strs) limitProblem(s, DEFAULT_LIMITS); }, 50);
time("includes", () => { for (const s of strs) s.includes("\u0000"); }, 50);
time("isWellFormed", () => { for (const s of strs) (s as any).isWellFormed(); }, 50);
time("indexOf", () => { for (const s of strs) s.indexOf("\u0000"); }, 50);
