// Every input gets a typed answer (SPEC S5): random JSON and mutations of every command, fact
// and actor of the conformance cases, sent to one workspace per store. Never a throw; a
// refusal never moves the head; the log replays to what the workspace reads; Object.prototype
// untouched. AGENT_WORKSPACE_FUZZ_RUNS raises the number of inputs (default 2,000 per store).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readCaseFile } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { replay } from "../../src/decide/replay.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import { postgresStore } from "../../src/stores/postgres/store.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { testDatabase, withPostgres } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const RUNS = Number(process.env.AGENT_WORKSPACE_FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.AGENT_WORKSPACE_FUZZ_SEED ?? 20261201);

interface Seed {
  readonly actor: unknown;
  readonly item: unknown;
  readonly fact: boolean;
}

/** Every command, fact and actor of every conformance case. */
function corpus(): Seed[] {
  const root = join(import.meta.dirname, "..", "..", "conformance");
  const seeds: Seed[] = [];
  for (const dir of ["artifactr", "cases"]) {
    for (const name of readdirSync(join(root, dir)).filter((f) => f.endsWith(".json"))) {
      if (name === "observed-outputs.json") continue;
      for (const c of readCaseFile(join(root, dir, name)).cases) {
        const fact = c.record !== undefined;
        seeds.push({ actor: c.actor, item: fact ? c.record : c.command, fact });
      }
    }
  }
  return seeds;
}
const SEEDS = corpus();

// Strings and keys that have broken parsers, stores and prototypes before.
const NASTY = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udc00x",
  "",
  " ",
  "constructor",
  "__proto__",
  "toString",
  "x".repeat(300),
  "💥",
];
const nastyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(...NASTY, -0, 1e308, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, true, null),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const nastyKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "type", "id", "thread_id", "data"),
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 8 }),
);

type Mutation =
  | { readonly kind: "none" }
  | { readonly kind: "replace"; readonly at: number; readonly value: unknown }
  | { readonly kind: "drop"; readonly at: number }
  | { readonly kind: "add"; readonly at: number; readonly key: string; readonly value: unknown }
  | { readonly kind: "deep"; readonly at: number; readonly depth: number }
  | { readonly kind: "raw"; readonly value: unknown }
  | { readonly kind: "actor"; readonly value: unknown }
  | { readonly kind: "swap" };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: "none" as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("replace" as const),
      at: fc.nat(),
      value: nastyValue,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      at: fc.nat(),
      key: nastyKey,
      value: nastyValue,
    }),
  },
  fc.record({
    kind: fc.constant("deep" as const),
    at: fc.nat(),
    depth: fc.integer({ min: 50, max: 3000 }),
  }),
  fc.record({ kind: fc.constant("raw" as const), value: fc.anything({ maxDepth: 3 }) }),
  fc.record({ kind: fc.constant("actor" as const), value: nastyValue }),
  fc.constant({ kind: "swap" as const }),
);

// A deep copy through JSON, so an own `__proto__` key stays an own key.
const copy = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** The objects and arrays inside a value, with the key that holds each child. */
function containers(value: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const stack = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next !== "object" || next === null) continue;
    found.push(next as Record<string, unknown>);
    stack.push(...Object.values(next));
  }
  return found;
}

function nest(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
}

function mutate(seed: Seed, m: Mutation): { actor: unknown; item: unknown; fact: boolean } {
  const item = copy(seed.item);
  const actor = copy(seed.actor);
  const places = containers(item);
  const place = (at: number) => places[at % Math.max(1, places.length)];
  const keyOf = (target: Record<string, unknown>, at: number) => {
    const keys = Object.keys(target);
    return keys[at % Math.max(1, keys.length)];
  };
  switch (m.kind) {
    case "none":
      return { actor, item, fact: seed.fact };
    case "replace":
    case "drop":
    case "deep": {
      const target = place(m.at);
      const key = target === undefined ? undefined : keyOf(target, m.at);
      if (target === undefined || key === undefined) return { actor, item, fact: seed.fact };
      if (m.kind === "drop") delete target[key];
      else target[key] = m.kind === "deep" ? nest(m.depth) : m.value;
      return { actor, item, fact: seed.fact };
    }
    case "add": {
      const target = place(m.at);
      if (target !== undefined && !Array.isArray(target)) {
        Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true });
      }
      return { actor, item, fact: seed.fact };
    }
    case "raw":
      return { actor, item: m.value, fact: seed.fact };
    case "actor":
      return { actor: m.value, item, fact: seed.fact };
    case "swap":
      return { actor, item, fact: !seed.fact };
  }
}

const alice = { kind: "user", id: "alice", name: "Alice" } as const;

/** A workspace with something to act on: the ids the cases use most. */
async function seeded(store: Store): Promise<Workspace> {
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store,
    id: "fuzz",
    newId: sequentialIds(),
    clock: () => new Date("2026-12-01T09:00:00.000Z"),
    answerChannels: { hook: async () => {} },
  });
  for (const id of ["thr_1", "thr_2"])
    await ws.commit({ type: "create_thread", thread_id: id }, alice);
  const create = (artifact_id: string, kind: string, data: Record<string, unknown>) =>
    ws.commit({ type: "create_artifact", artifact_id, kind, data } as never, alice);
  await create("note_1", "note", { title: "Plan", text: "Ship v1 on Friday." });
  await create("list_1", "checklist", { title: "Launch", items: { a: { title: "A" } } });
  await create("counter_1", "counter", { count: 1 });
  await ws.record(
    { type: "run_started", run_id: "run_1", thread_id: "thr_1" },
    {
      kind: "agent",
      thread_id: "thr_1",
      run_id: "run_1",
    },
  );
  return ws;
}

const PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort();

async function fuzz(ws: Workspace): Promise<{ refused: number; written: number }> {
  const seen = { refused: 0, written: 0 };
  await fc.assert(
    fc.asyncProperty(fc.nat(SEEDS.length - 1), mutation, async (index, m) => {
      const seed = SEEDS[index] as Seed;
      const { actor, item, fact } = mutate(seed, m);
      const head = await ws.head();
      const result = fact
        ? await ws.record(item as never, actor as never)
        : await ws.commit(item as never, actor as never);
      if (result.ok) {
        if (result.envelopes.length > 0) seen.written++;
      } else {
        seen.refused++;
        expect(await ws.head()).toBe(head);
      }
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }),
    { numRuns: RUNS, seed: SEED },
  );
  return seen;
}

/** What the log means, compared with what the workspace's reads say. */
async function expectReplayMatches(ws: Workspace): Promise<void> {
  const replayed = replay(await ws.log());
  expect(await ws.artifacts()).toEqual([...replayed.artifacts.values()]);
  expect(await ws.proposals()).toEqual([...replayed.proposals.values()]);
  expect(await ws.threads()).toEqual([...replayed.threads.values()]);
  expect(await ws.runs()).toEqual([...replayed.runs.values()]);
}

const { file } = tempFiles("fuzz");
const stores: [string, () => Store][] = [
  ["memory", () => memoryStore()],
  ["sqlite", () => sqliteStore({ path: file() })],
];
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

describe.each(stores)("every input gets a typed answer: %s", (_name, open) => {
  it(`${RUNS} random and mutated inputs: no throw, refusals write nothing, the log replays`, async () => {
    const store = open();
    opened.push(store);
    const ws = await seeded(store);
    const seen = await fuzz(ws);
    // Both kinds of answer were exercised.
    expect(seen.refused).toBeGreaterThan(RUNS / 10);
    expect(seen.written).toBeGreaterThan(RUNS / 500);
    await expectReplayMatches(ws);
  }, 120_000);
});

withPostgres(
  "every input gets a typed answer: postgres",
  (url) => {
    const { pool, schema } = testDatabase(url);
    it(`${RUNS} random and mutated inputs: no throw, refusals write nothing, the log replays`, async () => {
      const store = await postgresStore({ pool }, { schema: schema() });
      opened.push(store);
      const ws = await seeded(store);
      const seen = await fuzz(ws);
      expect(seen.refused).toBeGreaterThan(RUNS / 10);
      await expectReplayMatches(ws);
    }, 300_000);
  },
  { quiet: true },
);
