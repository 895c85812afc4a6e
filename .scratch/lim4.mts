const nested = Object.fromEntries(
  Array.from({ length: 50 }, (_, i) => [`item${i}`, { title: `Item ${i}`, done: i % 2 === 0 }]),
);
const mk = (n: number) => JSON.parse(JSON.stringify({ type: "create_artifact", artifact_id: `c${n}`, kind: "checklist", data: { title: "Launch", items: nested } }));
const cmds = Array.from({ length: 200 }, (_, i) => mk(i));
let bytes = 0;
function walkKeys(v: unknown, depth: number): number {
  if (typeof v === "string") { bytes += v.length + 2; return 0; }
  if (typeof v !== "object" || v === null) { bytes += 4; return 0; }
  if (depth > 64) return 1;
  if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) if (walkKeys(v[i], depth + 1)) return 1; return 0; }
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) { const k = keys[i]!; bytes += k.length + 3; if (walkKeys((v as any)[k], depth + 1)) return 1; }
  return 0;
}
function walkForIn(v: unknown, depth: number): number {
  if (typeof v === "string") { bytes += v.length + 2; return 0; }
  if (typeof v !== "object" || v === null) { bytes += 4; return 0; }
  if (depth > 64) return 1;
  if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) if (walkForIn(v[i], depth + 1)) return 1; return 0; }
  for (const k in v) { bytes += k.length + 3; if (walkForIn((v as any)[k], depth + 1)) return 1; }
  return 0;
}
function walkValues(v: unknown, depth: number): number {
  if (typeof v === "string") { bytes += v.length + 2; return 0; }
  if (typeof v !== "object" || v === null) { bytes += 4; return 0; }
  if (depth > 64) return 1;
  if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) if (walkValues(v[i], depth + 1)) return 1; return 0; }
  const keys = Object.keys(v); const vals = Object.values(v);
  for (let i = 0; i < keys.length; i++) { bytes += keys[i]!.length + 3; if (walkValues(vals[i], depth + 1)) return 1; }
  return 0;
}
for (const [name, f] of [["keys", walkKeys], ["forin", walkForIn], ["values", walkValues], ["keys", walkKeys], ["forin", walkForIn], ["values", walkValues]] as const) {
  const t = performance.now();
  for (let k = 0; k < 2000; k++) for (const c of cmds) f(c, 1);
  console.log(name, ((performance.now() - t) / 400000 * 1000).toFixed(2), "µs");
}
