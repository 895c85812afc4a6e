import fc from "fast-check";
import { limitProblem } from "../src/model/limits.ts";
import { limitProblem as old } from "./limits-old.ts";
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("\u0000", "a\ud800", "\udc00b", "é€😀"), fc.string({ maxLength: 60 }));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" },
    text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined),
    fc.array(tie("value"), { maxLength: 6 }),
    fc.dictionary(text, tie("value"), { maxKeys: 6 }),
    fc.array(tie("value"), { maxLength: 40 })),
}));
let refusals = 0, n = 0;
fc.assert(fc.property(json.value, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 400 }), (v, maxDepth, maxBytes) => {
  const l = { maxDepth, maxBytes };
  const a = limitProblem(v, l), b = old(v, l);
  n++; if (b) refusals++;
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(JSON.stringify({ v, l, a, b }));
}), { numRuns: 200000 });
console.log("same on", n, "inputs,", refusals, "refused");
