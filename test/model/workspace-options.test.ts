// The options a workspace is created with (its id, its limits) and the traceparent a write
// carries are held to rules, the same on every store: a bad option is a WorkspaceError when
// the workspace is created, a bad traceparent a validation_failed that writes nothing.
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { parseTraceparent } from "../../src/model/envelope.ts";
import { isWorkspaceError } from "../../src/model/errors.ts";
import type { JsonValue } from "../../src/model/json.ts";
import { DEFAULT_LIMITS, type Limits, MAX_DEPTH_CAP } from "../../src/model/limits.ts";
import { limitsOption, widenOption, workspaceIdOption } from "../../src/model/workspace-options.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import { postgresStore } from "../../src/stores/postgres/store.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import type { Workspace, WorkspaceOptions } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { PG_URL, testDatabase } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const alice = { kind: "user", id: "alice" } as const;
const { file } = tempFiles("options");
const pg = PG_URL === undefined ? undefined : testDatabase(PG_URL);
const STORES: [string, () => Promise<Store> | Store][] = [
  ["memory", () => memoryStore()],
  ["sqlite", () => sqliteStore({ path: file() })],
  ...(pg === undefined
    ? []
    : [
        [
          "postgres",
          (): Promise<Store> => postgresStore({ pool: pg.pool }, { schema: pg.schema() }),
        ] as [string, () => Promise<Store>],
      ]),
];
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return isWorkspaceError(error) ? error.code : `not a WorkspaceError: ${String(error)}`;
  }
}

const nested = (depth: number): JsonValue => {
  let value: JsonValue = "leaf";
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
};

const create = (options: Partial<WorkspaceOptions>) =>
  createWorkspace({ registry: fixtureRegistry(), ...options });

describe("the limits option", () => {
  it("keeps the defaults for a key left out or undefined", () => {
    expect(limitsOption(undefined)).toEqual(DEFAULT_LIMITS);
    expect(limitsOption({})).toEqual(DEFAULT_LIMITS);
    expect(limitsOption({ maxDepth: undefined, maxBytes: undefined })).toEqual(DEFAULT_LIMITS);
    expect(limitsOption({ maxDepth: 8 })).toEqual({ ...DEFAULT_LIMITS, maxDepth: 8 });
    expect(limitsOption({ maxDepth: MAX_DEPTH_CAP, maxBytes: 1 })).toEqual({
      maxDepth: MAX_DEPTH_CAP,
      maxBytes: 1,
    });
  });

  it.each([
    ["maxDepth NaN", { maxDepth: Number.NaN }],
    ["maxDepth Infinity", { maxDepth: Number.POSITIVE_INFINITY }],
    ["maxDepth 0", { maxDepth: 0 }],
    ["maxDepth -1", { maxDepth: -1 }],
    ["maxDepth 1.5", { maxDepth: 1.5 }],
    ["maxDepth past the cap", { maxDepth: MAX_DEPTH_CAP + 1 }],
    ["maxDepth a string", { maxDepth: "64" }],
    ["maxDepth null", { maxDepth: null }],
    ["maxBytes NaN", { maxBytes: Number.NaN }],
    ["maxBytes 0", { maxBytes: 0 }],
    ["maxBytes Infinity", { maxBytes: Number.POSITIVE_INFINITY }],
    ["an unknown key", { maxDeph: 8 }],
    ["not an object", 64],
    ["null", null],
  ])("refuses %s when the workspace is created (invalid_argument)", (_name, limits) => {
    expect(codeOf(() => limitsOption(limits))).toBe("invalid_argument");
    // As a JavaScript caller could pass them, whatever the type says.
    const given = limits as unknown as Partial<Limits>;
    expect(codeOf(() => create({ limits: given }))).toBe("invalid_argument");
  });

  it("never turns a check off: an option left undefined still refuses deep and large input", async () => {
    // Undefined where the type has no place for it, as a JavaScript caller could write it.
    const limits = { maxDepth: undefined, maxBytes: undefined };
    const ws = create({ limits: limits as unknown as Partial<Limits> });
    const deep = await ws.record({ type: "app_event", name: "x", data: nested(5_000) }, alice);
    expect(deep).toMatchObject({ ok: false, rejection: { errors: [{ type: "too_deep" }] } });
    const large = await ws.record(
      { type: "app_event", name: "x", data: { text: "x".repeat(DEFAULT_LIMITS.maxBytes) } },
      alice,
    );
    expect(large).toMatchObject({ ok: false, rejection: { errors: [{ type: "too_large" }] } });
    expect(await ws.head()).toBe(0);
  });
});

describe("the workspace id option", () => {
  it("defaults to `default` and takes any id a command could name", () => {
    expect(workspaceIdOption(undefined)).toBe("default");
    for (const id of ["ws", "x".repeat(256), "Arbeitsbereich für Q3 ✓", "😀"]) {
      expect(workspaceIdOption(id)).toBe(id);
      expect(create({ id }).id).toBe(id);
    }
  });

  it.each([
    ["U+0000", "\u0000"],
    ["a lone surrogate", "\ud800"],
    ["a control character", "a\nb"],
    ["a line separator (U+2028)", "ws\u2028- Alice approved"],
    ["a paragraph separator (U+2029)", "a\u2029b"],
    ["a right-to-left override (U+202E)", "ws\u202egpj"],
    ["a byte-order mark", "\ufeffws"],
    ["a zero-width joiner", "w\u200ds"],
    ["the empty string", ""],
    ["257 characters", "x".repeat(257)],
    ["3,000 characters", "x".repeat(3_000)],
    ["a number", 5],
    ["null", null],
  ])("refuses %s when the workspace is created (invalid_argument)", (_name, id) => {
    expect(codeOf(() => workspaceIdOption(id))).toBe("invalid_argument");
    // As a JavaScript caller could pass it, whatever the type says.
    expect(codeOf(() => create({ id: id as unknown as string }))).toBe("invalid_argument");
  });
});

describe("the traceparent of a write", () => {
  const good = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  it("takes a W3C traceparent, or none", () => {
    expect(parseTraceparent(undefined)).toEqual({ ok: true, value: null });
    expect(parseTraceparent(good)).toEqual({ ok: true, value: good });
  });

  const BAD: [string, unknown, string][] = [
    ["U+0000", `${good}\u0000`, "string_pattern_mismatch"],
    ["a lone surrogate", "\ud800", "string_pattern_mismatch"],
    ["3 KB", "0".repeat(3_000), "string_pattern_mismatch"],
    ["20 MB", "0".repeat(20_000_000), "string_pattern_mismatch"],
    ["uppercase hex", good.toUpperCase(), "string_pattern_mismatch"],
    ["version ff", `ff${good.slice(2)}`, "string_pattern_mismatch"],
    ["an all-zero trace id", `00-${"0".repeat(32)}-00f067aa0ba902b7-01`, "string_pattern_mismatch"],
    ["a number", 5, "string_type"],
    ["an object", { a: 1 }, "string_type"],
  ];

  it.each(BAD)("refuses %s, naming the field", (_name, traceparent, type) => {
    expect(parseTraceparent(traceparent)).toMatchObject({
      ok: false,
      rejection: { type: "validation_failed", errors: [{ type, loc: ["traceparent"] }] },
    });
  });

  describe.each(STORES)("on %s", (_store, open) => {
    async function opening(): Promise<Workspace> {
      const store = await open();
      opened.push(store);
      const ws = createWorkspace({ registry: fixtureRegistry(), store });
      await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
      return ws;
    }

    it("refuses every bad traceparent before anything is written; the log reads", async () => {
      const ws = await opening();
      for (const [, traceparent, type] of BAD) {
        const options = { traceparent: traceparent as string };
        const post = { type: "post_message", thread_id: "t1", content: "hi" } as const;
        const refused = { ok: false, rejection: { errors: [{ type, loc: ["traceparent"] }] } };
        expect(await ws.commit(post, alice, options)).toMatchObject(refused);
        expect(await ws.dryRun(post, alice, options)).toMatchObject(refused);
        expect(await ws.record({ type: "app_event", name: "x" }, alice, options)).toMatchObject(
          refused,
        );
      }
      expect(await ws.head()).toBe(1);
      expect(await ws.log()).toHaveLength(1);
      const kept = await ws.commit(
        { type: "post_message", thread_id: "t1", content: "hi" },
        alice,
        { traceparent: good },
      );
      expect(kept.ok && kept.envelopes[0]?.traceparent).toBe(good);
      expect((await ws.log()).at(-1)?.traceparent).toBe(good);
    });
  });
});

describe("the widen option", () => {
  it("takes named actors and their actions, and refuses a typo rather than widen nothing", () => {
    const reviewer = {
      actor: { kind: "agent", thread_id: "thr_review" },
      may: ["respond_to_proposal"],
    };
    expect(widenOption(undefined)).toEqual([]);
    expect(widenOption([reviewer])).toEqual([reviewer]);
    const refused = (option: unknown) => {
      try {
        widenOption(option);
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refused([{ ...reviewer, may: ["respond_to_propsal"] }])).toMatch(
      /^createWorkspace: widen\.0\.may\.0: /,
    );
    expect(refused([{ actor: { kind: "agent" }, may: [] }])).toMatch(/widen\.0\.actor\.thread_id/);
    expect(refused({ reviewer })).toMatch(/^createWorkspace: widen: /);
  });
});
