import { parseActor } from "../decide/parse.ts";
import { changeNotes, notesNeeds } from "../diffs/notes/change-notes.ts";
import { renderNotes } from "../diffs/notes/render.ts";
import type { Actor } from "../model/actors.ts";
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
