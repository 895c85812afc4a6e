// Laws of conflicts settled by choice (ADR 0054): taking one side everywhere lands that side
// where the sides conflict and keeps what merged cleanly; taking both keeps both sides' lines
// or items in the order chosen; and whatever is chosen becomes changes that apply to the
// current version and give the data the choices describe.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeJson } from "../../src/merge/merge-json.ts";
import type { ConflictChoice, ConflictTake } from "../../src/model/conflict-choices.ts";
import type { JsonObject } from "../../src/model/json.ts";
import { applyPatch } from "../../src/patches/apply.ts";
import { conflictRegions, resolveByChoice } from "../../src/proposals/conflict-choices.ts";

// Disjoint words, so the word merge cannot reconcile a line one side wrote with the other's.
const line = (words: readonly string[]) =>
  fc
    .array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 })
    .map((w) => `${w.join(" ")}\n`);
const block = (words: readonly string[]) => fc.array(line(words), { minLength: 1, maxLength: 4 });
const items = (from: number) =>
  fc.array(fc.integer({ min: from, max: from + 99 }), { minLength: 1, maxLength: 4 });

/**
 * Three versions where every change either side made to `text` and `list` conflicts (both
 * replaced the same block by disjoint words or numbers), with a clean change on each side
 * elsewhere: current renamed `mine`, the proposal `theirs_only`.
 */
const scenario = fc
  .record({
    before: fc.array(line(["keep", "same"]), { maxLength: 3 }),
    old: block(["old", "was"]),
    after: fc.array(line(["tail", "end"]), { maxLength: 3 }),
    ours: block(["ours", "mine"]),
    theirs: block(["theirs", "proposed"]),
    listBefore: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
    listOld: items(10),
    listOurs: items(1000),
    listTheirs: items(2000),
    count: fc.tuple(
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 10, max: 19 }),
      fc.integer({ min: 20, max: 29 }),
    ),
  })
  .map((s) => {
    const text = (middle: readonly string[]) => [...s.before, ...middle, ...s.after].join("");
    const list = (middle: readonly number[]) => [...s.listBefore, ...middle, 5000];
    const [countBase, countOurs, countTheirs] = s.count;
    const base: JsonObject = {
      text: text(s.old),
      list: list(s.listOld),
      count: countBase,
      mine: "a",
      theirs_only: "a",
    };
    const current: JsonObject = {
      ...base,
      text: text(s.ours),
      list: list(s.listOurs),
      count: countOurs,
      mine: "b",
    };
    const proposed: JsonObject = {
      ...base,
      text: text(s.theirs),
      list: list(s.listTheirs),
      count: countTheirs,
      theirs_only: "c",
    };
    return { s, sides: { base, current, proposed, version: 4 } };
  });

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The same choice for every region (`both` where it applies, else `fallback`). */
function everywhere(sides: Scenario["sides"], take: ConflictTake, fallback: ConflictTake = take) {
  const merged = mergeJson(sides.base, sides.current, sides.proposed, { words: true });
  if (merged.kind !== "conflict") throw new Error("the scenario must conflict");
  const choices: Record<string, ConflictChoice> = {};
  for (const region of conflictRegions(merged.conflicts)) {
    const chosen = region.takes.includes(take) ? take : fallback;
    choices[region.name] =
      chosen === "edit"
        ? { take: "edit", value: "" }
        : { take: chosen as Exclude<ConflictTake, "edit"> };
  }
  return resolveByChoice(sides, { base_version: sides.version, choices });
}

const only = (text: unknown, words: readonly string[]) =>
  String(text)
    .split("\n")
    .filter((l) => l !== "" && l.split(" ").every((w) => words.includes(w)));

describe("conflicts settled by choice", () => {
  it("taking current everywhere lands the current data where it conflicts, and keeps the proposal's clean change", () => {
    fc.assert(
      fc.property(scenario, ({ sides }) => {
        const result = everywhere(sides, "current");
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.value.data).toEqual({ ...sides.current, theirs_only: "c" });
      }),
    );
  });

  it("taking proposed everywhere lands what the proposal wrote where it conflicts, and keeps current's clean change", () => {
    fc.assert(
      fc.property(scenario, ({ sides }) => {
        const result = everywhere(sides, "proposed");
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.value.data).toEqual({ ...sides.proposed, mine: "b" });
      }),
    );
  });

  it("taking both keeps both sides' lines and items, in the order chosen", () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), ({ s, sides }, reversed) => {
        const result = everywhere(sides, reversed ? "both_reversed" : "both", "current");
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const { data } = result.value;
        const ours = ["ours", "mine"];
        const theirs = ["theirs", "proposed"];
        // Each side's lines all kept, in their own order, around the untouched lines.
        expect(only(data.text, ours)).toEqual(s.ours.map((l) => l.slice(0, -1)));
        expect(only(data.text, theirs)).toEqual(s.theirs.map((l) => l.slice(0, -1)));
        expect(only(data.text, ["keep", "same"])).toEqual(s.before.map((l) => l.slice(0, -1)));
        expect(only(data.text, ["tail", "end"])).toEqual(s.after.map((l) => l.slice(0, -1)));
        const lines = String(data.text).split("\n");
        const first = (words: string[]) =>
          lines.findIndex((l) => l !== "" && l.split(" ").every((w) => words.includes(w)));
        expect(first(ours) < first(theirs)).toBe(!reversed);
        // The items of one region, whole: current's then the proposal's, or the other way.
        const middle = reversed
          ? [...s.listTheirs, ...s.listOurs]
          : [...s.listOurs, ...s.listTheirs];
        expect(data.list).toEqual([...s.listBefore, ...middle, 5000]);
        expect(data.count).toBe(sides.current.count);
      }),
    );
  });

  it("every choice becomes changes that apply to the current version and give the chosen data", () => {
    const take = fc.constantFrom<ConflictTake>(
      "current",
      "proposed",
      "both",
      "both_reversed",
      "edit",
    );
    fc.assert(
      fc.property(
        scenario,
        fc.array(take, { minLength: 1, maxLength: 12 }),
        fc.string(),
        ({ sides }, takes, edited) => {
          const merged = mergeJson(sides.base, sides.current, sides.proposed, { words: true });
          if (merged.kind !== "conflict") throw new Error("the scenario must conflict");
          const choices: Record<string, ConflictChoice> = {};
          for (const [i, region] of conflictRegions(merged.conflicts).entries()) {
            const t = takes[i % takes.length] ?? "current";
            const value =
              region.reason === "sequence"
                ? [edited]
                : region.reason === "text"
                  ? edited
                  : { edited };
            choices[region.name] = t === "edit" ? { take: "edit", value } : { take: t };
          }
          const result = resolveByChoice(sides, { base_version: 4, choices });
          if (!result.ok) {
            // Only `both` on a single value may be refused here, and it is named.
            expect(result.refusal.type).toBe("choice_not_applicable");
            expect(result.refusal).toHaveProperty("region", "/count");
            return;
          }
          const applied = applyPatch(sides.current, result.value.changes);
          expect(applied).toEqual({ ok: true, value: result.value.data });
          expect(String(result.value.data.text)).not.toMatch(/^(<{7}|={7}|>{7}|\|{7})/m);
        },
      ),
    );
  });
});
