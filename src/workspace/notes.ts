import { parseActor } from "../decide/parse.ts";
import { changeNotes, notesNeeds } from "../diffs/notes/change-notes.ts";
import { renderNotes } from "../diffs/notes/render.ts";
import { type Actor, participantKey } from "../model/actors.ts";
import { WorkspaceError } from "../model/errors.ts";
import { NO_NEEDS, revisionKey } from "../model/state.ts";
import type { NotesDelivery, NotesRequest } from "./api.ts";
import type { WorkspaceCore } from "./core.ts";

// An agent hears of what its thread follows; everyone else, and an unfocused thread, of all.
async function followedBy(
  { store, id }: WorkspaceCore,
  viewer: Actor,
): Promise<readonly string[] | null> {
  if (viewer.kind !== "agent") return null;
  const loaded = await store.load(id, { ...NO_NEEDS, threads: [viewer.thread_id] });
  const thread = loaded.threads.get(viewer.thread_id);
  return thread === null || thread === undefined || thread.focus.length === 0 ? null : thread.focus;
}

/**
 * What a viewer should hear of since its cursor: the log up to the head read first, the
 * versions its diffs need in one lookup, rendered for a model's context.
 *
 * @throws WorkspaceError `invalid_argument` when the viewer is not an actor.
 */
export async function readNotes(
  core: WorkspaceCore,
  request: NotesRequest,
): Promise<NotesDelivery> {
  const { store, id } = core;
  const viewer = parseActor(request.viewer, core.limits);
  if (!viewer.ok)
    throw new WorkspaceError("invalid_argument", `notes: ${viewer.rejection.message}`);
  const cursor = await store.head(id);
  const envelopes = (await store.read(id, { after: request.after ?? 0 })).filter(
    (e) => e.seq <= cursor,
  );
  const focus = request.focus !== undefined ? request.focus : await followedBy(core, viewer.value);
  const wanted = notesNeeds(envelopes, { viewer: viewer.value, focus });
  // One lookup for every version the diffs need, rather than whole histories.
  const { revisions } = await store.load(id, { ...NO_NEEDS, revisions: wanted });
  const notes = changeNotes(envelopes, {
    viewer: viewer.value,
    focus,
    dataAt: (ref) => revisions.get(revisionKey(ref))?.data,
  });
  return { notes, text: renderNotes(notes), cursor };
}

/**
 * The viewer's notes since its durable cursor, which then moves past them: each note reaches
 * it once, across calls, processes and restarts. Two readers at once never get the same notes
 * (the cursor moves by compare-and-swap; the one that lost reads again).
 *
 * @throws WorkspaceError `invalid_argument` when the viewer is not an actor; `contention` when
 * other readers moved the cursor `maxAttempts` times in a row.
 */
export async function nextNotes(
  core: WorkspaceCore,
  request: { readonly viewer: unknown },
): Promise<NotesDelivery> {
  const viewer = parseActor(request.viewer, core.limits);
  if (!viewer.ok) {
    throw new WorkspaceError("invalid_argument", `notes: ${viewer.rejection.message}`);
  }
  const key = participantKey(viewer.value);
  const { store, id } = core;
  for (let attempt = 0; attempt < core.maxAttempts; attempt++) {
    const from = await store.cursor(id, key);
    const delivery = await readNotes(core, { viewer: viewer.value, after: from });
    if (delivery.cursor <= from) return { ...delivery, cursor: from };
    if (await store.moveCursor(id, key, from, delivery.cursor)) return delivery;
  }
  throw new WorkspaceError("contention", `workspace ${id}: the notes cursor of ${key} kept moving`);
}
