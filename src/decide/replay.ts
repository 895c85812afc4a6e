import { produce } from "immer";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent } from "../model/event.ts";
import { EMPTY_SNAPSHOT, pushLog, type WorkspaceSnapshot } from "../model/snapshot.ts";
import { type Effect, EVENT_EFFECTS } from "./event-effects.ts";

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
  return produce(from, (draft) => {
    for (const envelope of envelopes) {
      pushLog(draft, [envelope]);
      const { event } = envelope;
      if (!isKnownEvent(event)) continue;
      // The table is keyed by type, so the entry found takes exactly this event's type.
      (EVENT_EFFECTS[event.type] as Effect<typeof event.type>)(draft, event as never, envelope);
    }
  });
}
