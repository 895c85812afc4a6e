// What `createWorkspace` takes: a registry and nothing else required; the rest optional and,
// under `exactOptionalPropertyTypes`, left out rather than set to `undefined`; the stores of
// every entry and the host's own clock, ids and answer channels fit the options as they are.
import {
  createRegistry,
  createWorkspace,
  DEFAULT_MODE_LADDERS,
  type MemoryStore,
  memoryStore,
  type Registry,
  sequentialIds,
  type Workspace,
  type WorkspaceOptions,
} from "agent-workspace";
import type { PostgresStore } from "agent-workspace/postgres";
import type { SqliteStore } from "agent-workspace/sqlite";
import { describe, expectTypeOf, it } from "vitest";

const registry = createRegistry();

describe("createWorkspace", () => {
  it("takes WorkspaceOptions and gives a Workspace", () => {
    expectTypeOf(createWorkspace).parameters.toEqualTypeOf<[options: WorkspaceOptions]>();
    expectTypeOf(createWorkspace).returns.toEqualTypeOf<Workspace>();
  });

  it("needs a registry, and only that", () => {
    expectTypeOf(createWorkspace).toBeCallableWith({ registry });
    // @ts-expect-error without a registry it knows no types
    createWorkspace({});
    expectTypeOf<WorkspaceOptions>().pick<"registry">().toEqualTypeOf<{
      readonly registry: Registry;
    }>();
  });

  it("takes every other option left out, never as an explicit undefined", () => {
    // @ts-expect-error exactOptionalPropertyTypes: leave the id out instead
    createWorkspace({ registry, id: undefined });
    // @ts-expect-error exactOptionalPropertyTypes: leave the store out instead
    createWorkspace({ registry, store: undefined });
  });

  it("takes the options a host wires: store, clock, ids, channels, modes, widening, limits", () => {
    expectTypeOf(createWorkspace).toBeCallableWith({
      registry,
      id: "ws_1",
      store: memoryStore(),
      clock: () => new Date(0),
      newId: sequentialIds(),
      answerChannels: { stdin: async () => {} },
      modes: DEFAULT_MODE_LADDERS,
      maxAttempts: 5,
      widen: [{ actor: { kind: "agent", thread_id: "thr_review" }, may: ["respond_to_proposal"] }],
      limits: { maxDepth: 32 },
    });
  });

  it("takes each store adapter as its store", () => {
    expectTypeOf<MemoryStore>().toExtend<NonNullable<WorkspaceOptions["store"]>>();
    expectTypeOf<SqliteStore>().toExtend<NonNullable<WorkspaceOptions["store"]>>();
    expectTypeOf<PostgresStore>().toExtend<NonNullable<WorkspaceOptions["store"]>>();
  });

  it("refuses a widening to an action that does not exist, and an unknown limit", () => {
    createWorkspace({
      registry,
      // @ts-expect-error `respond` is no command or fact
      widen: [{ actor: { kind: "agent", thread_id: "thr_review" }, may: ["respond"] }],
    });
    // @ts-expect-error the limits are `maxDepth` and `maxBytes`
    createWorkspace({ registry, limits: { depth: 32 } });
  });

  it("hands an answer channel what it delivers, and wants a promise back", () => {
    type Channel = NonNullable<WorkspaceOptions["answerChannels"]>[string];
    expectTypeOf<Parameters<Channel>[0]>().toHaveProperty("option_id").toBeString();
    expectTypeOf<ReturnType<Channel>>().toEqualTypeOf<Promise<void>>();
  });
});
