import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  isWorkspaceError,
  memoryStore,
  type Store,
} from "../../src/entries/index.ts";

function refusal(store: unknown): string {
  try {
    createWorkspace({ registry: fixtureRegistry(), store: store as Store });
  } catch (error) {
    if (isWorkspaceError(error) && error.code === "invalid_argument") return error.message;
    throw error;
  }
  throw new Error("expected createWorkspace to refuse the store");
}

describe("the store option", () => {
  it("names a store that was not awaited", () => {
    expect(refusal(Promise.resolve(memoryStore()))).toMatch(/store is a promise: await/);
  });

  it("names what a store lacks", () => {
    const { append: _append, ...rest } = memoryStore();
    expect(refusal(rest)).toBe("store lacks append");
    expect(refusal({ ...memoryStore(), capabilities: undefined })).toBe("store lacks capabilities");
    expect(refusal(null)).toBe("store must be a store object");
  });

  it("takes a store whose methods are inherited, as a class's are", async () => {
    const inner = memoryStore();
    class Wrapped {
      readonly capabilities = inner.capabilities;
    }
    for (const [name, method] of Object.entries(inner)) {
      if (typeof method === "function") {
        Object.defineProperty(Wrapped.prototype, name, { value: method.bind(inner) });
      }
    }
    const ws = createWorkspace({ registry: fixtureRegistry(), store: new Wrapped() as Store });
    const created = await ws.commit(
      { type: "create_thread", thread_id: "t1" },
      {
        kind: "user",
        id: "alice",
      },
    );
    expect(created.ok).toBe(true);
  });
});
