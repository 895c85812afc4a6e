const mod = await import(process.argv[2]!);
const nested = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`item${i}`, { title: `Item ${i}`, done: i % 2 === 0 }]));
const mk = (n: number) => JSON.parse(JSON.stringify({ type: "create_artifact", artifact_id: `c${n}`, kind: "checklist", data: { title: "Launch", items: nested } }));
const cmds = Array.from({ length: 200 }, (_, i) => mk(i));
const res: number[] = [];
for (let r = 0; r < 15; r++) { const t = performance.now(); for (let k = 0; k < 100; k++) for (const c of cmds) mod.limitProblem(c, mod.DEFAULT_LIMITS); res.push((performance.now() - t) / 20000 * 1000); }
res.sort((a, b) => a - b); console.log(process.argv[2], res[7]!.toFixed(2), "µs");
