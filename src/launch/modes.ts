import type { ModeLadders, ResolvedModes } from "../model/modes.ts";
import { beyondCeiling, invalidState, validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { ThreadMode, ThreadModes } from "../model/threads.ts";

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

/**
 * The launched thread's write mode: the one asked for, else the caller's. `suggest` is
 * narrower than `edit`, so an agent kept to proposing cannot launch a thread that writes
 * directly: asking for `edit` from a suggest-mode thread is `forbidden`, like any broader mode.
 */
export function resolveWriteMode(
  requested: ThreadMode | null,
  caller: ThreadMode,
): Result<ThreadMode> {
  if (requested === null) return ok(caller);
  if (requested === "edit" && caller === "suggest") {
    return refuse(beyondCeiling("mode", requested, caller));
  }
  return ok(requested);
}
