// `agent-workspace/schemas`: the wire format as zod schemas — what crosses a process or a
// language: commands, facts, events and their envelopes, outcomes, rejections, entities,
// notes. Field names are the original's (`snake_case`), so both implementations read the
// same cases, logs and frames. Parse outside input with these; the types are `z.infer`.

export { ActorSchema } from "../model/actors.ts";
export { RevisionSchema, VersionedSchema } from "../model/artifacts.ts";
export { CommandSchema } from "../model/command.ts";
export { JsonConflictSchema } from "../model/conflicts.ts";
export { DataDiffSchema } from "../model/data-diff.ts";
export { DecisionSchema, ScopeSchema } from "../model/decisions.ts";
export { EnvelopeSchema } from "../model/envelope.ts";
export { EventSchema, FactSchema, KnownEventSchema } from "../model/event.ts";
export { HunkSchema } from "../model/hunks.ts";
export { ModeLaddersSchema } from "../model/modes.ts";
export { NoteSchema } from "../model/notes.ts";
export { OfferAnswerSchema, OfferRefSchema, ThreadOfferSchema } from "../model/offers.ts";
export { OutcomeSchema } from "../model/outcome.ts";
export { PatchSchema } from "../model/patches.ts";
export { PlacementSchema } from "../model/placement.ts";
export { ProposalSchema } from "../model/proposals.ts";
export { RejectionSchema } from "../model/rejections.ts";
export { RunSchema } from "../model/runs.ts";
export { SideSnapshotSchema } from "../model/side-snapshot.ts";
export { ThreadSchema } from "../model/threads.ts";
