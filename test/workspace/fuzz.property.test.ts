// Every input gets a typed answer (docs/spec.md S5): each run seeds a workspace of its own with a
// conformance case's state (threads, runs, artifacts, proposals, decisions, offers; its clock,
// modes, channels and widenings), then sends it a few inputs derived from the commands, facts
// and actors of the cases — most left valid or changed a little, so a good share are
// accepted; some mutated hard or random — through commit, record, dryRun and answerDecision.
// Never a throw; a refusal (and any dry run) leaves the log, the head and the entities exactly
// as they were; the log replayed onto the seeded state is what the workspace reads;
// Object.prototype untouched. A quarter of the runs raise the limits to their cap.
// AGENT_WORKSPACE_FUZZ_RUNS raises the number of runs (default 2,000 per store); PostgreSQL
// runs too when AGENT_WORKSPACE_PG_URL is set.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { Case } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { resolveGiven } from "../../src/conformance/load.ts";
import { replay } from "../../src/decide/replay.ts";
import type { ActorInput } from "../../src/model/actors.ts";
import type { CommandInput } from "../../src/model/command.ts";
import type { FactInput } from "../../src/model/event.ts";
import { MAX_DEPTH_CAP } from "../../src/model/limits.ts";
import { EMPTY_SNAPSHOT, withWrites } from "../../src/model/snapshot.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import { postgresStore } from "../../src/stores/postgres/store.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import { caseFiles } from "../../src/testing/case-files.ts";
import { batch } from "../../src/testing/suite-records.ts";
import type { DecisionAnswer } from "../../src/workspace/answer-decision.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { testDatabase, withPostgres } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const RUNS = Number(process.env.AGENT_WORKSPACE_FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.AGENT_WORKSPACE_FUZZ_SEED ?? 20261201);

const CASES: readonly Case[] = caseFiles().flatMap((file) => file.cases);
const itemOf = (c: Case): unknown => c.command ?? c.record;

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
// A small, plausible change: another id of the cases, a number off by one, a flag flipped.
const nudge = fc.oneof(
  fc.constantFrom<unknown>("thr_1", "thr_2", "note_1", "run_1", "run_p", "prp_e", "dec_a", "once"),
  fc.constantFrom<unknown>(0, 1, 2, 3, true, false, null, "accept", "reject"),
);

type Mutation =
  | { readonly kind: "none" }
  | { readonly kind: "replace"; readonly at: number; readonly value: unknown }
  | { readonly kind: "drop"; readonly at: number }
  | { readonly kind: "add"; readonly at: number; readonly key: string; readonly value: unknown }
  | { readonly kind: "deep"; readonly at: number; readonly depth: number }
  | { readonly kind: "raw"; readonly value: unknown }
  | { readonly kind: "actor"; readonly value: unknown };

const at = fc.nat();
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 14, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("replace" as const), at, value: nudge }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("replace" as const), at, value: nastyValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), at }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      at,
      key: nastyKey,
      value: nastyValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("deep" as const),
      at,
      depth: fc.integer({ min: 30, max: MAX_DEPTH_CAP + 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      value: fc.anything({ maxDepth: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("actor" as const), value: nastyValue }) },
);

/** How an input is sent: as its case sends it, as a dry run, or as a person's answer. */
type Via = "write" | "dryRun" | "answer";

interface Step {
  /** The case whose item and actor the input derives from (in this run's state, or another's). */
  readonly from: number | null;
  readonly mutation: Mutation;
  readonly via: Via;
  /** The write's `traceparent` option, when it has one (a good one, or anything). */
  readonly traceparent: unknown;
}

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

const step: fc.Arbitrary<Step> = fc.record({
  from: fc.oneof(
    { weight: 9, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.nat(CASES.length - 1) },
  ),
  mutation,
  via: fc.constantFrom<Via>("write", "write", "write", "write", "dryRun", "answer"),
  traceparent: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(TRACEPARENT) },
    { weight: 1, arbitrary: nastyValue },
  ),
});

interface Plan {
  readonly state: number;
  readonly raised: boolean;
  readonly steps: readonly Step[];
}

// The cases whose own input is accepted: their states are chosen more often, so that more of
// the inputs derived from them go through.
const ACCEPTING = CASES.flatMap((c, i) => (c.expect.rejection === undefined ? [i] : []));

const plan: fc.Arbitrary<Plan> = fc.record({
  state: fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...ACCEPTING) },
    { weight: 1, arbitrary: fc.nat(CASES.length - 1) },
  ),
  raised: fc.nat(3).map((n) => n === 0),
  steps: fc.array(step, { minLength: 1, maxLength: 3 }),
});

// A deep copy through JSON, so an own `__proto__` key stays an own key.
const copy = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** The objects and arrays inside a value. */
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

/** The input a step sends: its case's item and actor, changed by its mutation. */
function mutate(source: Case, m: Mutation): { item: unknown; actor: unknown } {
  const item = copy(itemOf(source));
  const actor = copy(source.actor);
  const places = containers(item);
  const target =
    places[
      (m.kind === "raw" || m.kind === "none" || m.kind === "actor" ? 0 : m.at) %
        Math.max(1, places.length)
    ];
  const keys = target === undefined ? [] : Object.keys(target);
  const key = "at" in m ? keys[m.at % Math.max(1, keys.length)] : undefined;
  switch (m.kind) {
    case "none":
      break;
    case "replace":
    case "drop":
    case "deep":
      if (target === undefined || key === undefined) break;
      if (m.kind === "drop") delete target[key];
      else target[key] = m.kind === "deep" ? nest(m.depth) : m.value;
      break;
    case "add":
      if (target !== undefined && !Array.isArray(target)) {
        Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true });
      }
      break;
    case "raw":
      return { item: m.value, actor };
    case "actor":
      return { item, actor: m.value };
  }
  return { item, actor };
}

/** What a refusal must leave as it was: the log, its head and every entity. */
async function everything(ws: Workspace): Promise<unknown> {
  const [log, head, artifacts, proposals, threads, runs] = await Promise.all([
    ws.log(),
    ws.head(),
    ws.artifacts(),
    ws.proposals(),
    ws.threads(),
    ws.runs(),
  ]);
  return { log, head, artifacts, proposals, threads, runs };
}

const PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort();

/** How the answers went, over all runs of one store. */
interface Seen {
  accepted: number;
  refused: number;
  other: number;
}

/**
 * Seeds workspace `id` on `store` with the state of `testCase` (one append of its entities, no
 * log), and opens a workspace on it with the case's clock, modes, channels and widenings.
 */
async function seeded(store: Store, id: string, testCase: Case, raised: boolean) {
  const registry = fixtureRegistry();
  const given = resolveGiven(testCase.given, registry);
  const entities = {
    artifacts: [...given.artifacts.values()],
    revisions: [...given.revisions.values()],
    proposals: [...given.proposals.values()],
    threads: [...given.threads.values()],
    runs: [...given.runs.values()],
    messages: [...given.messages],
  };
  expect((await store.append(id, 0, batch(entities))).ok).toBe(true);
  const { now, channels = [], modes, widen } = testCase;
  let n = 0;
  const ws = createWorkspace({
    registry,
    store,
    id,
    newId: (prefix) => `${prefix}_fz${++n}`,
    clock: () => new Date(now ?? "2026-12-01T09:00:00.000Z"),
    answerChannels: Object.fromEntries(channels.map((name) => [name, async () => {}])),
    ...(modes === undefined ? {} : { modes }),
    ...(widen === undefined ? {} : { widen }),
    ...(raised ? { limits: { maxDepth: MAX_DEPTH_CAP, maxBytes: 16 * 1024 * 1024 } } : {}),
  });
  return { ws, start: withWrites(EMPTY_SNAPSHOT, { envelopes: [], ...entities }) };
}

const isAnswer = (c: Case): boolean =>
  (itemOf(c) as { type?: unknown } | undefined)?.type === "answer_decision";

/** Sends one step's input; answers whether it wrote, was refused, or neither (a dry run). */
async function send(ws: Workspace, source: Case, s: Step, side: Case["side"]) {
  const mutated = mutate(source, s.mutation);
  // The input is mutated at random, so it is handed over as the typed arguments it may well
  // not be: the workspace's parse is what is under test.
  const command = mutated.item as unknown as CommandInput;
  const fact = mutated.item as unknown as FactInput;
  const actor = mutated.actor as unknown as ActorInput;
  const options = {
    ...(side === undefined ? {} : { side }),
    ...(s.traceparent === undefined ? {} : { traceparent: s.traceparent as string }),
  };
  const isFact = source.record !== undefined;
  if (s.via === "answer" && isAnswer(source)) {
    // The command without its `type`, as a surface passes a person's pick.
    const { item } = mutated;
    const { type: _, ...answer } = (typeof item === "object" && item !== null ? item : {}) as {
      type?: unknown;
    };
    const answered = await ws.answerDecision(answer as unknown as DecisionAnswer, actor, {
      wait: true,
    });
    if (!answered.ok && "stage" in answered && answered.stage === "answer") return "refused";
    return "written";
  }
  if (s.via === "dryRun" && !isFact) {
    const decided = await ws.dryRun(command, actor, options);
    return decided.ok ? "other" : "refused";
  }
  const result = isFact
    ? await ws.record(fact, actor, options)
    : await ws.commit(command, actor, options);
  return result.ok ? "written" : "refused";
}

/** One run: seed its state, send its steps, hold every answer to the rules. */
async function run(store: Store, id: string, p: Plan, seen: Seen): Promise<void> {
  const home = CASES[p.state] as Case;
  const { ws, start } = await seeded(store, id, home, p.raised);
  for (const s of p.steps) {
    const source = s.from === null ? home : (CASES[s.from] as Case);
    const before = await everything(ws);
    const answer = await send(ws, source, s, home.side);
    seen[answer === "written" ? "accepted" : answer === "refused" ? "refused" : "other"]++;
    // A refusal, or a dry run, leaves everything as it was.
    if (answer !== "written") expect(await everything(ws)).toEqual(before);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }
  // What the log means, from the seeded state, is what the workspace reads.
  const replayed = replay(await ws.log(), start);
  expect(await ws.artifacts()).toEqual([...replayed.artifacts.values()]);
  expect(await ws.proposals()).toEqual([...replayed.proposals.values()]);
  expect(await ws.threads()).toEqual([...replayed.threads.values()]);
  expect(await ws.runs()).toEqual([...replayed.runs.values()]);
}

async function fuzz(store: Store): Promise<Seen> {
  const seen: Seen = { accepted: 0, refused: 0, other: 0 };
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(plan, (p) => run(store, `fz_${++runs}`, p, seen)),
    { numRuns: RUNS, seed: SEED },
  );
  return seen;
}

// Both kinds of answer were exercised, and a good share of inputs went through.
function expectBothAnswers(seen: Seen): void {
  const sent = seen.accepted + seen.refused + seen.other;
  expect(seen.accepted).toBeGreaterThan(sent / 5);
  expect(seen.refused).toBeGreaterThan(sent / 5);
}

const { file } = tempFiles("fuzz");
const stores: [string, () => Store][] = [
  ["memory", () => memoryStore()],
  ["sqlite", () => sqliteStore({ path: file(), synchronous: "normal" })],
];
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

describe.each(stores)("every input gets a typed answer: %s", (_name, open) => {
  it(`${RUNS} runs, each on a case's state: no throw, refusals write nothing, the log replays`, async () => {
    const store = open();
    opened.push(store);
    expectBothAnswers(await fuzz(store));
  }, 300_000);
});

withPostgres(
  "every input gets a typed answer: postgres",
  (url) => {
    const { pool, schema } = testDatabase(url);
    it(`${RUNS} runs, each on a case's state: no throw, refusals write nothing, the log replays`, async () => {
      const store = await postgresStore({ pool }, { schema: schema() });
      opened.push(store);
      expectBothAnswers(await fuzz(store));
    }, 600_000);
  },
  { quiet: true },
);
