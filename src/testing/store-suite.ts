import type { AppendBatch, Store } from "../stores/port.ts";

/** How the shared suite gets stores of one adapter, typed as that adapter's own stores. */
export interface StoreSuiteAdapter<S extends Store = Store> {
  /** Opens a new, empty store (a fresh file, schema or namespace). */
  open(): Promise<S>;
  /**
   * Opens another store on the same place as `store`, as another process would. It is how
   * the suite checks what a store declares (`durable`, `crossProcess`): a store declaring
   * either without it fails those checks.
   */
  reopen?(store: S): Promise<S>;
  /**
   * Opens a store on the same place as `store` that throws inside its append transaction at
   * the `n`th row it writes (for adapters whose appends write several rows); `withFaults`
   * makes the adapter's options do so.
   */
  openFailingAt?(store: S, n: number): Promise<S>;
  /**
   * Opens a store on a new place that holds `records` of a workspace as the adapter's
   * previous schema version kept them (rows written as an older release wrote them), so that
   * opening migrates it: its lists must read the migrated rows as they would their own.
   */
  openMigrated?(workspaceId: string, records: AppendBatch): Promise<S>;
}

/**
 * The one suite every store adapter runs under Vitest: every port primitive, isolation
 * between workspaces, atomic appends, the change feed, and every conformance case through a
 * `Workspace` on the store. What the store declares in `capabilities` is checked through
 * `reopen` (durability, other processes' appends reaching watchers); what it does not
 * declare is skipped, each skipped test's name saying which declaration skipped it. An adapter's test
 * file is two lines: `await storeSuite("sqlite", { open: async () => sqliteStore({ path }) })`.
 *
 * It resolves once the tests are registered: await it at the top of the test file (or
 * return it from a `describe` callback). The tests load Vitest only then, so the rest of
 * `agent-workspace/testing` runs under plain Node without it.
 */
export async function storeSuite<S extends Store>(
  name: string,
  adapter: StoreSuiteAdapter<S>,
): Promise<void> {
  const { registerStoreSuite } = await import("./suite-tests.ts");
  // What the adapter's stores declare decides which tests run and which are skipped.
  const store = await adapter.open();
  const { capabilities } = store;
  await store.close();
  registerStoreSuite(name, adapter, capabilities);
}
