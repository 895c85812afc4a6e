import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeJson } from "../../src/merge/merge-json.ts";
import { JsonConflictSchema } from "../../src/model/conflicts.ts";
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from "../../src/model/json.ts";

// Small domains, so that independent values still share keys, ids and lines.
const KEYS = ["a", "b", "c", "id", "a/b", "~"];
const SINGLE_LINE = ["", "x", "y", "x y"];
const MULTI_LINE = ["x\ny\n", "x\nz\n", "w\nx\ny\n", "x\ny"];

function jsonArbitrary(strings: readonly string[]): fc.Arbitrary<JsonValue> {
  const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom<JsonValue>(null, true, 0, 1, ...strings),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4 }),
      // Arrays of objects with ids, so that the id merge is exercised too.
      fc
        .uniqueArray(fc.constantFrom(1, 2, 3, "1"), { maxLength: 3 })
        .chain((ids) =>
          fc.tuple(...ids.map((id) => fc.record({ id: fc.constant(id), v: tie("value") }))),
        ),
    ),
  }));
  return value;
}

const anyJson = jsonArbitrary([...SINGLE_LINE, ...MULTI_LINE]);
const singleLineJson = jsonArbitrary(SINGLE_LINE);

// A new element, sometimes an object with an id (which may clash with one already there).
const element = (json: fc.Arbitrary<JsonValue>) =>
  fc.oneof(json, fc.record({ id: fc.constantFrom(3, 4, "4"), v: json }));

// A version of `value` with some parts kept and some edited: related the way real edits are.
function variant(
  value: JsonValue,
  json: fc.Arbitrary<JsonValue>,
  nested = true,
): fc.Arbitrary<JsonValue> {
  // At the top, a container is always edited inside: the interesting merges are there.
  const weight = nested || typeof value !== "object" || value === null ? 1 : 0;
  const keep = { arbitrary: fc.constant(value), weight: 4 * weight };
  const replace = { arbitrary: json, weight };
  if (Array.isArray(value)) {
    const items = value.map((item) => fc.option(variant(item, json), { nil: undefined }));
    const edit = fc
      .tuple(fc.tuple(...items), fc.array(element(json), { maxLength: 2 }), fc.nat(value.length))
      .map(([kept, added, at]) => {
        const result = kept.filter((item): item is JsonValue => item !== undefined);
        result.splice(at, 0, ...added);
        return result;
      });
    return fc.oneof(keep, replace, { arbitrary: edit, weight: 4 });
  }
  if (isJsonObject(value)) {
    const entries = Object.entries(value).map(([key, child]) =>
      fc.option(variant(child, json), { nil: undefined }).map((v) => [key, v] as const),
    );
    const edit = fc
      .tuple(fc.tuple(...entries), fc.dictionary(fc.constantFrom(...KEYS), json, { maxKeys: 2 }))
      .map(([kept, added]) => {
        const result: JsonObject = { ...added };
        for (const [key, v] of kept) if (v !== undefined) result[key] = v;
        return result;
      });
    return fc.oneof(keep, replace, { arbitrary: edit, weight: 4 });
  }
  if (typeof value === "string" && value.includes("\n")) {
    // Line edits: each line kept, changed or removed.
    const lines = value.split(/(?<=\n)/).map((line) => fc.constantFrom(line, line, "q\n", ""));
    const edit = fc.tuple(...lines).map((kept) => kept.join(""));
    return fc.oneof(keep, replace, { arbitrary: edit, weight: 4 });
  }
  return fc.oneof(keep, replace);
}

function related(json: fc.Arbitrary<JsonValue>) {
  const container = fc.oneof(
    json,
    fc.dictionary(fc.constantFrom(...KEYS), json, { minKeys: 2, maxKeys: 5 }),
    fc.array(element(json), { minLength: 2, maxLength: 5 }),
  );
  return container.chain((base) =>
    fc.tuple(fc.constant(base), variant(base, json, false), variant(base, json, false)),
  );
}

function strings(value: JsonValue, into = new Set<string>()): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (isJsonObject(value)) for (const child of Object.values(value)) strings(child, into);
  return into;
}

function valueAt(document: JsonValue, path: string): JsonValue | undefined {
  let node: JsonValue | undefined = document;
  for (const raw of path === "" ? [] : path.slice(1).split("/")) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isJsonObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

function expectClean(result: ReturnType<typeof mergeJson>, expected: JsonValue): void {
  expect(result.kind).toBe("clean");
  expect(jsonEqual(result.value as JsonValue, expected)).toBe(true);
}

describe("mergeJson laws", () => {
  it("merge(b, b, t) = t", () => {
    fc.assert(fc.property(related(anyJson), ([b, , t]) => expectClean(mergeJson(b, b, t), t)));
  });

  it("merge(b, o, b) = o", () => {
    fc.assert(fc.property(related(anyJson), ([b, o]) => expectClean(mergeJson(b, o, b), o)));
  });

  it("merge(b, x, x) = x", () => {
    fc.assert(fc.property(related(anyJson), ([b, x]) => expectClean(mergeJson(b, x, x), x)));
  });

  it("swapping the sides changes the order at most, never whether it conflicts", () => {
    fc.assert(
      fc.property(related(anyJson), ([b, o, t]) => {
        expect(mergeJson(b, t, o).kind).toBe(mergeJson(b, o, t).kind);
      }),
    );
  });

  it("every conflict is a wire value whose pointer finds its ours value in ours", () => {
    fc.assert(
      fc.property(related(anyJson), ([b, o, t]) => {
        const result = mergeJson(b, o, t);
        for (const conflict of result.conflicts ?? []) {
          expect(JsonConflictSchema.parse(JSON.parse(JSON.stringify(conflict)))).toEqual(conflict);
          if (conflict.ours !== undefined) {
            expect(valueAt(o, conflict.path)).toEqual(conflict.ours);
          }
        }
        expect(result.conflicts?.length ?? 1).toBeGreaterThan(0);
      }),
    );
  });

  it("a clean result holds no single-line string that neither side has", () => {
    fc.assert(
      fc.property(related(singleLineJson), ([b, o, t]) => {
        const result = mergeJson(b, o, t);
        if (result.kind !== "clean") return;
        const known = new Set([...strings(o), ...strings(t)]);
        for (const text of strings(result.value)) expect(known).toContain(text);
      }),
    );
  });
});

type Edit = { readonly owner: "none" | "ours" | "theirs"; readonly value: JsonValue | undefined };
const edit: fc.Arbitrary<Edit> = fc.record({
  owner: fc.constantFrom("none", "ours", "theirs"),
  value: fc.option(anyJson, { nil: undefined }),
});

function withEdits(
  base: Readonly<Record<string, JsonValue | undefined>>,
  edits: Readonly<Record<string, Edit>>,
  owner: Edit["owner"],
): JsonObject {
  const keys = new Set([...Object.keys(base), ...Object.keys(edits)]);
  const entries = [...keys].map((key) => {
    const e = edits[key];
    return [key, e?.owner === owner ? e.value : base[key]] as const;
  });
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as JsonObject;
}

describe("mergeJson: disjoint edits merge cleanly and keep both", () => {
  const keys = ["k0", "k1", "k2", "k3", "k4", "k5"];

  it("edits (set, add, remove) to disjoint keys of an object", () => {
    const slots = Object.fromEntries(keys.map((k) => [k, fc.option(anyJson, { nil: undefined })]));
    const edits = Object.fromEntries(keys.map((k) => [k, edit]));
    fc.assert(
      fc.property(fc.record(slots), fc.record(edits), (slotValues, keyEdits) => {
        const base = withEdits(slotValues, {}, "none");
        const ours = withEdits(base, keyEdits, "ours");
        const theirs = withEdits(base, keyEdits, "theirs");
        const expected = Object.fromEntries(
          keys.flatMap((k) => {
            const e = keyEdits[k] as Edit;
            const v = e.owner === "ours" ? ours[k] : e.owner === "theirs" ? theirs[k] : base[k];
            return v === undefined ? [] : [[k, v]];
          }),
        );
        expectClean(mergeJson(base, ours, theirs), expected);
      }),
    );
  });

  it("edits (change, remove, insert) to different elements of an id-array", () => {
    const element = (id: number) => fc.record({ id: fc.constant(id), v: anyJson });
    const elements = fc
      .uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 6 })
      .chain((ids) => fc.tuple(...ids.map(element)));
    const plan = elements.chain((base) =>
      fc.record({
        base: fc.constant(base),
        edits: fc.tuple(...base.map(() => edit)),
        oursAdded: fc.uniqueArray(fc.integer({ min: 100, max: 109 }), { maxLength: 2 }),
        theirsAdded: fc.uniqueArray(fc.integer({ min: 200, max: 209 }), { maxLength: 2 }),
        at: fc.tuple(fc.nat(), fc.nat()),
      }),
    );
    fc.assert(
      fc.property(plan, ({ base, edits, oursAdded, theirsAdded, at }) => {
        const side = (owner: "ours" | "theirs", added: number[], position: number) => {
          const kept = base.flatMap((element, i) => {
            const e = edits[i] as Edit;
            if (e.owner !== owner) return [element];
            return e.value === undefined ? [] : [{ ...element, v: e.value }];
          });
          kept.splice(position % (kept.length + 1), 0, ...added.map((id) => ({ id, v: owner })));
          return kept;
        };
        const ours = side("ours", oursAdded, at[0]);
        const theirs = side("theirs", theirsAdded, at[1]);
        const result = mergeJson(base, ours, theirs);
        expect(result.kind).toBe("clean");
        const merged = result.value as { id: number }[];
        const byId = (array: { id: number }[]) => new Map(array.map((e) => [e.id, e]));
        const [o, t] = [byId(ours), byId(theirs)];
        const expected = [
          ...base.flatMap((element, i) => {
            const e = edits[i] as Edit;
            const v = e.owner === "none" ? element : (e.owner === "ours" ? o : t).get(element.id);
            return v === undefined ? [] : [v];
          }),
          ...oursAdded.map((id) => o.get(id)),
          ...theirsAdded.map((id) => t.get(id)),
        ];
        expect(new Map(merged.map((e) => [e.id, e]))).toEqual(byId(expected as { id: number }[]));
        expect(merged).toHaveLength(expected.length);
        // Ours' order holds among the elements ours has.
        const kept = new Set(merged.map((e) => e.id));
        expect(merged.filter((e) => o.has(e.id)).map((e) => e.id)).toEqual(
          ours.map((e) => e.id).filter((id) => kept.has(id)),
        );
      }),
    );
  });
});
