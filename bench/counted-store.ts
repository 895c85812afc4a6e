import type { Store } from "../src/entries/index.ts";

/** The store with its appends counted: for appends per commit. */
export function countedAppends(store: Store): { store: Store; appends: () => number } {
  let appends = 0;
  const wrapped: Store = Object.create(store, {
    append: {
      value: (...args: Parameters<Store["append"]>) => {
        appends += 1;
        return store.append(...args);
      },
    },
  });
  return { store: wrapped, appends: () => appends };
}
