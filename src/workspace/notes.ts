import { parseActor } from "../decide/parse.ts";
import { type Actor, participantKey } from "../model/actors.ts";
import type { Envelope } from "../model/envelope.ts";
import { WorkspaceError } from "../model/errors.ts";
import { NO_NEEDS, revisionKey } from "../model/state.ts";
import { changeNotes, notesNeeds, sliceHolds, toldOf } from "../notes/change-notes.ts";
import { notesAbout } from "../notes/notes-about.ts";
import { renderNotes } from "../notes/render.ts";
import type { NotesDelivery, NotesRequest } from "./api.ts";
import type { WorkspaceCore } from "./core.ts";
import { wholeNumber } from "./positions.ts";

/** What an agent's thread follows (`null`: everything; everyone but an agent follows all). */
export async function followedBy(
  { store, id }: WorkspaceCore,
  viewer: Actor,
): Promise<readonly string[] | null> {
  if (viewer.kind !== "agent") return null;
  const loaded = await store.load(id, { ...NO_NEEDS, threads: [viewer.thread_id] });
  const thread = loaded.threads.get(viewer.thread_id);
  return thread === null || thread === undefined || thread.focus.length === 0 ? null : thread.focus;
}

/** The viewer a request names, parsed. @throws WorkspaceError `invalid_argument` */
export function parsedViewer(core: WorkspaceCore, input: unknown): Actor {
  const viewer = parseActor(input, core.limits);
  if (!viewer.ok) {
    throw new WorkspaceError("invalid_argument", `notes: ${viewer.rejection.message}`);
  }
  return viewer.value;
}

/**
 * The notes of a slice of the log already read, for the artifacts `focus` names (`undefined`:
 * what the viewer follows): the versions its diffs need in one lookup (rather than whole
 * histories), rendered for a model's context. A slice with nothing of anyone else's has none:
 * nothing is loaded, diffed or rendered for it.
 */
export async function notesIn(
  core: WorkspaceCore,
  viewer: Actor,
  envelopes: readonly Envelope[],
  focus: readonly string[] | null | undefined,
): Promise<Omit<NotesDelivery, "cursor">> {
  if (sliceHolds(envelopes.map(toldOf), participantKey(viewer)) !== "others") {
    return { notes: [], text: "" };
  }
  const { store, id } = core;
  const followed = focus !== undefined ? focus : await followedBy(core, viewer);
  const wanted = notesNeeds(envelopes, { viewer, focus: followed });
  const { revisions } = await store.load(id, { ...NO_NEEDS, revisions: wanted });
  const notes = changeNotes(envelopes, {
    viewer,
    focus: followed,
    dataAt: (ref) => revisions.get(revisionKey(ref))?.data,
  });
  return { notes, text: renderNotes(notes) };
}

/**
 * The envelopes after `after` up to `head` that can hold notes for `viewer` following
 * `focus`: those about what it follows, read by the store's index of subjects (see
 * `notesAbout`); the whole stretch of the log when it follows everything.
 */
export async function notesSlice(
  { store, id }: WorkspaceCore,
  viewer: Actor,
  focus: readonly string[] | null,
  stretch: { readonly after: number; readonly head: number },
): Promise<Envelope[]> {
  const { after, head } = stretch;
  const about = notesAbout(viewer, focus);
  const read = await store.read(id, about === null ? { after } : { after, about });
  return read.filter((e) => e.seq <= head);
}

/**
 * What a viewer should hear of since its cursor: the log up to the head read first (of it,
 * what can hold notes for what the viewer follows), the versions its diffs need in one
 * lookup, rendered for a model's context.
 *
 * @throws WorkspaceError `invalid_argument` when the viewer is not an actor, or `after` is
 * not a whole number from 0.
 */
export async function readNotes(
  core: WorkspaceCore,
  request: NotesRequest,
): Promise<NotesDelivery> {
  const viewer = parsedViewer(core, request.viewer);
  const after = wholeNumber(request.after, "notes: after", 0);
  const cursor = await core.store.head(core.id);
  if (cursor <= after) return { notes: [], text: "", cursor };
  const focus = request.focus !== undefined ? request.focus : await followedBy(core, viewer);
  const envelopes = await notesSlice(core, viewer, focus, { after, head: cursor });
  return { ...(await notesIn(core, viewer, envelopes, focus)), cursor };
}
