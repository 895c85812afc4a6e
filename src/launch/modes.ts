import { z } from "zod";
import { beyondCeiling, invalidState, validationFailed } from "../rejections/rejection.ts";
import { ok, type Result, refuse } from "../rejections/result.ts";
import type { ThreadModes } from "../threads/thread.ts";

/** One dimension's modes, narrowest first, and the mode of a thread that records none. */
export const ModeLadderSchema = z
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
/** One dimension's modes, narrowest first. */
export type ModeLadder = z.infer<typeof ModeLadderSchema>;

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

const DIMENSIONS = ["permission", "interaction"] as const;

/**
 * The modes a launched thread gets: each requested mode, or the caller's ceiling where none
 * was asked for. A mode broader than the ceiling is `forbidden`, naming the field, the mode
 * requested and the ceiling; a mode the host never declared is `validation_failed`.
 */
export function resolveModes(
  requested: { readonly permission: string | null; readonly interaction: string | null },
  caller: ThreadModes,
  ladders: ModeLadders,
): Result<ResolvedModes> {
  const resolved: Record<string, string> = {};
  for (const field of DIMENSIONS) {
    const ladder = ladders[field];
    const ceiling = caller[field] ?? ladder.default;
    const top = ladder.order.indexOf(ceiling);
    if (top < 0)
      return refuse(invalidState(`the caller's ${field} mode ${ceiling} is not declared`));
    const mode = requested[field];
    if (mode === null) {
      resolved[field] = ceiling;
      continue;
    }
    const rank = ladder.order.indexOf(mode);
    if (rank < 0) {
      return refuse(
        validationFailed("invalid command", [
          {
            type: "unknown_mode",
            loc: [field],
            msg: `${field} must be one of ${ladder.order.join(", ")}`,
            input: mode,
          },
        ]),
      );
    }
    if (rank > top) return refuse(beyondCeiling(field, mode, ceiling));
    resolved[field] = mode;
  }
  return ok({ permission: resolved.permission ?? "", interaction: resolved.interaction ?? "" });
}
