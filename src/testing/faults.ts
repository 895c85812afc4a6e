import { injectFaults, type StoreFaults } from "../stores/faults.ts";

/**
 * A copy of a store adapter's options that makes the store opened with it inject `faults`,
 * for tests only: `sqliteStore(withFaults({ path }, { failAtRow: 3 }))`, or
 * `postgresStore(connection, withFaults({ schema }, { failAtRow: 3 }))`. The faults follow
 * this very object: spreading it into a new one leaves them behind.
 */
export function withFaults<O extends object>(options: O, faults: StoreFaults): O {
  return injectFaults({ ...options }, faults);
}
