/** The command line of the corpus benchmarks: which corpus folder to read. */

import { resolve } from "node:path";
import { hasCorpus } from "./corpus.ts";

/** The corpus folder used when none is given: the shared one, beside this repository. */
export const DEFAULT_CORPUS = "../shared/merge-corpus";

/**
 * The corpus folder from a command's folder arguments (at most one), resolved. Without one,
 * the default, said on stderr. Exits with 2 and a message naming `usage` when there are two,
 * or when the folder has no corpus.
 */
export function corpusFolder(folders: readonly string[], usage: string): string {
  if (folders.length > 1) {
    console.error(`one corpus folder at most, got ${folders.length}: ${folders.join(", ")}`);
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const given = folders[0];
  const dir = resolve(given ?? DEFAULT_CORPUS);
  if (given === undefined) console.error(`no corpus folder given: using ${DEFAULT_CORPUS}`);
  if (!hasCorpus(dir)) {
    console.error(`no corpus at ${dir} (expected ${dir}/cases/*)`);
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return dir;
}
