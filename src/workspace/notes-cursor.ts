import { type Actor, participantKey } from "../model/actors.ts";
import type { Envelope } from "../model/envelope.ts";
import { WorkspaceError } from "../model/errors.ts";
import { sliceHolds, type Told, toldOf } from "../notes/change-notes.ts";
import type { NotesDelivery, WriteResult } from "./api.ts";
import type { WorkspaceCore } from "./core.ts";
import { followedBy, notesIn, notesSlice, parsedViewer } from "./notes.ts";

/** A workspace instance's side of its viewers' durable notes cursors. */
interface NotesCursor {
  /**
   * Keeps what notes turn on in the envelopes a write of this instance appended (they are in
   * the log at those seqs for good), so its notes need not read them back; hands the result
   * back.
   */
  remember(result: WriteResult): WriteResult;
  /**
   * The viewer's notes since its durable cursor, which then moves past them: each note
   * reaches it once, across calls, processes and restarts. Two readers at once never get the
   * same notes (the cursor moves by compare-and-swap; the one that lost reads again).
   *
   * @throws WorkspaceError `invalid_argument` when the viewer is not an actor; `contention`
   * when other readers moved the cursor `maxAttempts` times in a row.
   */
  next(request: { readonly viewer: unknown }): Promise<NotesDelivery>;
}

/** A viewer as given: its fields then, what they parsed to, and its participant key. */
interface Seen {
  readonly fields: readonly (readonly [string, unknown])[];
  readonly actor: Actor;
  readonly key: string;
}

// How many of its latest appends an instance keeps; how long a quiet stretch may grow before
// the cursor moves over it anyway (what a new process, which has not read it, reads again).
const KEPT_APPENDS = 256;
const QUIET_SPAN = 256;

// Whether a viewer object still has exactly the fields it had (all primitives), in order.
function unchanged(input: object, { fields }: Seen): boolean {
  if (Object.getPrototypeOf(input) !== Object.prototype) return false;
  let i = 0;
  for (const key in input) {
    const field = fields[i++];
    if (field?.[0] !== key || field[1] !== (input as Record<string, unknown>)[key]) return false;
  }
  return i === fields.length;
}

// A plain object's fields, when every one is a primitive: what `unchanged` compares.
function primitiveFields(input: object): Seen["fields"] | null {
  if (Object.getPrototypeOf(input) !== Object.prototype) return null;
  const fields = Object.entries(input);
  for (const [, value] of fields) {
    if (value !== null && (typeof value === "object" || typeof value === "function")) return null;
  }
  return fields;
}

/**
 * The notes cursors as one workspace instance serves them. The stored cursor moves when what
 * it passes tells something: notes, or the viewer's own answers, which shape what events read
 * with them tell. Over a stretch that holds nothing for the viewer it stays, and the instance
 * remembers the stretch instead (moving it would change neither what the next read tells nor
 * what it costs); with the instance's own appends known as written, a call after the viewer's
 * own commit reads the head and nothing else, and writes nothing.
 */
export function notesCursor(core: WorkspaceCore): NotesCursor {
  const { store, id } = core;
  const appended = new Map<number, Told>();
  // Per viewer key: its stored cursor when last read, and how far past it the log holds
  // nothing for it (a remembered cursor may be stale: the compare-and-swap then fails).
  const quiet = new Map<string, { readonly cursor: number; readonly to: number }>();
  const viewers = new WeakMap<object, Seen>();

  // A viewer parsed once per object while its fields stay the same: a tool set asks with
  // one actor on every call, and parsing it was most of what a call with nothing new cost.
  const viewerOf = (input: unknown): Seen => {
    if (typeof input === "object" && input !== null) {
      const seen = viewers.get(input);
      if (seen !== undefined && unchanged(input, seen)) return seen;
    }
    const actor = parsedViewer(core, input);
    const seen = { fields: [], actor, key: participantKey(actor) };
    const fields = typeof input === "object" && input !== null ? primitiveFields(input) : null;
    if (fields !== null) viewers.set(input as object, { ...seen, fields });
    return seen;
  };

  // How far past `heard` this instance's own appends hold nothing for the viewer.
  const pastOwn = (heard: number, key: string): number => {
    let at = heard;
    for (let next = appended.get(at + 1); next !== undefined; next = appended.get(at + 1)) {
      if (sliceHolds([next], key) !== "none") break;
      at++;
    }
    return at;
  };

  const holdsNothing = (envelopes: readonly Envelope[], key: string) =>
    envelopes.length === 0 || sliceHolds(envelopes.map(toldOf), key) === "none";

  return {
    remember(result) {
      if (!result.ok) return result;
      for (const envelope of result.envelopes) appended.set(envelope.seq, toldOf(envelope));
      for (const seq of appended.keys()) {
        if (appended.size <= KEPT_APPENDS) break;
        appended.delete(seq);
      }
      return result;
    },
    async next(request) {
      const { actor, key } = viewerOf(request.viewer);
      for (let attempt = 0; attempt < core.maxAttempts; attempt++) {
        const known = quiet.get(key);
        quiet.delete(key);
        const from = known?.cursor ?? (await store.cursor(id, key));
        const heard = pastOwn(known?.to ?? from, key);
        const head = await store.head(id);
        // Of the stretch up to the head, what can hold notes for what the viewer follows.
        const focus = head > heard ? await followedBy(core, actor) : null;
        const envelopes =
          head > heard ? await notesSlice(core, actor, focus, { after: heard, head }) : [];
        const to = Math.max(head, heard);
        if (holdsNothing(envelopes, key) && to - from < QUIET_SPAN) {
          quiet.set(key, { cursor: from, to });
          return { notes: [], text: "", cursor: to };
        }
        // The log up to `heard` holds nothing for the viewer: the rest's notes are all's.
        const told = await notesIn(core, actor, envelopes, focus);
        if (await store.moveCursor(id, key, from, to)) {
          quiet.set(key, { cursor: to, to });
          return { ...told, cursor: to };
        }
      }
      throw new WorkspaceError(
        "contention",
        `workspace ${id}: the notes cursor of ${key} kept moving`,
      );
    },
  };
}
