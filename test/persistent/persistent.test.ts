import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_TRIE, positionIn, withKey } from "../../src/persistent/hash-trie.ts";
import { PersistentMap, PersistentSet } from "../../src/persistent/persistent-map.ts";
import { PersistentVector } from "../../src/persistent/persistent-vector.ts";

describe("PersistentVector", () => {
  it("reads, slices and iterates like an array after any pushes and sets, and never changes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer(), fc.tuple(fc.nat(), fc.integer())), { maxLength: 300 }),
        fc.integer({ min: -40, max: 340 }),
        fc.integer({ min: -40, max: 340 }),
        (steps, start, end) => {
          let list = PersistentVector.empty<number>();
          const array: number[] = [];
          const versions: [PersistentVector<number>, number[]][] = [];
          for (const step of steps) {
            if (typeof step === "number" || array.length === 0) {
              const value = typeof step === "number" ? step : step[1];
              list = list.push(value);
              array.push(value);
            } else {
              const at = step[0] % array.length;
              list = list.set(at, step[1]);
              array[at] = step[1];
            }
            versions.push([list, [...array]]);
          }
          expect([...list]).toEqual(array);
          expect(list.size).toBe(array.length);
          expect(list.slice(start, end)).toEqual(array.slice(start, end));
          expect(list.get(array.length)).toBeUndefined();
          expect(list.get(-1)).toBeUndefined();
          expect(list.last()).toBe(array.at(-1));
          for (const [version, then] of versions) expect(version.slice()).toEqual(then);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("holds more than one level of nodes: 40,000 values, read back at every position", () => {
    const list = PersistentVector.of(Array.from({ length: 40_000 }, (_, i) => i));
    expect(list.size).toBe(40_000);
    for (let i = 0; i < 40_000; i += 997) expect(list.get(i)).toBe(i);
    expect(list.slice(1023, 1030)).toEqual([1023, 1024, 1025, 1026, 1027, 1028, 1029]);
    const changed = list.set(32_768, -1);
    expect(changed.get(32_768)).toBe(-1);
    expect(list.get(32_768)).toBe(32_768);
    expect([...changed].filter((v) => v < 0)).toEqual([-1]);
  });

  it("is frozen, refuses a set outside it, and is itself when a set changes nothing", () => {
    const list = PersistentVector.of(["a", "b"]);
    expect(Object.isFrozen(list)).toBe(true);
    expect(() => list.set(2, "c")).toThrow(RangeError);
    expect(list.set(1, "b")).toBe(list);
    expect(JSON.stringify({ list })).toBe('{"list":["a","b"]}');
  });
});

describe("the hash trie", () => {
  it("finds every key, whatever the hashes share, even all 32 bits", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ maxLength: 6 }), { maxLength: 120 }),
        fc.constantFrom(
          (key: string) => key.length,
          (key: string) => (key.charCodeAt(0) || 0) << 27,
          () => 0xffffffff,
          (key: string) => Math.imul(key.length + 1, 0x9e3779b1) >>> 0,
        ),
        (keys, hash) => {
          let trie = EMPTY_TRIE;
          const tries = keys.map((key, i) => {
            trie = withKey(trie, key, i, hash(key));
            return trie;
          });
          keys.forEach((key, i) => {
            expect(positionIn(trie, key, hash(key))).toBe(i);
            // Earlier tries do not hold the later keys.
            if (i > 0)
              expect(positionIn(tries[i - 1] ?? EMPTY_TRIE, key, hash(key))).toBe(undefined);
          });
          expect(positionIn(trie, "not a key at all", hash("not a key at all"))).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("PersistentMap", () => {
  it("agrees with a Map after any sets, in insertion order, and every version stays as it was", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 200 }),
        (sets) => {
          let map = PersistentMap.empty<number>();
          const native = new Map<string, number>();
          const versions: [PersistentMap<number>, [string, number][]][] = [];
          for (const [key, value] of sets) {
            map = map.set(key, value);
            native.set(key, value);
            versions.push([map, [...native]]);
          }
          expect([...map]).toEqual([...native]);
          expect([...map.keys()]).toEqual([...native.keys()]);
          expect([...map.values()]).toEqual([...native.values()]);
          expect(map.size).toBe(native.size);
          for (const [key, value] of native) {
            expect(map.get(key)).toBe(value);
            expect(map.has(key)).toBe(true);
            expect(map.position(key)).toBe([...native.keys()].indexOf(key));
          }
          expect(map.has("long key")).toBe(false);
          for (const [version, then] of versions) expect([...version.entries()]).toEqual(then);
          const seen: [string, number][] = [];
          map.forEach((value, key) => {
            seen.push([key, value]);
          });
          expect(seen).toEqual([...native]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads the values after any position in insertion order, as the values' tail", () => {
    const keys = fc.array(fc.string({ maxLength: 3 }), { maxLength: 80 });
    fc.assert(
      fc.property(keys, fc.integer({ min: -2, max: 90 }), (given, from) => {
        const map = PersistentMap.of(given.map((key, i) => [key, i] as const));
        const values = [...map.values()];
        expect([...map.valuesAfter(from)]).toEqual(values.slice(Math.max(0, from + 1)));
      }),
      { numRuns: 200, seed: 20261204 },
    );
  });

  it("is itself when a set changes nothing, frozen, and equal to another with the same entries", () => {
    const map = PersistentMap.of([
      ["a", 1],
      ["b", 2],
    ]);
    expect(map.set("a", 1)).toBe(map);
    expect(Object.isFrozen(map)).toBe(true);
    const [first] = map.entries();
    expect(Object.isFrozen(first)).toBe(true);
    expect(map).toEqual(PersistentMap.empty<number>().set("a", 1).set("b", 2));
    expect(map).not.toEqual(PersistentMap.empty<number>().set("b", 2).set("a", 1));
    expect(map).not.toEqual(map.set("b", 3));
    expect(JSON.stringify(map)).toBe('{"a":1,"b":2}');
  });
});

describe("PersistentSet", () => {
  it("agrees with a Set after any adds, in insertion order, and every version stays as it was", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }), (members) => {
        let set = PersistentSet.empty();
        const native = new Set<string>();
        const versions: [PersistentSet, string[]][] = [];
        for (const member of members) {
          const before = set;
          set = set.add(member);
          if (native.has(member)) expect(set).toBe(before);
          native.add(member);
          versions.push([set, [...native]]);
        }
        expect([...set]).toEqual([...native]);
        expect([...set.entries()]).toEqual([...native.entries()]);
        expect(set.size).toBe(native.size);
        for (const member of native) expect(set.has(member)).toBe(true);
        expect(set.has("long member")).toBe(false);
        for (const [version, then] of versions) expect([...version.values()]).toEqual(then);
      }),
      { numRuns: 200 },
    );
  });
});
