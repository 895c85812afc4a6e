/** Faults a test asks a store to inject, to prove what must hold when a write fails. */
export interface StoreFaults {
  /**
   * Throw inside the append transaction at its `n`th row (from 1): the rows before it are
   * written, then rolled back with the rest, so an append is seen whole or not at all.
   */
  readonly failAtRow?: number;
}

// Keyed by the options object a store is opened with, so the public option types carry no
// test-only field and options built without `withFaults` can never inject one.
const registry = new WeakMap<object, StoreFaults>();

/** Registers the faults a store opened with `options` injects; returns `options`. */
export function injectFaults<O extends object>(options: O, faults: StoreFaults): O {
  registry.set(options, faults);
  return options;
}

/** The faults registered for the options a store was opened with (none for most). */
export function faultsOf(options: object | undefined): StoreFaults {
  return (options === undefined ? undefined : registry.get(options)) ?? {};
}
