import { z } from "zod";
import { PlacementSchema } from "../checkout/placement.ts";
import { DecisionSlotSchema, EMPTY_SLOT } from "../decisions/decision.ts";
import { OfferAnswerSchema, OfferRefSchema } from "../offers/offer.ts";
import { ThreadModeSchema } from "./commands.ts";

/** The modes a thread runs in, per dimension the host declares; `null` is the host's default. */
export const ThreadModesSchema = z.object({
  permission: z.string().nullable().default(null),
  interaction: z.string().nullable().default(null),
});
/** The modes a thread runs in. */
export type ThreadModes = z.infer<typeof ThreadModesSchema>;

/** How a launched thread came to be: who launched it, and where it works. */
export const LaunchRecordSchema = z.object({
  source_thread_id: z.string(),
  placement: PlacementSchema,
});
/** How a launched thread came to be. */
export type LaunchRecord = z.infer<typeof LaunchRecordSchema>;

/**
 * A conversation between people and its agent, with its mode and the artifacts it follows.
 * Fields after `focus` are ours; every one defaults, so the original's threads still parse.
 */
export const ThreadSchema = z.object({
  id: z.string(),
  title: z.string().default(""),
  mode: ThreadModeSchema.default("edit"),
  focus: z.array(z.string()).default([]),
  /**
   * `ended` and `deleted` threads take no new work; their side conversation and decision are
   * gone. A deleted thread's record stays, so what pointed at it (an offer's answer) can say
   * it is gone.
   */
  status: z.enum(["open", "ended", "deleted"]).default("open"),
  /** The offer this thread was started from. */
  proposed_by: OfferRefSchema.nullable().default(null),
  /** The answers to the offers this thread's agent made, by offer id (last write wins). */
  offers: z.record(z.string(), OfferAnswerSchema).default({}),
  /** Text parked in the composer (a prompt whose start was declined). */
  draft: z.string().nullable().default(null),
  modes: ThreadModesSchema.default({ permission: null, interaction: null }),
  /** The model its agent runs on; `null` is the host's default. */
  model: z.string().nullable().default(null),
  launch: LaunchRecordSchema.nullable().default(null),
  /** Durable permission grants ("always allow …"), never made from a side conversation. */
  grants: z.array(z.string()).default([]),
  /** The side conversation open on this thread (one at most; its turns are never stored). */
  side: z.string().nullable().default(null),
  /** The blocking decision pending in this thread, and how earlier ones ended. */
  decision: DecisionSlotSchema.default({ pending: null, closed: {} }),
});
/** A conversation between people and its agent. */
export type Thread = z.infer<typeof ThreadSchema>;

/** A new thread's fields, with every field of ours at its default. */
export function newThread(id: string, title: string): Thread {
  return {
    id,
    title,
    mode: "edit",
    focus: [],
    status: "open",
    proposed_by: null,
    offers: {},
    draft: null,
    modes: { permission: null, interaction: null },
    model: null,
    launch: null,
    grants: [],
    side: null,
    decision: EMPTY_SLOT,
  };
}
