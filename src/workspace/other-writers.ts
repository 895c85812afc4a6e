/** How many groups after a lost compare-and-swap take the workspace's lock before appending. */
const LOCKED_GROUPS = 32;

/**
 * What this instance has seen of other writers on its workspace (ADR 0055). An instance has
 * one writer, so a compare-and-swap it loses was lost to another instance, most often another
 * process. While that goes on, deciding from its own cache mostly decides at a head already
 * gone, and each lost append costs a decision and a round trip for nothing. So for a while
 * after a loss, every group is decided and appended holding the workspace's lock (where the
 * store has one), at the head read under it: the processes take turns, and each turn's group
 * holds what queued while it waited.
 */
export class OtherWriters {
  #groups = 0;

  /** Another writer moved the log first: lock the next groups. */
  seen(): void {
    this.#groups = LOCKED_GROUPS;
  }

  /** Whether the next group takes the lock first; counts it as taken. */
  lockNext(): boolean {
    if (this.#groups === 0) return false;
    this.#groups -= 1;
    return true;
  }
}
