// `agent-workspace/rules`: the pure rules, for a host that runs its own loop or another
// language's runner — what to load (`needs`), how to decide (`commit`, `record`, `decide`),
// how to parse outside input, what a log means (`replay`), and the notes an agent hears.
// No clock, randomness or I/O: everything is passed in.

export { commit, record } from "../decide/commit.ts";
export { decide } from "../decide/decide.ts";
export { isFact, needs } from "../decide/needs.ts";
export { parseActor, parseCommand, parseFact } from "../decide/parse.ts";
export { replay } from "../decide/replay.ts";
export { resolveModes } from "../launch/modes.ts";
export type { About } from "../model/about.ts";
export { artifactsOf, subjectKeys, subjectsOf } from "../model/about.ts";
export type { Command } from "../model/command.ts";
export type { CommitResult } from "../model/commit-result.ts";
export type { DecideContext, SideContext } from "../model/context.ts";
export type { Fact, KnownEvent } from "../model/event.ts";
export { isKnownEvent, scopeOf, WORKSPACE_SCOPED } from "../model/event.ts";
export type { ResolvedModes } from "../model/modes.ts";
export type { Ok, Refused, Result } from "../model/result.ts";
export type { Needs, PendingRef, RejectedRef, RevisionRef, State } from "../model/state.ts";
export { emptyState, pendingKey, rejectedKey } from "../model/state.ts";
export type { NotesOptions } from "../notes/change-notes.ts";
export { changeNotes, notesNeeds } from "../notes/change-notes.ts";
export { renderNote, renderNotes } from "../notes/render.ts";
export { previewAccept } from "../proposals/preview.ts";
export { snapshotThread } from "../sides/snapshot.ts";
