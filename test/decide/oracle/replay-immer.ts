// The test oracle: replay as it was before it dropped immer (one draft over the whole
// replay), kept verbatim so a property test can hold the draft-free replay to it.
import { enableMapSet, produce } from "immer";
import type { Revision } from "../../../src/model/artifacts.ts";
import type { Envelope } from "../../../src/model/envelope.ts";
import { type EventType, isKnownEvent } from "../../../src/model/event.ts";
import {
  EMPTY_SNAPSHOT,
  type SnapshotWrites,
  type WorkspaceSnapshot,
  withWrites,
} from "../../../src/model/snapshot.ts";
import { type Effect, EVENT_EFFECTS, type ReplayTables } from "./event-effects-immer.ts";

// Replay drafts plain maps and sets of entities.
enableMapSet();

// The snapshot's tables as plain maps, for immer to draft.
function tablesOf(snapshot: WorkspaceSnapshot): ReplayTables {
  return {
    artifacts: new Map(snapshot.artifacts),
    revisions: new Map<string, readonly Revision[]>(
      [...snapshot.revisions].map(([id, history]) => [id, history.slice()]),
    ),
    proposals: new Map(snapshot.proposals),
    threads: new Map(snapshot.threads),
    runs: new Map(snapshot.runs),
    messages: new Set(snapshot.messages),
  };
}

// What replay wrote: every entity that is not the one it started from, in the order the
// tables first held it, and the revisions and message ids added.
function changes(before: ReplayTables, after: ReplayTables): Omit<SnapshotWrites, "envelopes"> {
  const changed = <V>(from: ReadonlyMap<string, V>, to: ReadonlyMap<string, V>) =>
    [...to].filter(([id, value]) => from.get(id) !== value).map(([, value]) => value);
  return {
    artifacts: changed(before.artifacts, after.artifacts),
    revisions: [...after.revisions].flatMap(([id, history]) =>
      history.slice(before.revisions.get(id)?.length ?? 0),
    ),
    proposals: changed(before.proposals, after.proposals),
    threads: changed(before.threads, after.threads),
    runs: changed(before.runs, after.runs),
    messages: [...after.messages].filter((id) => !before.messages.has(id)),
  };
}

// The table is keyed by type, so the entry found takes exactly this event's type.
function effectOf<T extends EventType>(type: T): Effect<T> {
  return EVENT_EFFECTS[type];
}

/**
 * Rebuilds a workspace's state from its log alone, optionally continuing from a snapshot.
 * Entities follow from events alone: this is what the log means, independent of the entities
 * the rules wrote beside it (a property test holds the two to each other). Events of types
 * this implementation does not know are kept in the log and change nothing.
 *
 * @throws WorkspaceError `corrupt_record` when an event does not fit the state before it.
 */
export function replay(
  envelopes: Iterable<Envelope>,
  from: WorkspaceSnapshot = EMPTY_SNAPSHOT,
): WorkspaceSnapshot {
  const log = [...envelopes];
  const before = tablesOf(from);
  const after = produce(before, (draft) => {
    for (const envelope of log) {
      const { event } = envelope;
      if (!isKnownEvent(event)) continue;
      effectOf(event.type)(draft, event, envelope);
    }
  });
  return withWrites(from, { envelopes: log, ...changes(before, after) });
}
