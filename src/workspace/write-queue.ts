import type { WriteResult } from "./api.ts";
import type { Queued } from "./group-commit.ts";
import type { Writing } from "./group-decide.ts";

/** Commits a group of queued writes; returns those left for the next group, in order. */
type CommitGroup = (group: readonly Queued[]) => Promise<readonly Queued[]>;

/** How many queued writes one group commit takes at most. */
const GROUP_LIMIT = 64;

/**
 * The one writer of a workspace instance (ADR 0055): writes queue here in the order they are
 * made, and a single drain loop takes up to `limit` of them at a time and commits them as
 * one group, so that this instance's writers never race each other for the log's head. The
 * loop runs only while something is queued; a write made while a group commits waits for the
 * next group, which is how writes made together come to share an append.
 */
export class WriteQueue {
  readonly #waiting: Queued[] = [];
  #draining = false;
  readonly #limit: number;
  readonly #commit: CommitGroup;

  /** `commit`: what commits each group (it answers or fails every write it does not return). */
  constructor(commit: CommitGroup, limit = GROUP_LIMIT) {
    this.#commit = commit;
    this.#limit = limit;
  }

  /** Queues a write; its answer once its group is committed. */
  submit(writing: Writing): Promise<WriteResult> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ writing, resolve, reject });
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    try {
      while (this.#waiting.length > 0) {
        const group = this.#waiting.splice(0, this.#limit);
        let left: readonly Queued[];
        try {
          left = await this.#commit(group);
        } catch (error) {
          // A commit that throws instead of failing its writes must not leave them waiting.
          for (const queued of group) queued.reject(error);
          continue;
        }
        this.#waiting.unshift(...left);
      }
    } finally {
      this.#draining = false;
    }
  }
}
