import { it } from "vitest";
import type { Store, StoreCapabilities } from "../stores/port.ts";
import type { SuiteContext } from "./suite-context.ts";

/**
 * Registers a test of what a store declares it can do (`durable`, `crossProcess`), run on a
 * store opened again on the same place. A store that declares the capability `false` has the
 * test skipped, its name saying why, so the report shows what was not checked; one that
 * declares it `true` without an adapter `reopen` fails, since what it claims cannot be shown.
 */
export function declaredTest<S extends Store>(
  { adapter, capabilities }: SuiteContext<S>,
  capability: keyof StoreCapabilities,
  name: string,
  test: (reopen: (store: S) => Promise<S>) => Promise<void>,
): void {
  if (!capabilities[capability]) {
    it.skip(`${name} (skipped: the store declares ${capability}: false)`, () => {});
    return;
  }
  const reopen = adapter.reopen?.bind(adapter);
  if (reopen === undefined) {
    it(name, () => {
      throw new Error(
        `the store declares ${capability}: true, but the adapter gives no reopen to check it`,
      );
    });
    return;
  }
  it(name, () => test(reopen));
}
