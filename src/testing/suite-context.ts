import type { Store, StoreCapabilities } from "../stores/port.ts";
import type { StoreSuiteAdapter } from "./store-suite.ts";

/** What every group of the store suite shares: the adapter and fresh workspace ids. */
export interface SuiteContext<S extends Store> {
  readonly adapter: StoreSuiteAdapter<S>;
  /** What the adapter's stores declare they can do (read from a store the suite opened). */
  readonly capabilities: StoreCapabilities;
  /** A workspace id no other test of this run uses. */
  fresh(): string;
  /** A test body that gets a new store and closes it afterwards, whatever happens. */
  withStore(test: (store: S) => Promise<void>): () => Promise<void>;
}

/** The context of one adapter's run of the suite. */
export function suiteContext<S extends Store>(
  name: string,
  adapter: StoreSuiteAdapter<S>,
  capabilities: StoreCapabilities,
): SuiteContext<S> {
  let counter = 0;
  return {
    adapter,
    capabilities,
    // Unique across runs too, for adapters whose data outlives the run (a shared server).
    fresh: () => `ws_${name}_${++counter}_${Date.now().toString(36)}`,
    withStore: (test) => async () => {
      const store = await adapter.open();
      try {
        await test(store);
      } finally {
        await store.close();
      }
    },
  };
}
