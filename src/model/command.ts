import { z } from "zod";
import { originalUnion } from "../parity/meta.ts";
import {
  ArchiveArtifactSchema,
  CreateArtifactSchema,
  EditArtifactSchema,
  RevertRevisionSchema,
} from "./artifacts.ts";
import { AnswerDecisionSchema, RequestDecisionSchema, RetireDecisionSchema } from "./decisions.ts";
import { GiveFeedbackSchema } from "./feedback.ts";
import type { IdPrefix, IdSource } from "./ids.ts";
import { isJsonObject } from "./json.ts";
import { LaunchThreadSchema } from "./launch.ts";
import { AnswerOfferSchema, MakeOfferSchema, ReleaseOfferSchema } from "./offers.ts";
import {
  CommentOnProposalSchema,
  ExpireProposalSchema,
  ProposeChangeSchema,
  RequestChangesSchema,
  RespondToProposalSchema,
  RespondToProposalsSchema,
} from "./proposals.ts";
import { AnswerDeferredSchema } from "./runs.ts";
import { CloseSideSchema, OpenSideSchema } from "./sides.ts";
import {
  CreateThreadSchema,
  DeleteThreadSchema,
  EndThreadSchema,
  GrantPermissionSchema,
  PostMessageSchema,
  SaveDraftSchema,
  SetFocusSchema,
  SetThreadModeSchema,
} from "./threads.ts";

/** Every command, discriminated by `type`. Commands carry the ids of what they create. */
export const CommandSchema = originalUnion(
  z.discriminatedUnion("type", [
    CreateArtifactSchema,
    EditArtifactSchema,
    ArchiveArtifactSchema,
    ProposeChangeSchema,
    RespondToProposalSchema,
    RespondToProposalsSchema,
    RevertRevisionSchema,
    ExpireProposalSchema,
    CommentOnProposalSchema,
    RequestChangesSchema,
    CreateThreadSchema,
    PostMessageSchema,
    SetFocusSchema,
    SetThreadModeSchema,
    AnswerDeferredSchema,
    GiveFeedbackSchema,
    SaveDraftSchema,
    EndThreadSchema,
    DeleteThreadSchema,
    GrantPermissionSchema,
    MakeOfferSchema,
    AnswerOfferSchema,
    ReleaseOfferSchema,
    LaunchThreadSchema,
    RequestDecisionSchema,
    AnswerDecisionSchema,
    RetireDecisionSchema,
    OpenSideSchema,
    CloseSideSchema,
  ]),
);
/** A command, parsed: defaults filled, ids present. */
export type Command = z.infer<typeof CommandSchema>;
/** The `type` codes of commands. */
type CommandType = Command["type"];

// The ids each command creates, generated at the edge when the caller leaves them out.
const GENERATED_IDS = {
  create_artifact: [
    ["artifact_id", "art"],
    ["proposal_id", "prp"],
  ],
  edit_artifact: [["proposal_id", "prp"]],
  archive_artifact: [["proposal_id", "prp"]],
  propose_change: [["proposal_id", "prp"]],
  comment_on_proposal: [["comment_id", "cmt"]],
  request_changes: [["comment_id", "cmt"]],
  create_thread: [["thread_id", "thr"]],
  post_message: [["message_id", "msg"]],
  launch_thread: [
    ["thread_id", "thr"],
    ["message_id", "msg"],
  ],
  open_side: [["side_id", "side"]],
} as const satisfies Partial<Record<CommandType, readonly (readonly [string, IdPrefix])[]>>;

type Generated = typeof GENERATED_IDS;
type Loosen<C> = C extends { type: infer T extends keyof Generated }
  ? Omit<C, Generated[T][number][0]> & Partial<Pick<C, Generated[T][number][0] & keyof C>>
  : C;
type LoosenChange<C> = C extends { type: "propose_change"; change: infer Inner }
  ? Omit<Loosen<C>, "change"> & { change: Loosen<Inner> }
  : Loosen<C>;

/** A command as a host or a model may write it: defaults and generated ids may be left out. */
export type CommandInput = LoosenChange<z.input<typeof CommandSchema>>;

/** The fields of a command of this `type` that the edge fills in when left out (its new ids). */
export function generatedIdFields(type: string): readonly string[] {
  if (!Object.hasOwn(GENERATED_IDS, type)) return [];
  return GENERATED_IDS[type as keyof Generated].map(([field]) => field);
}

/**
 * Fills in the ids a command creates, where the caller left them out, from the injected id
 * source. Runs on raw input before parsing; anything that is not a known command passes
 * through unchanged for the parser to refuse.
 */
export function fillIds(input: unknown, newId: IdSource): unknown {
  if (!isJsonObject(input) || typeof input.type !== "string") return input;
  // Own keys only: a type named `constructor` or `__proto__` has no generated ids.
  const fields: readonly (readonly [string, IdPrefix])[] | undefined = Object.hasOwn(
    GENERATED_IDS,
    input.type,
  )
    ? GENERATED_IDS[input.type as keyof Generated]
    : undefined;
  if (fields === undefined) return input;
  const filled: Record<string, unknown> = { ...input };
  for (const [field, prefix] of fields) {
    if (filled[field] === undefined) filled[field] = newId(prefix);
  }
  if (input.type === "propose_change") filled.change = fillIds(input.change, newId);
  return filled;
}
