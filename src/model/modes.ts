import { z } from "zod";

/** One dimension's modes, narrowest first, and the mode of a thread that records none. */
const ModeLadderSchema = z
  .strictObject({
    order: z
      .array(z.string().min(1))
      .min(1)
      .refine((modes) => new Set(modes).size === modes.length, { message: "modes must be unique" }),
    default: z.string().min(1),
  })
  .refine((ladder) => ladder.order.includes(ladder.default), {
    message: "the default must be one of the modes",
    path: ["default"],
  });

/** The host's declared modes, per dimension: what an agent may run with, and may grant. */
export const ModeLaddersSchema = z.strictObject({
  permission: ModeLadderSchema,
  interaction: ModeLadderSchema,
});
/** The host's declared modes, per dimension. */
export type ModeLadders = z.infer<typeof ModeLaddersSchema>;

/** The ladders a host gets when it declares none. */
export const DEFAULT_MODE_LADDERS: ModeLadders = {
  permission: { order: ["read_only", "ask", "edits", "full_access"], default: "ask" },
  interaction: { order: ["plan", "build"], default: "build" },
};

/** Concrete modes, one per dimension. */
export interface ResolvedModes {
  readonly permission: string;
  readonly interaction: string;
}
