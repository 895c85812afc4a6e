/** Jobs run one after another per key, and side by side across keys. */
interface Lanes {
  /** Runs `job` after the jobs already queued under `key`. */
  run<T>(key: string, job: () => Promise<T>): Promise<T>;
  /** Resolves once every lane is empty. */
  idle(): Promise<void>;
}

/** Lanes for jobs that must not overlap per key (resumes of one graph thread). */
export function lanes(): Lanes {
  const tails = new Map<string, Promise<void>>();
  const idle = async (): Promise<void> => {
    while (tails.size > 0) await Promise.all(tails.values());
  };
  return {
    run(key, job) {
      const done = (tails.get(key) ?? Promise.resolve()).then(job);
      const tail = done.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return done;
    },
    idle,
  };
}
