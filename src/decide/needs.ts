import type { Actor } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import type { Fact } from "../model/event.ts";
import type { Registry } from "../model/registry.ts";
import {
  type Needs,
  type PendingRef,
  pendingKey,
  type RejectedRef,
  type RevisionRef,
  rejectedKey,
  revisionKey,
  type State,
} from "../model/state.ts";
import { commandRow } from "./commands.ts";
import { FACTS, factRow } from "./facts.ts";
import { wanted } from "./wanted.ts";

// The ids wanted that `have` does not hold, each once, in the order first wanted.
function missing(
  ids: readonly (string | null | undefined)[],
  have: ReadonlyMap<string, unknown>,
): string[] {
  const found: string[] = [];
  const many = ids.length > 8 ? new Set<string>() : null;
  for (const id of ids) {
    if (typeof id !== "string" || have.has(id)) continue;
    if (many === null ? found.includes(id) : many.has(id)) continue;
    many?.add(id);
    found.push(id);
  }
  return found;
}

// The refs wanted that `have` does not hold under their key, each once, in the order first wanted.
function missingRefs<R>(
  refs: readonly R[],
  have: ReadonlyMap<string, unknown>,
  keyOf: (ref: R) => string,
): R[] {
  if (refs.length === 0) return [];
  const found: R[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = keyOf(ref);
    if (have.has(key) || seen.has(key)) continue;
    seen.add(key);
    found.push(ref);
  }
  return found;
}

// The fact types are the fact table's rows: a type is a fact exactly when it has one there.
const FACT_TYPES: ReadonlySet<string> = new Set(Object.keys(FACTS));

/** True when `item` is a fact (decided by `record`) rather than a command. */
export function isFact(item: Command | Fact): item is Fact {
  return FACT_TYPES.has(item.type);
}

/**
 * What the host must load before deciding `item`, minus what `state` already holds (what
 * its row's `needs` wants). Call it again after loading: some items need a second round (a
 * response needs its proposal first, then the artifact the proposal changes). Deciding is
 * possible when it asks for nothing. The registry says what a write's artifact type makes it
 * touch (a proposal of a superseding type, its thread's pending ones). From a side
 * conversation (`side`), its parent thread is needed too.
 */
export function needs(
  item: Command | Fact,
  state: State,
  actor: Actor,
  registry: Registry,
  side?: { readonly thread_id: string },
): Needs {
  const want = wanted();
  if (side !== undefined) want.threads.push(side.thread_id);
  if (isFact(item)) factRow(item.type).needs(want, item, actor, state, registry);
  else commandRow(item.type).needs(want, item, actor, state, registry);
  return {
    artifacts: missing(want.artifacts, state.artifacts),
    proposals: missing(want.proposals, state.proposals),
    threads: missing(want.threads, state.threads),
    runs: missing(want.runs, state.runs),
    messages: missing(want.messages, state.messages),
    pending: missingRefs<PendingRef>(want.pending, state.pending, pendingKey),
    rejected: missingRefs<RejectedRef>(want.rejected, state.rejected, rejectedKey),
    deciding: missing(want.deciding, state.deciding),
    revisions: missingRefs<RevisionRef>(want.revisions, state.revisions, revisionKey),
  };
}
