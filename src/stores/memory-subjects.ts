import { type About, subjectKeys, subjectsOf } from "../model/about.ts";
import type { Envelope } from "../model/envelope.ts";
import type { WorkspaceSnapshot } from "../model/snapshot.ts";
import { PersistentMap } from "../persistent/persistent-map.ts";
import { PersistentVector } from "../persistent/persistent-vector.ts";

/** The log's positions filed under each subject key (`subjectsOf`), each list ascending. */
export type Subjects = PersistentMap<PersistentVector<number>>;

/** No envelope filed under any subject. */
export const NO_SUBJECTS: Subjects = PersistentMap.empty<PersistentVector<number>>();

/** The index after appending `envelopes` (in log order): each seq pushed under its subjects. */
export function withSubjects(index: Subjects, envelopes: readonly Envelope[]): Subjects {
  let next = index;
  for (const { seq, event } of envelopes) {
    for (const key of subjectsOf(event)) {
      next = next.set(key, (next.get(key) ?? PersistentVector.empty<number>()).push(seq));
    }
  }
  return next;
}

// The first index of an ascending list whose position is past `after` (binary search).
function firstPast(list: PersistentVector<number>, after: number): number {
  let [low, high] = [0, list.size];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((list.get(mid) as number) > after) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The envelopes about `about`'s subjects after `after`, in log order, at most `limit`: each
 * subject's list from past `after`, merged. The cost is what those lists hold past `after`.
 */
export function readAbout(
  snapshot: WorkspaceSnapshot,
  index: Subjects,
  options: { readonly after: number; readonly about: About; readonly limit?: number | undefined },
): Envelope[] {
  const seqs = new Set<number>();
  for (const key of subjectKeys(options.about)) {
    const list = index.get(key);
    if (list === undefined) continue;
    for (let i = firstPast(list, options.after); i < list.size; i++) {
      seqs.add(list.get(i) as number);
    }
  }
  const most = Math.max(0, options.limit ?? Number.POSITIVE_INFINITY);
  const ordered = [...seqs].sort((a, b) => a - b).slice(0, most);
  return ordered.map((seq) => snapshot.log.get(seq - 1) as Envelope);
}
