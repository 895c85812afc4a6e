import { needs } from "../decide/needs.ts";
import type { Actor } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import type { SideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import type { Registry } from "../model/registry.ts";
import { isSatisfied, type State } from "../model/state.ts";
import { PersistentMap } from "../persistent/persistent-map.ts";
import type { Store } from "../stores/port.ts";

// `into` with `loaded`'s entries added; a kind the round loaded nothing of is shared as is.
function joined<V>(into: ReadonlyMap<string, V>, loaded: ReadonlyMap<string, V>) {
  if (loaded.size === 0) return into;
  if (into.size === 0) return loaded;
  const map = new Map(into);
  for (const [id, value] of loaded) map.set(id, value);
  return map;
}

function mergeStates(into: State, loaded: State): State {
  return {
    artifacts: joined(into.artifacts, loaded.artifacts),
    proposals: joined(into.proposals, loaded.proposals),
    threads: joined(into.threads, loaded.threads),
    runs: joined(into.runs, loaded.runs),
    messages: joined(into.messages, loaded.messages),
    revisions: joined(into.revisions, loaded.revisions),
    pending: joined(into.pending, loaded.pending),
    rejected: joined(into.rejected, loaded.rejected),
    deciding: joined(into.deciding, loaded.deciding),
  };
}

/** Where a decision's state comes from: a workspace in its store, and its artifact types. */
interface LoadSource {
  readonly id: string;
  readonly store: Store;
  readonly registry: Registry;
}

/**
 * Loads what `needs` asks for, round after round, until it asks for nothing more; the first
 * round's load is the state itself, later ones are joined to it.
 */
export async function loadFor(
  source: LoadSource,
  item: Command | Fact,
  actor: Actor,
  side?: SideContext,
): Promise<State> {
  let state: State | undefined;
  for (;;) {
    const wanted = needs(item, state ?? NOTHING_LOADED, actor, source.registry, side);
    if (isSatisfied(wanted)) return state ?? NOTHING_LOADED;
    const loaded = await source.store.load(source.id, wanted);
    state = state === undefined ? loaded : mergeStates(state, loaded);
  }
}

// The state before the first round: immutable maps, since it may be handed to the rules.
const NOTHING = PersistentMap.empty<never>();
const NOTHING_LOADED: State = Object.freeze({
  artifacts: NOTHING,
  proposals: NOTHING,
  threads: NOTHING,
  runs: NOTHING,
  messages: NOTHING,
  revisions: NOTHING,
  pending: NOTHING,
  rejected: NOTHING,
  deciding: NOTHING,
});
