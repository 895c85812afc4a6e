const src = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ [`item${i % 50}`]: `Item ${i}`, title: "Launch", done: true })));
const objs = JSON.parse(src) as Record<string, string>[];
const strs: string[] = []; for (const o of objs) for (const k in o) { strs.push(k); if (typeof o[k] === "string") strs.push(o[k]!); }
function loop(t: string) { for (let i = 0; i < t.length; i++) { const u = t.charCodeAt(i); if (u === 0 || (u >= 0xd800 && u <= 0xdfff)) return false; } return true; }
const re = /[\0\ud800-\udfff]/;
function rx(t: string) { return !re.test(t); }
function nat(t: string) { return (t as any).isWellFormed() && !t.includes("\0"); }
function loop2(t: string) { let bad = 0; for (let i = 0; i < t.length; i++) { const u = t.charCodeAt(i); bad |= ((u - 1) >>> 0) >= 0xffff ? 1 : 0; bad |= (u & 0xf800) === 0xd800 ? 1 : 0; } return bad === 0; }
for (let r = 0; r < 2; r++) for (const [n, f] of [["loop", loop], ["regex", rx], ["native", nat], ["loop2", loop2]] as const) {
  let ok = 0; const t = performance.now();
  for (let k = 0; k < 200; k++) for (const s of strs) if (f(s)) ok++;
  console.log(n, ((performance.now() - t) / (200 * strs.length) * 1e6).toFixed(1), "ns/string", ok);
}
